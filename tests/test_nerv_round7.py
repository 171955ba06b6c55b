"""nerv-d100, round seven: a Crucial Strike's reminder closes once the GM applies the
critical effect by hand.

The seed file is ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000" below).
"""

from __future__ import annotations

from tests.nerv_helpers import Table, pilot

TOUGH = {"physique": 90}


def test_the_crucial_strike_reminder_closes_when_its_effect_is_applied_by_hand() -> None:
    # seed 000 l.211, Head 1 "Crucial Strike: … you suffer the Critical Hit effect of the
    # weapon's damage type" — no type given, so the tracker asks the GM; the GM's rending
    # weapon brings Blood Loss, typed with the ordinary 'ail': the request is met.
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 1 @head")
    assert "critical" in table.reminders("carol")
    lines = table.do("ail carol blood loss")
    assert "critical" not in table.reminders("carol")
    assert "Carol: the critical effect is applied (Blood Loss) — the reminder closes" in lines
    table.do("undo")
    assert "critical" in table.reminders("carol")


def test_an_ailment_that_is_no_critical_effect_leaves_the_reminder_open() -> None:
    # Confused (a Mental ailment) is no damage type's critical effect (seed 000, Critical
    # Hits): the effect is still owed.
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 1 @head")
    table.do("ail carol confused")
    assert "critical" in table.reminders("carol")
    table.do("ail carol shocked")
    assert "critical" not in table.reminders("carol")
