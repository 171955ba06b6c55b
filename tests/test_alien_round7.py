"""Alien, round seven (seed 003, ../shared/seeds/003_6afe7eb3c14dfc2e.txt): a critical
injury the GM enters with another number than the one rolled."""

from __future__ import annotations

from tests.alien_helpers import Table


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
