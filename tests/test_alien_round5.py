"""Alien, rules as written round five (seed 003): the rules meeting each other — a panic
roll due when the character breaks, the reminders of the dead, a ranged attack's ammo."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError


def _panic_due(table: Table) -> None:
    """Hicks rolls a 1 on his stress die: a panic roll is due."""
    table.start()
    table.do("skill hicks 2", [6, 2, 1])
    assert ("hicks", "panic") in table.reminders()


def test_breaking_cancels_the_panic_roll_still_due() -> None:
    # seed 003 "Damage", Broken (l.138): "While broken, you cannot gain more stress and you
    # never make panic rolls". Hicks is Broken before the GM rolls his panic: it is not made.
    table = Table()
    _panic_due(table)
    lines = table.do("dmg hicks 5", [2, 3])
    assert "Hicks is Broken: the panic roll still due is not made" in lines
    assert ("hicks", "panic") not in table.reminders()


def test_a_hurt_character_still_owes_the_panic_roll() -> None:
    # seed 003 l.138: only the Broken "never make panic rolls": damage that leaves Health
    # keeps the roll due
    table = Table()
    _panic_due(table)
    table.do("dmg hicks 2")
    assert ("hicks", "panic") in table.reminders()


def test_undo_brings_the_panic_roll_back() -> None:
    table = Table()
    _panic_due(table)
    before = table.state
    table.do("dmg hicks 5", [2, 3])
    table.do("undo")
    assert table.state.reminders == before.reminders
    assert table.who("hicks") == before.combatants["hicks"]


def _broken_and_dying(table: Table) -> None:
    """Ripley breaks: critical 23 (lethal on a round timer) is entered, critical 45 waits;
    her turn ends: a death roll is due."""
    table.start()
    table.do("dmg ripley 4", [2, 3])
    table.do("crit ripley 23 Gut wound lethal=round")
    table.do("crit ripley", [4, 5])
    table.do("next")
    table.do("next")
    assert sorted(k for w, k in table.reminders() if w == "ripley") == ["critical-45", "deathroll"]


def test_a_failed_death_roll_leaves_nothing_to_roll_for_the_dead() -> None:
    # seed 003 "Death roll" (l.157): "If you fail a death roll, you die". The critical still
    # waiting to be entered ('crit' refuses the dead) and any roll due close with her.
    table = Table()
    _broken_and_dying(table)
    table.do("deathroll ripley fail")
    assert table.who("ripley").status == "dead"
    assert [k for w, k in table.reminders() if w == "ripley"] == []


def test_first_aid_failed_on_a_round_timer_leaves_nothing_either() -> None:
    # seed 003 "First Aid" (l.162): "If the time limit was already round, you perish"
    table = Table()
    _broken_and_dying(table)
    table.do("firstaid ripley fail")
    assert table.who("ripley").status == "dead"
    assert [k for w, k in table.reminders() if w == "ripley"] == []


def test_an_instant_critical_closes_the_critical_still_waiting() -> None:
    # a critical that kills at once (the GM enters it so): Hicks's other critical, rolled
    # and not entered yet, can no longer be entered — its reminder closes with him
    table = Table()
    table.start()
    table.do("dmg hicks 5", [6, 6])
    table.do("crit hicks", [4, 5])
    table.do("crit hicks 66 Heart lethal=instant")
    assert table.who("hicks").status == "dead"
    assert [k for w, k in table.reminders() if w == "hicks"] == []


def test_the_gms_dead_closes_a_waiting_critical_too() -> None:
    table = Table()
    _broken_and_dying(table)
    table.do("dead ripley")
    assert [k for w, k in table.reminders() if w == "ripley"] == []


def _to_hicks(table: Table) -> None:
    table.start()
    while table.state.current != "hicks":
        table.do("next")


def test_a_ranged_attack_calls_for_the_ammo_supply_roll() -> None:
    # seed 003 "Ranged combat attack", Ammunition (l.118-119): "After each attack, make a
    # supply roll for your weapon"; "Consumables" (l.187): "After firing your weapon, make a
    # supply roll". Hicks fires: the roll is due until it is made.
    table = Table()
    _to_hicks(table)
    table.do("full hicks ranged")
    assert ("hicks", "ammo-roll") in table.reminders()
    table.do("supply hicks ammo", [3, 4, 5, 6])
    assert ("hicks", "ammo-roll") not in table.reminders()


def test_the_ammo_roll_offers_the_roll_or_a_single_shot() -> None:
    # l.123: "Weapons designated as single-shot must be reloaded after each shot – no supply
    # roll is made": the reminder's second choice dismisses it
    table = Table()
    _to_hicks(table)
    table.do("full hicks ranged")
    reminder = next(r for r in table.state.reminders if r.key == "ammo-roll")
    choices = table.rules.reminder_actions(reminder)
    assert [c for _label, c in choices] == ["supply hicks ammo", "resolve hicks ammo-roll"]
    table.do(choices[1][1])
    assert ("hicks", "ammo-roll") not in table.reminders()


def test_out_of_ammo_there_is_no_shot_until_a_reload() -> None:
    # l.119: "When the ammo supply runs out, you need to reload"
    table = Table()
    _to_hicks(table)
    table.do("supply hicks ammo", [1, 1, 1, 1])
    assert table.who("hicks").track("ammo") == 0
    with pytest.raises(RuleError, match="Hicks is out of ammo: reload first"):
        table.do("full hicks ranged")
    table.do("reload hicks")
    table.do("full hicks ranged")
    assert ("hicks", "ammo-roll") in table.reminders()


def test_a_shot_without_an_ammo_rating_asks_for_nothing() -> None:
    # Ripley's roster gives no ammo: the GM does not track it, no roll is asked
    table = Table()
    table.start()
    table.do("next")
    assert table.state.current == "ripley"
    table.do("full ripley ranged")
    assert table.reminders() == []


@pytest.mark.parametrize(
    "line", ["firstaid ripley -1", "firstaid ripley roll=-2", "rally ripley -2"]
)
def test_a_negative_count_of_successes_is_refused_not_a_failure(line: str) -> None:
    # seed 003 "First Aid" (l.162): a failed roll shortens the death timer a step, and at
    # round "you perish". A count below 0 is no roll the table can make: it is refused, and
    # Ripley's stretch timer stays as it was.
    table = Table()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    table.do("crit ripley 23 Gut wound lethal=stretch")
    before = table.who("ripley")
    with pytest.raises(RuleError, match="0 or more"):
        table.do(line)
    assert table.who("ripley") == before


def test_zero_successes_is_still_a_failure() -> None:
    # l.162: "If the roll fails, your condition worsens" — 0 (or 'fail') fails
    table = Table()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    table.do("crit ripley 23 Gut wound lethal=stretch")
    assert table.do("firstaid ripley 0")[-1].endswith(
        "the death roll now comes right after each of Ripley's turns"
    )


@pytest.mark.parametrize("line", ["panic hicks 0", "panic hicks -3 Faints"])
def test_a_panic_total_below_one_is_refused(line: str) -> None:
    # seed 003 "Stress Roll" (l.11-13) is a picture; the ruleset reads a panic roll as 1d6 +
    # the stress level (data.toml [stress] panic_die): no total under 1 can be rolled, and
    # entered it marked Hicks Panicking at 0
    table = Table()
    _panic_due(table)
    before = table.state
    with pytest.raises(RuleError, match="a panic total is 1d6 \\+ the stress level"):
        table.do(line)
    assert table.state == before


def test_a_panic_total_entered_by_the_gm_still_marks_panic() -> None:
    table = Table()
    _panic_due(table)
    assert table.do("panic hicks 1 Freezes")[-1] == "Hicks panics: 1, Freezes"
    assert ("hicks", "panic") not in table.reminders()
