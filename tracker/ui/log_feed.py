"""The log as it grows: new events become lines without walking the whole journal again.

``tracker.export.logbook`` places every event in its round and turn by walking the
journal from the start. At the table the journal only grows, so ``LogFeed`` walks just
the new events: the cast (names, who is hidden) comes from the state before them, and
two silent markers put the walk back in the round and turn where the last walk ended.
An undo or redo, or a renaming (each changes lines already shown), rebuilds the whole log.
"""

from __future__ import annotations

from datetime import UTC, datetime

from tracker.core import events as ev
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.export.logbook import LogLine, lines_of
from tracker.export.timeline import Timeline

_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


class LogFeed:
    """The log lines of an encounter, kept up to date one command at a time."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.seen = 0
        self.round = 0
        self.turn = ""
        self.cast = EncounterState()
        self.partial = False
        """True while the lines start at a snapshot (the events before it not read yet)."""

    def update(self, encounter: Encounter) -> tuple[bool, list[LogLine]]:
        """Catch up with the journal: (whether everything was rebuilt, the new lines).

        A journal taken up from a snapshot shows the lines after it until the events
        before it are read (in the background: the caller begins that with
        ``encounter.read_earlier_soon`` once the fight is on screen): then the whole log."""
        since = encounter.taken_up_at
        recent = encounter.recent_events
        if (
            since
            and not encounter.earlier_ready
            and not _rewrites(recent[max(self.seen - since, 0) :])
        ):
            return self._since_snapshot(encounter, since)
        events = encounter.events
        fresh = events[self.seen :]
        if self.seen == 0 or self.partial or self.seen > len(events) or _rewrites(fresh):
            self.partial = False
            timeline = Timeline(encounter.initial, events)
            self.lines = lines_of(timeline)
            added, rebuilt = list(self.lines), True
        else:
            timeline = Timeline(self.cast, [*self._markers(), *fresh])
            added, rebuilt = lines_of(timeline), False
            self.lines.extend(added)
        self.seen = len(events)
        self.cast = EncounterState(combatants=encounter.state.combatants)
        if timeline.beats:
            self.round, self.turn = timeline.beats[-1].round, timeline.beats[-1].turn
        return rebuilt, added

    def _since_snapshot(self, encounter: Encounter, since: int) -> tuple[bool, list[LogLine]]:
        """The lines of the events after the snapshot (all of them the first time)."""
        recent = encounter.recent_events
        rebuilt = not self.partial or self.seen < since
        if rebuilt:
            start = encounter.taken_up_state or EncounterState()
            self.lines, self.seen, self.partial = [], since, True
            self.cast = EncounterState(combatants=start.combatants)
            self.round, self.turn = start.round, start.current or ""
        timeline = Timeline(self.cast, [*self._markers(), *recent[self.seen - since :]])
        added = lines_of(timeline)
        self.lines.extend(added)
        self.seen = since + len(recent)
        self.cast = EncounterState(combatants=encounter.state.combatants)
        if timeline.beats:
            self.round, self.turn = timeline.beats[-1].round, timeline.beats[-1].turn
        return rebuilt, list(self.lines) if rebuilt else added

    def _markers(self) -> list[ev.Event]:
        """Silent events that set the walk's round and turn to where it stopped."""
        markers: list[ev.Event] = []
        if self.round:
            markers.append(ev.RoundStarted(seq=0, at=_EPOCH, round=self.round))
        if self.turn:
            markers.append(ev.TurnStarted(seq=0, at=_EPOCH, who=self.turn))
        return markers


def _rewrites(events: list[ev.Event]) -> bool:
    """Whether any of ``events`` changes lines already shown (an undo, a redo, a renaming)."""
    return any(isinstance(e, (*ev.HISTORY_TYPES, ev.CombatantRenamed)) for e in events)
