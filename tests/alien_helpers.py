"""Shared set-up for the alien-evolved tests: a small encounter and scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tracker.core.dice import ScriptedDice
from tracker.core.model import Combatant, EncounterState
from tracker.core.session import Encounter
from tracker.rules.alien_evolved.ruleset import AlienRules

ROSTER: list[dict[str, Any]] = [
    {
        "id": "ripley",
        "name": "Ripley",
        "side": "pc",
        "kind": "human",
        "stats": {"health": 4, "stamina": 3},
        "supplies": {"air": 3},
    },
    {
        "id": "hicks",
        "name": "Hicks",
        "side": "pc",
        "kind": "human",
        "stats": {"health": 5, "stress": 1, "reloads": 2},
        "supplies": {"ammo": 4},
    },
    {
        "id": "bishop",
        "name": "Bishop",
        "side": "ally",
        "kind": "synthetic",
        "stats": {"health": 6},
        "supplies": {"ammo": 3},
    },
    {
        "id": "drone",
        "name": "Drone",
        "side": "enemy",
        "kind": "creature",
        "stats": {"health": 6, "speed": 2},
    },
]

# Cards in dealing order (roster order, a Speed-2 Drone draws for drone and drone@2):
# Ripley 4, Hicks 7, Bishop 2, Drone 9, Drone (#2) 5.
CARDS = [4, 7, 2, 9, 5]


class Table:
    """An encounter driven by command lines and the faces the dice will show."""

    def __init__(
        self,
        roster: list[dict[str, Any]] | None = None,
        options: dict[str, Any] | None = None,
        tables: Path | None = None,
    ) -> None:
        self.rules = AlienRules(tables=tables or Path("/nonexistent/alien-tables.toml"))
        fighters = {e["id"]: self.rules.prepare(e) for e in (roster or ROSTER)}
        initial = EncounterState(
            title="test", ruleset=self.rules.id, combatants=fighters, options=options or {}
        )
        self.encounter = Encounter(initial, self.rules)

    def do(self, line: str, faces: Iterable[int] = ()) -> list[str]:
        """Run a command with scripted dice; return its log lines."""
        events = self.encounter.run(line, ScriptedDice(faces))
        return [e.text for e in events if e.text]

    def start(self) -> list[str]:
        """Start the fight with the cards of CARDS (Bishop first, on card 2)."""
        return self.do("start", CARDS)

    @property
    def state(self) -> EncounterState:
        """The state now."""
        return self.encounter.state

    def who(self, cid: str) -> Combatant:
        """A combatant now."""
        return self.state.combatants[cid]

    def reminders(self) -> list[tuple[str, str]]:
        """Open reminders as (who, key)."""
        return [(r.who, r.key) for r in self.state.reminders]
