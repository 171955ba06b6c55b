"""The journal walked once, in order: each event placed in its round and turn.

A ``Beat`` says whether its event still stands (not undone) and whether it is a GM
secret: it concerns, or its sentence names, a combatant hidden from the players at
that moment (``hidden = true`` on the roster, or ``hide WHO``, until ``reveal WHO``).
The turn of a hidden combatant is not a secret of its own: a PC hurt, a note for the
players or the fight's end in it are the players' to read (``hidden_turn`` marks them,
so no heading names whose turn it was).
The walk is generic over events: it never looks at what a ruleset's tracks mean.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.fold import undone_batches
from tracker.core.model import EncounterState, slot_owner

TURN_OPENERS = (ev.TurnStarted, ev.TurnRewound, ev.TurnSkipped)


@dataclass(frozen=True, slots=True)
class Beat:
    """One event in its place: round, whose turn (a slot, "" outside turns), standing."""

    event: ev.Event
    round: int
    turn: str
    live: bool
    secret: bool
    hidden_turn: bool = False


class Timeline:
    """Every event of a journal as a Beat, with the names and sides of the cast."""

    def __init__(self, initial: EncounterState, events: Sequence[ev.Event]) -> None:
        fighters = initial.combatants.values()
        self.names: dict[str, str] = {c.id: c.name for c in fighters}
        self.sides: dict[str, str] = {c.id: c.side for c in fighters}
        self.order: list[str] = [c.id for c in fighters]
        self._hidden: set[str] = {c.id for c in fighters if c.hidden}
        self._pattern: re.Pattern[str] | None = None
        self._dirty = True
        self.beats: list[Beat] = self._walk(events)

    def name(self, slot: str) -> str:
        """The display name behind a slot ("" for none)."""
        return self.names.get(slot_owner(slot), "") if slot else ""

    @property
    def last_round(self) -> int:
        """The highest round reached by events that still stand (0: not started)."""
        return max((b.round for b in self.beats if b.live), default=0)

    def _walk(self, events: Sequence[ev.Event]) -> list[Beat]:
        undone = undone_batches(e for e in events if isinstance(e, ev.HISTORY_TYPES))
        round_no, turn = 0, ""
        beats: list[Beat] = []
        for event in events:
            live = event.batch not in undone
            if isinstance(event, ev.CombatantAdded):
                self._cast(event)
            if live:
                round_no, turn = _place(event, round_no, turn)
                if isinstance(event, ev.Revealed):
                    self._hide(event.who, event.hidden)
                elif isinstance(event, ev.CombatantRenamed):
                    self.names[event.who] = event.name
            in_hidden = bool(turn) and slot_owner(turn) in self._hidden
            beats.append(Beat(event, round_no, turn, live, self._secret(event), in_hidden))
        return beats

    def _cast(self, event: ev.CombatantAdded) -> None:
        if event.id not in self.names:
            self.order.append(event.id)
        self.names[event.id] = event.name
        self.sides[event.id] = event.side
        self._hide(event.id, event.hidden)

    def _hide(self, who: str, hidden: bool) -> None:
        owner = slot_owner(who)
        if hidden != (owner in self._hidden):
            if hidden:
                self._hidden.add(owner)
            else:
                self._hidden.discard(owner)
            self._dirty = True

    def _secret(self, event: ev.Event) -> bool:
        if not self._hidden:
            return False
        who = getattr(event, "who", "") or getattr(event, "id", "")
        if isinstance(who, str) and who and slot_owner(who) in self._hidden:
            return True
        return bool(event.text) and self._names_hidden(event.text)

    def _names_hidden(self, text: str) -> bool:
        if self._dirty:
            self._pattern = _name_pattern(self.names[c] for c in self._hidden if c in self.names)
            self._dirty = False
        return self._pattern is not None and self._pattern.search(text) is not None


def _place(event: ev.Event, round_no: int, turn: str) -> tuple[int, str]:
    """(round, turn) after a standing event: rounds and turns open and close."""
    if isinstance(event, ev.RoundStarted):
        return event.round, ""
    if isinstance(event, ev.RoundEnded):
        return round_no, ""
    if isinstance(event, ev.TurnRewound):
        return event.round, event.who
    if isinstance(event, (ev.TurnStarted, ev.TurnSkipped)):
        return round_no, event.who
    return round_no, turn


def _name_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern finding any of ``names`` as a whole word, case-insensitively."""
    words = sorted({n for n in names if n}, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)
