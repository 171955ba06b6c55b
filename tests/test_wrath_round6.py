"""Wrath & Glory against seed 002, round six: what a reminder says once what it reminds of
is done, effects given twice to one target, and one interaction attack on several targets."""

from __future__ import annotations

from tests.wrath_helpers import RULES, Table


def reminders(table: Table) -> list[tuple[str, str]]:
    return [(r.who, r.key) for r in table.state.reminders]


def poisoned_kell() -> Table:
    """Kell is Poisoned and has just ended a turn: the Toughness test is asked."""
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("ail kell poisoned")
    table.do("next")
    assert reminders(table) == [("kell", "poison")]
    return table


# seed 002 "Poisoned" (l.302-307): "The Poisoned effect ends when the character succeeds at
# the required Toughness test or until they are treated using the Medicae skill" — once it
# has ended, no Toughness test is owed for it.


def test_a_passed_removal_test_closes_the_poison_test_still_asked() -> None:
    table = poisoned_kell()
    table.do("treat kell poisoned toughness", [6, 6, 5])  # Toughness 3: 5 icons vs DN 5
    assert not table.who("kell").condition("Poisoned")
    assert reminders(table) == []


def test_the_reminders_own_toughness_passed_choice_closes_it() -> None:
    table = poisoned_kell()
    (reminder,) = table.state.reminders
    label, line = RULES.reminder_actions(reminder)[0]
    assert label.startswith("Toughness passed")
    table.do(line)
    assert reminders(table) == []


def test_a_failed_removal_test_leaves_the_poison_and_its_test() -> None:
    table = poisoned_kell()
    table.do("treat kell poisoned toughness", [1, 2, 3])
    assert table.who("kell").condition("Poisoned")
    assert reminders(table) == [("kell", "poison")]
