"""A table driven by command lines and scripted dice, for any ruleset (the d100 and nerv tests)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState
from tracker.core.session import Encounter
from tracker.rules.base import Ruleset


class Table:
    """An encounter driven by command lines and the faces the dice will show."""

    def __init__(
        self, rules: Ruleset, *roster: dict[str, Any], options: dict[str, Any] | None = None
    ) -> None:
        self.rules = rules
        fighters = {e["id"]: rules.prepare(e) for e in roster}
        initial = EncounterState(
            title="test", ruleset=rules.id, combatants=fighters, options=options or {}
        )
        self.encounter = Encounter(initial, rules)

    def do(self, line: str, faces: Iterable[int] = ()) -> list[str]:
        """Run a command with scripted dice; return its log lines."""
        events = self.encounter.run(line, ScriptedDice(faces))
        return [e.text for e in events if e.text]

    def text(self, line: str, faces: Iterable[int] = ()) -> str:
        """The log lines of a command, joined."""
        return "\n".join(self.do(line, faces))

    def refused(self, line: str, faces: Iterable[int] = ()) -> str:
        """The one-line refusal of a command (it must be refused, and change nothing)."""
        before = len(self.encounter.events)
        try:
            self.encounter.run(line, ScriptedDice(faces))
        except RuleError as err:
            assert len(self.encounter.events) == before
            message = str(err)
            assert "\n" not in message
            return message
        raise AssertionError(f"'{line}' was not refused")

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
