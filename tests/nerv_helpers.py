"""Shared set-up for the nerv-d100 tests: a table driven by command lines and scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tracker.core.dice import ScriptedDice
from tracker.core.model import Combatant, EncounterState
from tracker.core.session import Encounter
from tracker.rules.nerv_d100 import NervRules

RULES = NervRules()


def pilot(cid: str, **extra: Any) -> dict[str, Any]:
    """A pilot on foot: Grace 35, Physique 30 (PB 3), Will 30 (WB 3), no armour."""
    entry: dict[str, Any] = {"id": cid, "name": cid.capitalize(), "side": "pc",
                             "stats": {"grace": 35, "physique": 30, "will": 30}}
    stats = extra.pop("stats", {})
    entry["stats"].update(stats)
    entry.update(extra)
    return entry


def angel(cid: str = "sachiel", **extra: Any) -> dict[str, Any]:
    """An Angel with a Core: Physique 40 (PB 4), 2 AP on the Core."""
    entry: dict[str, Any] = {"id": cid, "name": cid.capitalize(), "kind": "angel",
                             "stats": {"grace": 20, "physique": 40, "will": 40},
                             "armour": {"core": 2}}
    entry.update(extra)
    return entry


class Table:
    """An encounter driven by command lines and the faces the dice will show."""

    def __init__(self, *roster: dict[str, Any]) -> None:
        fighters = {e["id"]: RULES.prepare(e) for e in (roster or (pilot("carol"), angel()))}
        initial = EncounterState(title="test", ruleset=RULES.id, combatants=fighters)
        self.encounter = Encounter(initial, RULES)

    def do(self, line: str, faces: Iterable[int] = ()) -> list[str]:
        """Run a command with scripted dice; return its log lines."""
        events = self.encounter.run(line, ScriptedDice(faces))
        return [e.text for e in events if e.text]

    def text(self, line: str, faces: Iterable[int] = ()) -> str:
        """The log lines of a command, joined."""
        return "\n".join(self.do(line, faces))

    @property
    def state(self) -> EncounterState:
        """The state now."""
        return self.encounter.state

    def who(self, cid: str) -> Combatant:
        """A combatant now."""
        return self.state.combatants[cid]

    def track(self, cid: str, track: str) -> int:
        """A track's value now."""
        return self.who(cid).track(track)

    def conditions(self, cid: str) -> list[str]:
        """Names of the conditions a combatant has."""
        return [c.name for c in self.who(cid).conditions]

    def reminders(self, cid: str) -> dict[str, str]:
        """Open reminders about a combatant: key → text."""
        return {r.key: r.text for r in self.state.reminders_for(cid)}
