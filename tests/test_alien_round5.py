"""Alien, rules as written round five (seed 003): the rules meeting each other — a panic
roll due when the character breaks, the reminders of the dead, a ranged attack's ammo."""

from __future__ import annotations

from tests.alien_helpers import Table


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
    # only Broken cancels it: damage that leaves Health keeps the roll due
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
