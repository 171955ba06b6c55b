"""A roll-off decided stands: one who joins a tied group later rolls off against the
numbers already rolled, and those who rolled keep their numbers and their order (a GM
adding a second Laak saw the first Laak and the Margr raider roll again and could see
them swap places mid-round)."""

from __future__ import annotations

from tests.conftest import basic_encounter
from tracker.core.dice import ScriptedDice

TWINS = [
    {"id": "a", "name": "A", "stats": {"init": 1}},
    {"id": "b", "name": "B", "stats": {"init": 1}},
]


def test_a_newcomer_rolls_off_alone() -> None:
    fight = basic_encounter(TWINS)
    fight.run("start", ScriptedDice([5, 5, 3, 17]))  # both 6, roll-off 3 vs 17
    assert fight.state.order == ("b", "a")
    made = fight.run("add C init=1", ScriptedDice([5, 17, 3, 9]))  # 6: ties; 17, 3 taken
    assert fight.state.tiebreak == {"a": 3, "b": 17, "c": 9}
    assert fight.state.order == ("b", "c", "a")
    said = [e.text for e in made if "rolled off" in e.text]
    assert said == ["Initiative tie rolled off on d20: A 3, B 17, C 9"]


def test_a_group_rolled_off_again_only_where_numbers_clash() -> None:
    fight = basic_encounter(TWINS)
    fight.run("start", ScriptedDice([5, 5, 3, 17]))
    fight.run("add C init=1", ScriptedDice([5, 12]))
    fight.run("add D init=1", ScriptedDice([5, 6]))
    assert fight.state.tiebreak == {"a": 3, "b": 17, "c": 12, "d": 6}
    assert fight.state.order == ("b", "c", "d", "a")
