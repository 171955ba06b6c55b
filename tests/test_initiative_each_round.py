"""A game that deals initiative again every round (Savage Worlds' cards) plays each
round in the order of its new cards, with nothing but ``on_round_start`` written."""

from __future__ import annotations

from tests.cards_each_round import fight
from tracker.core.dice import ScriptedDice
from tracker.core.session import Encounter


def turns(encounter: Encounter, count: int, dice: ScriptedDice) -> list[str]:
    names = []
    for _ in range(count):
        encounter.run("next", dice)
        current = encounter.state.current
        assert current is not None
        names.append(encounter.state.combatant(current).name)
    return names


def test_the_second_round_is_played_in_the_order_of_its_new_cards() -> None:
    encounter = fight()
    encounter.run("start", ScriptedDice((15, 10, 5)))
    assert encounter.state.combatant(encounter.state.current or "").name == "Jack"
    assert turns(encounter, 2, ScriptedDice(())) == ["Mae", "Slim"]
    assert turns(encounter, 3, ScriptedDice((2, 9, 20))) == ["Slim", "Mae", "Jack"]
    assert encounter.state.order == ("slim", "mae", "jack")


def test_one_delaying_keeps_waiting_when_the_new_cards_are_dealt() -> None:
    encounter = fight()
    encounter.run("start", ScriptedDice((15, 10, 5)))
    encounter.run("delay mae", ScriptedDice(()))
    assert turns(encounter, 2, ScriptedDice((2, 9, 20))) == ["Slim", "Slim"]
    assert encounter.state.delayed == ("mae",)
    assert "mae" not in encounter.state.order
