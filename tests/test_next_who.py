"""``next WHO``: in a game with no initiative (the GM moves the spotlight) or any other,
the GM picks who acts next this round; those passed over still act before the round ends."""

from __future__ import annotations

import pytest

from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset

NONE = ScriptedDice(())


def docks() -> Encounter:
    """Vey, Marlo, Hask and a thug, in that order (initiative 20, 15, 10, 5)."""
    rules = load_ruleset("basic")
    roster = [("vey", "Vey", "pc"), ("marlo", "Marlo", "pc"), ("hask", "Hask", "enemy")]
    roster.append(("thug", "Thug", "enemy"))
    fighters = {i: rules.prepare({"id": i, "name": n, "side": s}) for i, n, s in roster}
    fight = Encounter(EncounterState(title="Docks", ruleset="basic", combatants=fighters), rules)
    fight.run("start", ScriptedDice((20, 15, 10, 5)))
    assert fight.state.current == "vey"
    return fight


def turns(fight: Encounter, *lines: str) -> list[str]:
    """Who acts after each command."""
    acting = []
    for line in lines:
        fight.run(line, NONE)
        acting.append(str(fight.state.current))
    return acting


def test_the_gm_picks_who_acts_and_the_passed_over_still_act_this_round() -> None:
    fight = docks()
    assert turns(fight, "next hask", "next", "next thug", "next") == [
        "hask",
        "marlo",
        "thug",
        "vey",  # round 2: everyone acted once in round 1
    ]
    assert fight.state.round == 2


def test_the_pick_is_logged_as_the_turn_and_undoes_as_one_command() -> None:
    fight = docks()
    lines = [e.text for e in fight.run("next thug", NONE) if e.text]
    assert lines == ["Thug's turn"]
    fight.run("undo", NONE)
    assert fight.state.current == "vey" and fight.state.order == ("vey", "marlo", "hask", "thug")


@pytest.mark.parametrize(
    ("setup", "line", "refusal"),
    [
        ((), "next vey", "it is already Vey's turn"),
        (("next hask",), "next vey", "Vey has already acted this round"),
        (("dead thug",), "next thug", "Thug cannot act"),
        (("delay marlo",), "next marlo", "Marlo is delaying"),
        ((), "next nobody", "nobody"),
    ],
)
def test_a_pick_that_cannot_go_is_refused_in_one_line(
    setup: tuple[str, ...], line: str, refusal: str
) -> None:
    fight = docks()
    for command in setup:
        fight.run(command, NONE)
    before = fight.state
    with pytest.raises(RuleError, match=refusal) as refused:
        fight.run(line, NONE)
    assert "\n" not in str(refused.value) and fight.state == before
