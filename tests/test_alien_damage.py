"""Alien damage: Broken, critical injuries, death rolls, first aid, rally (seed 003)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError

TABLE = """
[[critical_injuries]]
roll = [11, 12, 13]
name = "Winded"
effect = "catch your breath"

[[critical_injuries]]
roll = 34
name = "Cracked ribs"
effect = "-1 to Mobility"

[[critical_injuries]]
roll = 55
name = "Bleeding gut"
effect = "internal bleeding"
lethal = "stretch"

[[critical_systems]]
roll = 3
name = "Damaged arm servo"

[[critical_systems]]
roll = 6
name = "System shutdown"
"""


@pytest.fixture
def tables(tmp_path: Path) -> Path:
    path = tmp_path / "alien-evolved.toml"
    path.write_text(TABLE, encoding="utf-8")
    return path


def test_zero_health_breaks_and_rolls_a_critical_injury(tables: Path) -> None:
    # seed 003, "Broken": at zero Health you are broken; immediately roll a critical injury
    table = Table(tables=tables)
    lines = table.do("dmg ripley 6", [3, 4])
    ripley = table.who("ripley")
    assert ripley.track("health") == 0
    assert ripley.condition("Broken") and ripley.status == "down"
    assert [(i.score, i.name) for i in ripley.injuries] == [(34, "Cracked ribs")]
    assert any("d66 → 34" in line for line in lines)


def test_duplicate_critical_of_fourteen_or_more_is_rolled_again(tables: Path) -> None:
    # seed 003, "Critical Injuries": a critical injury you already have (#14 and above):
    # re-roll
    table = Table(tables=tables)
    table.do("dmg ripley 4", [3, 4])
    lines = table.do("dmg ripley 1", [3, 4, 5, 5])
    assert [i.score for i in table.who("ripley").injuries] == [34, 55]
    assert any("already has critical 34" in line for line in lines)


def test_duplicate_below_fourteen_stands(tables: Path) -> None:
    # seed 003 l.153: re-roll a critical injury "you already have (result #14 and above)" —
    # a duplicate 11-13 stands.
    table = Table(tables=tables)
    table.do("dmg ripley 4", [1, 2])
    table.do("dmg ripley 1", [1, 2])
    assert [i.score for i in table.who("ripley").injuries] == [12, 12]


def test_entering_a_duplicate_by_hand_is_refused() -> None:
    # seed 003 l.153: "roll a D66" (37 is no D66 result); a critical you already have
    # (#14 and above) is re-rolled, so typing it twice is refused.
    table = Table()
    table.do("crit ripley 34 Cracked ribs")
    with pytest.raises(RuleError, match="rolled again"):
        table.do("crit ripley 34 Cracked ribs")
    with pytest.raises(RuleError, match="D66"):
        table.do("crit ripley 37 Nothing")


def test_without_a_table_the_gm_enters_the_critical() -> None:
    # seed 003: the critical-injury table is a picture: the GM enters the result
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    assert table.reminders() == [("ripley", "critical-45")]
    table.do("crit ripley 45 Gut wound effect=bleeding lethal=shift")
    ripley = table.who("ripley")
    assert ripley.injuries[0].name == "Gut wound" and ripley.injuries[0].lethal
    assert ripley.condition("Dying")
    assert table.reminders() == []


def test_further_damage_while_broken_gives_another_critical(tables: Path) -> None:
    # seed 003: "any further damage gives you another critical injury"
    table = Table(tables=tables)
    table.do("dmg hicks 5", [1, 1])
    table.do("dmg hicks 2", [1, 3])
    assert len(table.who("hicks").injuries) == 2
    assert table.who("hicks").track("health") == 0


def test_round_timer_calls_a_death_roll_right_after_acting() -> None:
    # seed 003, "Death": if the time limit is round, death roll every turn right after
    # you act
    table = Table()
    table.start()
    table.do("next")  # Ripley's turn
    table.do("dmg ripley 4", [2, 2])
    table.do("crit ripley 22 Torn artery lethal=round")
    assert ("ripley", "deathroll") not in table.reminders()
    table.do("next")
    assert ("ripley", "deathroll") in table.reminders()


def test_failed_death_roll_kills() -> None:
    # seed 003 l.157: "If you fail a death roll, you die."
    table = Table()
    table.do("crit ripley 22 Torn artery lethal=round")
    table.do("deathroll ripley", [1, 5, 3])  # Stamina 3: no six
    assert table.who("ripley").status == "dead"


def test_three_death_rolls_survived_alone_end_the_rolling() -> None:
    # seed 003: "If you succeed at three death rolls on your own, you survive"
    table = Table()
    table.do("crit ripley 22 Torn artery lethal=round")
    table.do("deathroll ripley", [6, 1, 1])
    table.do("deathroll ripley pass")
    assert table.who("ripley").condition("Dying")
    lines = table.do("deathroll ripley", [1, 1, 6])
    assert not table.who("ripley").condition("Dying")
    assert table.who("ripley").status != "dead"
    assert any("survives" in line for line in lines)


def test_failed_first_aid_shortens_the_timer_and_at_round_kills() -> None:
    # seed 003, "First Aid": if the roll fails the time limit is decreased one step
    # (shift -> stretch -> round); if it was already round, you perish
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=stretch")
    lines = table.do("firstaid ripley fail by=hicks")
    assert lines[-1].endswith("the death roll now comes right after each of Ripley's turns")
    assert table.who("ripley").status == "down"
    table.do("firstaid ripley 0")
    assert table.who("ripley").status == "dead"


def test_first_aid_stabilises_and_gets_the_broken_up() -> None:
    # seed 003: on a success you are no longer broken and recover Health; lethal:
    # stabilised
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=stretch")
    table.do("firstaid ripley by=bishop roll=4", [6, 6, 2, 1])
    ripley = table.who("ripley")
    assert ripley.track("health") == 2
    assert ripley.status == "active" and not ripley.condition("Broken")
    assert not ripley.condition("Dying")
    assert ripley.injuries  # the injury's other effects remain


def test_broken_cannot_give_themselves_first_aid() -> None:
    # seed 003 l.160: first aid on yourself only "if have critical injury but are no
    # longer broken".
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    with pytest.raises(RuleError, match="Broken"):
        table.do("firstaid ripley 1 by=ripley")


def test_rally_gets_up_but_does_not_stabilise() -> None:
    # seed 003, "Rally": no longer broken; rallying has no effect on critical injuries
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=stretch")
    table.do("rally ripley 1 by=hicks")
    ripley = table.who("ripley")
    assert ripley.track("health") == 1 and not ripley.condition("Broken")
    assert ripley.condition("Dying")


def test_a_stretch_gets_the_broken_up_and_calls_stretch_death_rolls() -> None:
    # seed 003: "you automatically get back up after one stretch of time and recover 1
    # point of Health"
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=stretch")
    table.do("stretch")
    assert table.who("ripley").track("health") == 1
    assert ("ripley", "deathroll") in table.reminders()
    assert table.state.tracks["stretch"] == 1


def test_a_shift_calls_shift_death_rolls() -> None:
    # seed 003 l.155: "you must make a death roll after the listed time limit has passed" —
    # a shift's limit is not a stretch's.
    table = Table()
    table.do("crit hicks 51 Crushed leg lethal=shift")
    table.do("stretch")
    assert ("hicks", "deathroll") not in table.reminders()
    table.do("shift")
    assert ("hicks", "deathroll") in table.reminders()


def test_synthetic_at_zero_health_keeps_operating_until_shutdown(tables: Path) -> None:
    # seed 003, "Synthetics": no critical injury but critical systems damage; it
    # continues to operate until a system shutdown (#6)
    table = Table(tables=tables)
    table.do("dmg bishop 6", [3])
    bishop = table.who("bishop")
    assert not bishop.condition("Broken") and bishop.status == "active"
    assert bishop.injuries[0].location == "systems"
    table.do("dmg bishop 1", [6])
    bishop = table.who("bishop")
    assert bishop.condition("Shut down") and bishop.status == "down"
    assert table.rules.player_summary(bishop) == "shut down"


def test_a_stretch_calls_the_death_roll_of_a_round_timer_too() -> None:
    # seed 003 l.155: on a round timer, a death roll every turn; a stretch is many rounds
    # (issue 13: a stretch got such a character up and asked for no death roll)
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=round")
    assert ("ripley", "deathroll") not in table.reminders()
    table.do("stretch")
    assert ("ripley", "deathroll") in table.reminders()
    table.do("dismiss ripley")
    table.do("shift")
    assert ("ripley", "deathroll") in table.reminders()


def test_the_encounter_may_keep_the_dying_down_through_a_stretch() -> None:
    # seed 003 l.149 ("On Your Own": the Broken, but not dead, get up after a stretch)
    # against l.155 (a round timer rolls death every turn; a stretch is many turns):
    # the reading is the encounter's (docs/rulesets/alien-evolved.md)
    gets_up, stays_down = Table(), Table(options={"dying_on_a_stretch": "stays-down"})
    for table in (gets_up, stays_down):
        table.do("dmg ripley 4", [4, 5])
        table.do("crit ripley 45 Gut wound lethal=round")
        table.do("stretch")
        assert ("ripley", "deathroll") in table.reminders()
    assert gets_up.who("ripley").track("health") == 1
    assert stays_down.who("ripley").track("health") == 0
    assert stays_down.who("ripley").condition("Broken") is not None
    # a choice that is none of the reading's is refused when the file is read
    # (tests/test_readings.py)


def test_a_second_critical_before_the_first_is_entered_is_a_second_reminder() -> None:
    # issue 13: the second overwrote the first; seed 003 "Critical Injuries": a critical
    # you already have (#14 and above) is rolled again — one rolled and not yet entered too
    table = Table()
    table.do("dmg ripley 4", [4, 5])  # Broken: critical 45, no table to look it up in
    lines = table.do("dmg ripley 1", [4, 5, 3, 4])  # 45 again: rolled again, 34
    assert any("already has critical 45: rolled again" in line for line in lines)
    assert table.reminders() == [("ripley", "critical-45"), ("ripley", "critical-34")]
    table.do("crit ripley 45 Gut wound")
    assert table.reminders() == [("ripley", "critical-34")]


def _roll_again(table: Table, key: str) -> str:
    """The command line of "Roll again on the table" on the reminder ``key``."""
    reminder = next(r for r in table.state.reminders if r.key == key)
    choices = dict(table.rules.reminder_actions(reminder))
    return choices["Roll again on the table"]


def test_rolling_again_on_the_table_replaces_the_critical_waiting() -> None:
    # seed 003 l.153: one D66 for each time Ripley is broken; rolling it again replaces
    # the roll waiting to be entered instead of owing a second critical beside it
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do(_roll_again(table, "critical-45"), [3, 4])
    assert table.reminders() == [("ripley", "critical-34")]
    table.do("dmg ripley 1", [5, 5])  # more damage while Broken: a second critical owed
    table.do(_roll_again(table, "critical-34"), [2, 2])
    assert table.reminders() == [("ripley", "critical-55"), ("ripley", "critical-22")]


def test_rolling_again_only_replaces_a_critical_that_is_waiting() -> None:
    # docs/rulesets/alien-evolved.md: `crit WHO instead=critical-N` rolls "in place of one
    # waiting" — a critical that is not waiting is refused.
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    with pytest.raises(RuleError, match="no critical 33 waiting"):
        table.do("crit ripley instead=critical-33", [3, 4])
    assert table.reminders() == [("ripley", "critical-45")]
