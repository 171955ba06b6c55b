"""A draft: the events one command produces, applied as they are emitted.

Deciding code (core flow, rulesets) calls ``draft.emit(EventClass, **fields)``; each
event gets the next ``seq``, the command's ``batch`` and time, and is folded at once so
later decisions in the same command see its effect. Nothing reaches the journal until
the whole command succeeded: a ``RuleError`` anywhere drops the draft.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from tracker.core.events import Event, Said
from tracker.core.fold import apply
from tracker.core.model import EncounterState

E = TypeVar("E", bound=Event)


class Draft:
    """The events of one command, and the state they lead to."""

    def __init__(self, state: EncounterState, at: datetime) -> None:
        self.start = state
        self.state = state
        self.at = at
        self.batch = state.seq + 1
        self.events: list[Event] = []

    def emit(self, kind: type[E], /, **fields: Any) -> E:
        """Create, fold and keep one event."""
        event = kind(seq=self.state.seq + 1, at=self.at, batch=self.batch, **fields)
        self.state = apply(self.state, event)
        self.events.append(event)
        return event

    def say(self, text: str, *, gm_only: bool = False) -> None:
        """Add a line to the log with no effect on state; a ``gm_only`` line (the command
        the GM may type next) is left out of everything the players read."""
        self.emit(Said, text=text, gm_only=gm_only)
