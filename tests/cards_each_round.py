"""A game that deals initiative again every round (Savage Worlds' cards), written with
nothing but ``on_round_start``; and a fight of it, not yet started."""

from __future__ import annotations

from typing import ClassVar

from tests.harm_ruleset import HarmOnly
from tracker.api import DiceLike, Draft
from tracker.core.model import EncounterState
from tracker.core.session import Encounter

ROSTER = [
    {"id": "jack", "name": "Jack", "side": "pc"},
    {"id": "mae", "name": "Mae", "side": "pc"},
    {"id": "slim", "name": "Slim"},
]


class CardsEachRound(HarmOnly):
    """A d20 'card' for everyone at the start of every round after the first."""

    id: ClassVar[str] = "cards-each-round"

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """New cards from round 2 on."""
        state = draft.state
        if state.round > 1:
            self.roll_initiative(draft, [*state.order, *state.delayed], dice)


def fight() -> Encounter:
    """Jack, Mae and Slim at Pier 9, not yet started."""
    rules = CardsEachRound()
    fighters = {str(e["id"]): rules.prepare(e) for e in ROSTER}
    state = EncounterState(title="Pier 9", ruleset=rules.id, combatants=fighters)
    return Encounter(state, rules)
