"""Shared set-up for the wrath-glory tests: a small encounter and scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tracker.core.dice import ScriptedDice
from tracker.core.model import Combatant, EncounterState
from tracker.core.session import Encounter
from tracker.rules.wrath_glory.ruleset import WrathGloryRules

RULES = WrathGloryRules()

ROSTER: list[dict[str, Any]] = [
    {
        "id": "amelia",
        "name": "Sister Amelia",
        "side": "pc",
        "stats": {
            "toughness": 3,
            "agility": 3,
            "initiative": 3,
            "strength": 3,
            "wounds": 8,
            "shock": 6,
            "defence": 2,
            "resilience": 8,
            "wrath": 2,
            "medicae": 2,
        },
    },
    {
        "id": "kell",
        "name": "Trooper Kell",
        "side": "pc",
        "stats": {
            "toughness": 3,
            "initiative": 4,
            "wounds": 6,
            "shock": 5,
            "defence": 3,
            "resilience": 6,
        },
    },
    {
        "id": "nob",
        "name": "Ork Nob",
        "side": "enemy",
        "stats": {
            "strength": 6,
            "initiative": 2,
            "wounds": 12,
            "shock": 6,
            "defence": 2,
            "resilience": 9,
        },
    },
    {
        "id": "boy",
        "name": "Ork Boy",
        "side": "enemy",
        "stats": {"initiative": 1, "wounds": 6, "shock": 4, "defence": 2, "resilience": 7},
    },
]


class Table:
    """An encounter driven by command lines and the faces the dice will show."""

    def __init__(
        self, roster: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        fighters = {e["id"]: RULES.prepare(e) for e in (roster or ROSTER)}
        initial = EncounterState(
            title="test", ruleset=RULES.id, combatants=fighters, options=options or {}
        )
        self.encounter = Encounter(initial, RULES)

    def do(self, line: str, faces: Iterable[int] = ()) -> list[str]:
        """Run a command with scripted dice; return its log lines."""
        events = self.encounter.run(line, ScriptedDice(faces))
        return [e.text for e in events if e.text]

    @property
    def state(self) -> EncounterState:
        """The state now."""
        return self.encounter.state

    def who(self, cid: str) -> Combatant:
        """A combatant now."""
        return self.state.combatants[cid]
