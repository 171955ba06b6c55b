"""Taking a journal up from its newest snapshot (:mod:`tracker.store.snapshot`): reading
its parts (the head, the snapshot, the events after it and the last ones before it) and
building the fight from them.

The two steps are apart so that the parts can be read in another process
(:mod:`tracker.store.read_ahead`) and the fight built here from what it sends: the parts
are plain records and pickle; the ruleset and the reading of the earlier events, which
do not, are made where the fight is built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError
from tracker.core.events import Event
from tracker.core.model import EncounterState
from tracker.core.session import Encounter, Resume
from tracker.rules.base import Ruleset
from tracker.store.encounter_read import (
    checked_events,
    missing_combatants,
    read_head,
)
from tracker.store.journal import SNAPSHOT_MARK, intact_blocks, read_journal_data
from tracker.store.locator import Locator
from tracker.store.snapshot import EarlierEvents, Snapshot, head_end, snapshots
from tracker.store.upgrade import CURRENT_FORMAT


@dataclass(frozen=True)
class SnapshotParts:
    """What a journal taken up from ``snapshot`` is built from: its head (in today's
    format), the format it was written in, the state before any event, the events after
    the snapshot, and the last ``LAST_BEFORE`` events before it."""

    head: dict[str, Any]
    version: int
    initial: EncounterState
    snapshot: Snapshot
    events: Sequence[Event]
    last: Sequence[Event]

    @property
    def ruleset_id(self) -> str:
        """The id of the ruleset the head names."""
        return str(self.head["encounter"]["ruleset"])


@dataclass(frozen=True)
class TakenUp:
    """A journal taken up from a snapshot: its parts, ruleset, fight, and the reading of
    the events before the snapshot."""

    parts: SnapshotParts
    rules: Ruleset
    encounter: Encounter
    earlier: EarlierEvents


def take_up(path: Path, data: bytes) -> TakenUp | None:
    """``data`` taken up from its newest snapshot that checks out; None when it has none,
    or anything about the file is unusual (the whole reading then says what)."""
    start = head_end(data)
    if start <= 0 or data.find(SNAPSHOT_MARK, start) < 0 or intact_blocks(data) is None:
        return None
    for snapshot in snapshots(data, start):
        try:
            found = _read_parts(path, data, start, snapshot)
            taken = None if found is None else built(path, data, *found)
        except (TrackerError, KeyError):
            return None
        if taken is not None:
            return taken
    return None


def _read_parts(
    path: Path, data: bytes, start: int, snapshot: Snapshot
) -> tuple[SnapshotParts, Ruleset] | None:
    """The parts of ``data`` taken up from ``snapshot`` (its head and the events after
    it), with the ruleset the head names; None if they cannot be."""
    read = read_journal_data(path, data[:start] + data[snapshot.end :])
    locator = Locator(path)
    if read.torn is not None:
        return None
    head, version, rules, initial = read_head(read, locator)
    if version != CURRENT_FORMAT or snapshot.state.ruleset != rules.id:
        return None
    events = checked_events(read, version, locator, snapshot.seq + 1)
    last = _last_before(path, data, start, snapshot)
    return SnapshotParts(head, version, initial, snapshot, events, last), rules


def built(path: Path, data: bytes, parts: SnapshotParts, rules: Ruleset) -> TakenUp | None:
    """The fight built from ``parts`` of ``data`` (None if it names a combatant that is
    not in it); the earlier events are read from ``data`` when first needed."""
    snapshot = parts.snapshot
    earlier = EarlierEvents(lambda: _all_events(path, data), parts.initial, snapshot.seq)
    resume = Resume(snapshot.seq, snapshot.state, earlier, parts.last)
    encounter = Encounter(parts.initial, rules, parts.events, resume=resume)
    if missing_combatants(encounter.state):
        return None
    return TakenUp(parts, rules, encounter, earlier)


def _all_events(path: Path, data: bytes) -> list[Event]:
    """Every event of ``data`` (read and checked, not replayed)."""
    read = read_journal_data(path, data)
    locator = Locator(path)
    _, version, _, _ = read_head(read, locator)
    return checked_events(read, version, locator)


LAST_BEFORE = 50
"""How many events before a snapshot are read with it (for undo and redo)."""


def _last_before(path: Path, data: bytes, start: int, snapshot: Snapshot) -> list[Event]:
    """The last ``LAST_BEFORE`` events before ``snapshot`` (fewer, or none, if they do
    not read as the whole file would)."""
    stop = data.rfind(b"\n" + SNAPSHOT_MARK, start, snapshot.end) + 1
    first = stop
    for _ in range(min(LAST_BEFORE, snapshot.seq)):
        first = data.rfind(b"\n[[events]]\n", start - 1, first - 1) + 1
    try:
        read = read_journal_data(path, data[:start] + data[first:stop])
        _, version, _, _ = read_head(read, Locator(path))
        events = checked_events(read, version, Locator(path), snapshot.seq - len(read.events) + 1)
    except TrackerError:
        return []
    return events if read.torn is None else []
