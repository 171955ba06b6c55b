"""Wrath & Glory: Poisoned and Hold Action meeting (seed 002 "Poisoned", l.302-307: a
Toughness test "at the end of every turn"; "Hold Action", l.40-41: a held action not
used by the end of the round loses the turn)."""

from __future__ import annotations

from tests.wrath_helpers import Table


def _poisoned_kell_holds(table: Table) -> None:
    """Kell, Poisoned, opens round 1 and holds his action in his own turn."""
    table.do("start")
    assert table.state.current == "kell"
    table.do("ail kell poisoned")
    table.do("hold kell")


def _to_round_two(table: Table) -> list[str]:
    lines: list[str] = []
    while table.state.round == 1:
        lines += table.do("next")
    return lines


def test_a_held_turn_lost_ends_and_asks_the_poison_test() -> None:
    # l.40-41, l.304-305: Kell's turn began and he held; the round ends with the action
    # unused: the turn is lost — it ends there, and the Toughness test of its end is asked
    table = Table()
    _poisoned_kell_holds(table)
    assert table.who("kell").condition("Holding") is not None
    lines = _to_round_two(table)
    assert "Trooper Kell never used the held action and loses the turn" in lines
    assert "Trooper Kell is Poisoned: a Toughness test now, or suffer the poison's damage" in lines
    assert "poison" in {r.key for r in table.state.reminders_for("kell")}
    assert table.who("kell").condition("Holding") is None


def test_a_held_turn_played_later_asks_the_test_once_at_its_end() -> None:
    # l.304-305: a Toughness test "at the end of every turn" — the held turn ends once.
    table = Table()
    _poisoned_kell_holds(table)
    table.do("act kell")
    assert table.state.current == "kell"
    lines = table.do("next")
    assert (
        lines.count("Trooper Kell is Poisoned: a Toughness test now, or suffer the poison's damage")
        == 1
    )
    assert table.who("kell").condition("Holding") is None
    assert "Trooper Kell never used the held action and loses the turn" not in _to_round_two(table)


def test_a_hold_declared_before_the_turn_began_loses_no_turn_that_ended() -> None:
    # l.40-41, l.304-305: Amelia holds while Kell acts: her turn never began, so no turn of
    # hers ends this round and no Toughness test is asked for it
    table = Table()
    table.do("start")
    table.do("ail amelia poisoned")
    table.do("hold amelia")
    assert table.who("amelia").condition("Holding") is None
    lines = _to_round_two(table)
    assert "Sister Amelia never used the held action and loses the turn" in lines
    assert "poison" not in {r.key for r in table.state.reminders_for("amelia")}


def test_undo_of_the_hold_leaves_no_mark() -> None:
    table = Table()
    table.do("start")
    table.do("ail kell poisoned")
    before = table.state
    table.do("hold kell")
    table.do("undo")
    assert table.state.combatants == before.combatants
    assert table.state.delayed == before.delayed and table.state.current == "kell"
