"""Alien, round seven (seed 003, ../shared/seeds/003_6afe7eb3c14dfc2e.txt): a critical
injury the GM enters with another number than the one rolled."""

from __future__ import annotations

from tests.alien_helpers import CARDS, Table


def _criticals(table: Table) -> list[int]:
    return [i.score for i in table.who("ripley").injuries]


def test_a_critical_entered_with_another_number_replaces_the_rolled_one() -> None:
    # seed 003 l.136/153: at zero Health "Immediately roll for a critical injury" — one
    # injury. The tracker rolls 23; the GM overrides the roll and enters 31: Ripley has
    # critical 31, and critical 23 no longer waits to be entered; the log says so.
    table = Table()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    assert ("ripley", "critical-23") in table.reminders()
    lines = table.do("crit ripley 31 Leg wound")
    assert "Ripley: critical 31 entered in place of the rolled 23 (the GM's call)" in lines
    assert _criticals(table) == [31]
    assert not [k for w, k in table.reminders() if w == "ripley" and k.startswith("critical")]
    table.do("undo")
    assert ("ripley", "critical-23") in table.reminders()
    assert _criticals(table) == []


def test_entering_the_number_rolled_closes_it_without_an_override_line() -> None:
    table = Table()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    lines = table.do("crit ripley 23 Gut wound")
    assert not [line for line in lines if "in place of" in line]
    assert _criticals(table) == [23]


def test_only_the_oldest_waiting_critical_is_replaced() -> None:
    # Two criticals rolled (0 Health, then more damage: seed 003 l.138 "any further damage
    # gives you another critical injury"); one entered by hand replaces the first only.
    table = Table()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    table.do("crit ripley", [4, 5])
    table.do("crit ripley 31 Leg wound")
    waiting = [k for w, k in table.reminders() if w == "ripley" and k.startswith("critical")]
    assert waiting == ["critical-45"]


def test_a_round_timer_is_worded_as_a_death_roll_after_each_turn() -> None:
    # seed 003 l.156: "If the time limit is round, Death Roll on your every turn, right
    # after you act"; l.58: "Draw initiative card - 1 card per speed". The Drone (Speed 2,
    # not Broken) has a lethal critical on a round timer: two turns, two death rolls a
    # round — the log says so, not "every round".
    table = Table()
    table.start()
    lines = table.do("crit drone 45 Acid burn lethal=round")
    assert (
        "Drone is dying: a death roll right after each of Drone's turns (2 a round at Speed 2)"
        in lines
    )
    while table.state.round == 1:  # the round's last turn deals the next round's cards
        table.do("next", CARDS if table.state.current == "drone" else [])
    assert [k for w, k in table.reminders() if w == "drone"] == ["deathroll", "deathroll-2"]


def test_a_broken_character_on_a_round_timer_rolls_after_its_one_turn() -> None:
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    lines = table.do("crit ripley 45 Gut wound lethal=round")
    assert "Ripley is dying: a death roll right after each of Ripley's turns" in lines
