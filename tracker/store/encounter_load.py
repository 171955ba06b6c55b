"""Loading an encounter file to read it: validate its head, roster and events, and replay
them (from its newest snapshot when it has one). Every problem is ONE ``JournalError``
line ``FILE:LINE:COL: what is wrong``, and loading never changes the disk.

Apart from :mod:`.encounter_file` (playing: the writer lock, appending, snapshots due,
copies joining from sheets) so that a reader (``tracker log``, ``state``, ``view``, the
players' page) imports none of that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.core.errors import FoldError, TrackerError
from tracker.core.session import Encounter
from tracker.rules.base import Ruleset
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_read import (
    check_references,
    check_replay,
    checked_events,
    read_head,
)
from tracker.store.errors import NotAJournal
from tracker.store.journal import SNAPSHOT_MARK, TornTail, read_bytes, read_journal_data
from tracker.store.locator import Locator
from tracker.store.other_files import not_a_journal
from tracker.store.snapshot import EarlierEvents, newest_seq
from tracker.store.standing_line import head_mark
from tracker.store.upgrade import CURRENT_FORMAT

if TYPE_CHECKING:  # taking up from a snapshot is imported where a file holds one
    from tracker.store.taken_up import SnapshotParts, TakenUp


@dataclass
class Loaded:
    """A validated encounter file: its head, ruleset, the encounter, and any torn tail."""

    path: Path
    head: dict[str, Any]
    rules: Ruleset
    encounter: Encounter
    torn: TornTail | None
    source_format: int = CURRENT_FORMAT
    """The format the file is written in (``head`` is already today's)."""
    snapshot_seq: int = 0
    """How many events the newest snapshot in the file folds in, as read (0: it has none;
    in play, ``EncounterFile.next_snapshot`` counts on from it)."""
    head_mark: tuple[int, int] = (0, 0)
    """The length and crc32 of the file's head as read and checked (what standing lines
    vouch for)."""
    earlier: EarlierEvents | None = None
    """The reading of the events before the snapshot the file was taken up from."""
    read_ahead: bool = False
    """Whether the snapshot's parts were read ahead, in another process
    (:mod:`tracker.store.read_ahead`)."""


Ahead = Callable[[bytes], "SnapshotParts | None"]
"""The parts of a file's newest good snapshot, read elsewhere, if they were read from
these bytes (None otherwise: the file is read here)."""


def load(path: Path, ahead: Ahead | None = None) -> Loaded:
    """Read and validate an encounter file; JournalError (one line) on any problem.

    A journal with a snapshot (:mod:`tracker.store.snapshot`) is taken up from the newest
    one that checks out: only the events after it are read now, the earlier ones when
    first needed (``Encounter.events``), and the snapshot is checked against them then.
    Anything unusual about the file is read the whole way, which names the problem.
    ``ahead`` gives the parts of a snapshot read elsewhere (:mod:`.read_ahead`) if they
    were read from these very bytes.
    """
    path = Path(path)
    data = read_bytes(path)
    if other := not_a_journal(path, data, "an encounter"):
        raise NotAJournal(path, other)
    loaded = _read_ahead(path, data, ahead) or _from_snapshot(path, data) or _load_all(path, data)
    kept = data if loaded.torn is None else data[: loaded.torn.offset]
    loaded.head_mark = head_mark(kept)
    return loaded


def _from_snapshot(path: Path, data: bytes) -> Loaded | None:
    """The file taken up from its newest snapshot that checks out, or None (taking up is
    imported only for a file that holds a snapshot: most are read whole)."""
    if SNAPSHOT_MARK not in data:
        return None
    from tracker.store.taken_up import take_up

    taken = take_up(path, data)
    return None if taken is None else _taken_up(path, data, taken)


def _read_ahead(path: Path, data: bytes, ahead: Ahead | None) -> Loaded | None:
    """The file built from a snapshot's parts read ahead from the same bytes, or None."""
    parts = None if ahead is None else ahead(data)
    if parts is None:
        return None
    from tracker.store.taken_up import built

    try:
        taken = built(path, data, parts, load_ruleset(parts.ruleset_id))
    except (TrackerError, KeyError):
        return None
    if taken is None:
        return None
    loaded = _taken_up(path, data, taken)
    loaded.read_ahead = True
    return loaded


def _taken_up(path: Path, data: bytes, taken: TakenUp) -> Loaded:
    parts = taken.parts
    return Loaded(
        path,
        parts.head,
        taken.rules,
        taken.encounter,
        None,
        parts.version,
        newest_seq(data),
        earlier=taken.earlier,
    )


def _load_all(path: Path, data: bytes) -> Loaded:
    """Read every event of ``data`` and replay them all."""
    read = read_journal_data(path, data)
    locator = Locator(path)
    head, version, rules, initial = read_head(read, locator)
    events = checked_events(read, version, locator)
    try:
        encounter = Encounter(initial, rules, events)
    except (FoldError, KeyError):
        check_replay(initial, events, locator)
        raise
    check_references(encounter.state, read.events, locator)
    return Loaded(path, head, rules, encounter, read.torn, version, newest_seq(data))
