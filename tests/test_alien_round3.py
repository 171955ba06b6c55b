"""Alien (evolved), rules as written round three (issue 29): criticals with the same
number, Fatigue and rest, the Broken resting a shift (seed 003)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.alien_helpers import Table
from tests.campaign_helpers import cli, member, ok
from tracker.core.errors import RuleError

NEWT: list[dict[str, Any]] = [
    {"id": "newt", "name": "Newt", "side": "pc", "kind": "human", "stats": {"health": 1}}
]
HICKS: list[dict[str, Any]] = [
    {"id": "hicks", "name": "Hicks", "side": "pc", "kind": "human", "stats": {"health": 5}}
]


def _newt_twice_twelve() -> Table:
    table = Table(NEWT)
    table.do("start", [1])
    table.do("dmg newt 1", [1, 2])  # l.136: at 0 Health roll a critical: d66 → 12
    table.do("dmg newt 1", [1, 2])  # l.137: more damage at 0 Health, another critical: 12
    return table


def test_two_criticals_with_the_same_number_are_two_reminders() -> None:
    # seed 003 l.137 "any further damage gives you another critical injury"; l.153 re-rolls
    # only results of 14 and up already suffered, so 12 twice is two injuries to enter
    table = _newt_twice_twelve()
    assert table.reminders() == [("newt", "critical-12"), ("newt", "critical-12-2")]
    table.do("crit newt 12 Winded")
    assert table.reminders() == [("newt", "critical-12-2")]
    table.do("crit newt 12 Winded")
    assert table.reminders() == []
    assert [i.score for i in table.who("newt").injuries] == [12, 12]


def test_the_second_twelve_is_entered_after_an_undo_of_the_first() -> None:
    # seed 003 l.137: undoing the first entry brings its reminder back, the other stays
    table = _newt_twice_twelve()
    table.do("crit newt 12 Winded")
    table.do("undo")
    assert sorted(table.reminders()) == [("newt", "critical-12"), ("newt", "critical-12-2")]


def test_a_fatigued_character_recovers_no_health_resting_a_stretch() -> None:
    # seed 003 l.151: "As long as you are not fatigued, you automatically recover 1 point
    # of Health per stretch of time while resting"
    table = Table(HICKS)
    table.do("start", [3])
    table.do("dmg hicks 2")
    table.do("ail hicks fatigued")
    assert table.who("hicks").condition("Fatigued") is not None
    lines = table.do("stretch rest")
    assert "Hicks is Fatigued: no Health from rest (l.151)" in lines
    assert table.who("hicks").track("health") == 3


def test_once_fatigue_ends_rest_heals_again() -> None:
    # seed 003 l.151: the same rest heals 1 a stretch for one not fatigued
    table = Table(HICKS)
    table.do("start", [3])
    table.do("dmg hicks 2")
    table.do("ail hicks fatigued")
    table.do("cure hicks fatigued")
    assert "Hicks rests: Health 3 → 4" in table.do("stretch rest")


@pytest.fixture
def broken_ripley(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign whose one PC, Ripley (Health 4), came back Broken from a fight."""
    path = tmp_path / "n.toml"
    fight = tmp_path / "g.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "alien-evolved")
    ok(capsys, "campaign", "add-pc", path, "Ripley", "health=4")
    ok(capsys, "campaign", "fight", path, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", "--dice", "4,4", fight, "dmg", "ripley", "4")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    assert member(path, "ripley").lasting.has("Broken")
    return path


def test_a_broken_pc_resting_a_shift_gets_up_and_heals_to_full(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149: up after one stretch with 1 Health; l.151: +1 Health a stretch resting;
    # l.24-25: a shift (5-10 hours) is at least 30 stretches (5-10 minutes)
    said = ok(capsys, "campaign", "rest", broken_ripley, "shift")
    assert "gets back up (Broken ends): Health 0 → 1 (l.149); Health 1 → 4" in said
    ripley = member(broken_ripley, "ripley").lasting
    assert ripley.tracks["health"] == 4 and not ripley.has("Broken")


def test_a_broken_and_fatigued_pc_gets_up_but_heals_no_more(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149 gets the Broken up whatever their state; l.151 heals only the unfatigued
    ok(capsys, "campaign", "set", broken_ripley, "ripley", "condition", "Fatigued")
    said = ok(capsys, "campaign", "rest", broken_ripley, "shift")
    assert "Fatigued: no Health from rest (l.151)" in said
    assert member(broken_ripley, "ripley").lasting.tracks["health"] == 1


def test_a_broken_pc_resting_a_stretch_only_gets_up(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149: "after one stretch of time and recover 1 point of Health"
    ok(capsys, "campaign", "rest", broken_ripley, "stretch")
    assert member(broken_ripley, "ripley").lasting.tracks["health"] == 1


def test_fatigue_lasts_out_of_a_fight(
    tmp_path: Path, broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.151: fatigue stops rest healing between fights too, so it is carried
    fight = tmp_path / "g2.toml"
    ok(capsys, "campaign", "rest", broken_ripley, "stretch")
    ok(capsys, "campaign", "fight", broken_ripley, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", fight, "ail", "ripley", "fatigued")
    ok(capsys, "campaign", "writeback", broken_ripley, fight, "--yes")
    assert member(broken_ripley, "ripley").lasting.has("Fatigued")


def _dying(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], timer: str) -> None:
    """Ripley, Broken, with a lethal critical on ``timer``, written back."""
    fight = tmp_path / "crit.toml"
    ok(capsys, "campaign", "fight", path, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", "--dice", "4,4", fight, "dmg", "ripley", "4")
    ok(capsys, "do", fight, "crit", "ripley", "44", "Gut", f"lethal={timer}")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")


@pytest.fixture
def dying_ripley(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign whose Ripley carries a lethal critical on a shift timer."""
    path = tmp_path / "d.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "alien-evolved")
    ok(capsys, "campaign", "add-pc", path, "Ripley", "health=4")
    _dying(path, tmp_path, capsys, "shift")
    return path


def test_a_shift_of_rest_rolls_the_death_roll_a_shift_timer_calls_for(
    dying_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.155: "you must make a death roll after the listed time limit has passed";
    # l.157: "If you succeed, you linger on, but you must make another death roll"
    said = ok(capsys, "campaign", "rest", dying_ripley, "shift", "--dice", "6,1,1")
    assert "Stamina 3d [6, 1, 1] → success (1/3 survived)" in said
    ripley = member(dying_ripley, "ripley").lasting
    assert ripley.tracks["death_saves"] == 1 and ripley.has("Dying") and not ripley.dead


def test_a_stretch_of_rest_is_shorter_than_a_shift_timer_no_roll(
    dying_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.155: the roll comes only after the time limit (a shift) has passed
    said = ok(capsys, "campaign", "rest", dying_ripley, "stretch")
    assert "a death roll every shift (l.155)" in said
    assert member(dying_ripley, "ripley").lasting.tracks["death_saves"] == 0


def test_a_failed_death_roll_in_a_rest_writes_the_pc_dead(
    tmp_path: Path, dying_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.157: "If you fail a death roll, you die"; the next fight leaves the dead out
    said = ok(capsys, "campaign", "rest", dying_ripley, "shift", "--dice", "1,2,3")
    assert "→ failure, dies" in said
    assert (
        member(dying_ripley, "ripley").lasting.dead == "failed a death roll (the shift has passed)"
    )
    ok(capsys, "campaign", "add-pc", dying_ripley, "Hicks", "health=5")
    opened = ok(capsys, "campaign", "fight", dying_ripley, tmp_path / "next.toml")
    assert "fight 2 (Hicks)" in opened and "Ripley is dead" in opened


def test_a_shift_holds_many_stretches_so_a_stretch_timer_rolls_to_the_third(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.24-25: a shift is many stretches; l.155-157: a roll each time the limit
    # passes, until one fails; the tracker stops at the third survived, as in a fight
    path = tmp_path / "s.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "alien-evolved")
    ok(capsys, "campaign", "add-pc", path, "Ripley", "health=4")
    _dying(path, tmp_path, capsys, "stretch")
    said = ok(capsys, "campaign", "rest", path, "shift", "--dice", "6,1,1,1,1,6,6,2,2")
    assert said.count("→ success") == 3 and "no more death rolls" in said
    ripley = member(path, "ripley").lasting
    assert not ripley.has("Dying") and ripley.tracks["death_timer"] == 0


def test_dice_running_out_in_a_rest_leave_the_campaign_as_it_was(
    dying_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # bad input: one line, exit 1, the file unchanged
    before = dying_ripley.read_bytes()
    code, _out, err = cli(capsys, "campaign", "rest", dying_ripley, "shift", "--dice", "6")
    assert code == 1 and err.count("\n") == 1 and "ran out of scripted dice" in err
    assert dying_ripley.read_bytes() == before


def _encumbered_ripley(options: dict[str, Any] | None = None) -> Table:
    table = Table(options=options)
    table.start()
    table.do("next")  # Ripley's turn (alien_helpers.CARDS)
    table.do("ail ripley Over-encumbered")
    return table


def test_over_encumbered_read_per_turn_stresses_the_first_move_only() -> None:
    # seed 003 l.200: "your stress level increases one step every time you move in ... a
    # round of combat" — read per turn (the default): a second move this turn adds none
    table = _encumbered_ripley()
    table.do("quick ripley move")
    assert not any("stress" in line for line in table.do("quick ripley move"))
    assert table.who("ripley").track("stress") == 1


def test_over_encumbered_read_per_move_stresses_each_move() -> None:
    # seed 003 l.200, the other reading: "every time you move" is each move action
    table = _encumbered_ripley({"encumbered_stress": "per-move"})
    table.do("quick ripley move")
    lines = table.do("quick ripley move")
    assert "Ripley: stress level 1 → 2 (Over-encumbered, moving)" in lines
    assert table.who("ripley").track("stress") == 2


def test_the_encumbrance_reading_switches_mid_fight() -> None:
    # seed 003 l.200: the GM's reading, an event in the journal (and refused when unchanged)
    table = _encumbered_ripley()
    assert table.do("encumbrance-reading per-move") == [
        "Reading encumbered_stress = per-move: each move raises the stress level"
    ]
    with pytest.raises(RuleError):
        table.do("encumbrance-reading per-move")
    with pytest.raises(RuleError):
        table.do("encumbrance-reading sometimes")
    table.do("quick ripley move")
    table.do("quick ripley move")
    assert table.who("ripley").track("stress") == 2
    table.do("undo")
    table.do("undo")
    table.do("undo")  # the reading too: back to one step for the turn
    table.do("quick ripley move")
    table.do("quick ripley move")
    assert table.who("ripley").track("stress") == 1


def test_an_ambush_names_the_attackers_two_extra_dice() -> None:
    # seed 003 l.66-68: the ambushing party "Gain +2 dice for the attack"; the tracker does not
    # roll attacks (the GM's `skill` roll does), so the log names the dice to add
    table = Table()
    lines = table.do("start ambush=drone", [2, 1, 4, 7, 9])
    assert any("+2 dice to attack" in line for line in lines)
    assert table.who("ripley").condition("Ambushed") is not None
