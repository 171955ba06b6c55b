"""Journal snapshots: the state of the fight as of an event, kept in the file now and then.

A snapshot is one comment line after the block of the event it follows (the last block of
a command)::

    # snapshot SEQ HEAD CRC DATA

``SEQ`` is how many events the state folds in; ``HEAD`` the crc32 of the file's head (all
before the first ``[[events]]`` line: a hand-edited roster or title makes the snapshot
stale); ``DATA`` the state (:mod:`tracker.core.state_codec`) as JSON, zlib-compressed, in
base64; ``CRC`` the crc32 of ``SEQ HEAD DATA``. Being a TOML comment, a snapshot is
invisible to every TOML reader, to a tracker that does not know snapshots (the format
stays the same: a file without snapshots is as it always was), and to the event blocks'
own checks; a snapshot torn by a crash is a comment that fails its crc, and is ignored.

Snapshots are never trusted over the events: opening takes up the newest one that checks
out and reads the events after it; the events before it are read when first needed, and
a snapshot whose state disagrees with them is ignored (:class:`tracker.core.session.Resume`).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.core.events import Event
from tracker.core.fold import replay
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import EncounterState
from tracker.store.file_text import EVENT_FIELDS, flaw_in
from tracker.store.journal import SNAPSHOT_MARK as MARK

if TYPE_CHECKING:
    import threading

EVERY = 1000
"""A snapshot is due once the newest one is this many events behind: the next command
writes it in front of its events (at the table, the one built when the GM last paused,
``EncounterFile.prepare_snapshot``; from the command line, one built there and then)."""
LOOK_BACK = 3
"""How many of the newest snapshots opening tries before replaying every event."""
_FIRST_BLOCK = b"\n[[events]]\n"


@frozen_record
class Snapshot(FrozenRecord):
    """A snapshot that checks out: the state after the first ``seq`` events; the journal's
    events after it start at byte ``end``."""

    seq: int
    state: EncounterState
    end: int


def snapshot_line(seq: int, state: EncounterState, head: bytes) -> bytes:
    """The snapshot line for ``state`` after ``seq`` events of a file whose head is ``head``;
    ValueError or TypeError if the state cannot be written (a NaN, say)."""
    import base64  # these here and in the reader: a short fight has no snapshot
    import json

    from tracker.core.state_codec import state_data

    text = json.dumps(state_data(state), separators=(",", ":"), allow_nan=False)
    data = base64.b64encode(zlib.compress(text.encode("utf-8"), 6))
    body = b"%d %d %s" % (seq, zlib.crc32(head), data)
    return MARK + b"%d " % seq + b"%d %d " % (zlib.crc32(head), zlib.crc32(body)) + data + b"\n"


def head_bytes(path: Path) -> bytes:
    """The head of the file at ``path``: its bytes before the first event block."""
    data = b""
    with open(path, "rb") as file:
        while True:
            chunk = file.read(1 << 16)
            data += chunk
            end = head_end(data)
            if end >= 0 or not chunk:
                return data[: max(end, 0)] if end >= 0 else data


def head_end(data: bytes) -> int:
    """Where the file's first event block starts (the end of its head); -1: no events."""
    at = data.find(_FIRST_BLOCK)
    return -1 if at < 0 and not data.startswith(_FIRST_BLOCK[1:]) else at + 1


def newest_seq(data: bytes) -> int:
    """The ``SEQ`` of the newest snapshot line in ``data`` (0: none), checked or not."""
    at = data.rfind(b"\n" + MARK)
    if at < 0:
        return 0
    digits = data[at + 1 + len(MARK) : data.find(b" ", at + 1 + len(MARK))]
    return int(digits) if digits.isdigit() else 0


def snapshots(data: bytes, start: int) -> Iterator[Snapshot]:
    """The snapshots after byte ``start`` that check out (their crc, the head's crc, the
    state they hold and its text), newest first, at most ``LOOK_BACK`` lines tried."""
    head_crc = zlib.crc32(memoryview(data)[:start])
    bound = len(data)
    for _ in range(LOOK_BACK):
        at = data.rfind(b"\n" + MARK, start, bound)
        if at < 0:
            return
        bound = at
        end = data.find(b"\n", at + 1)
        if end < 0:
            continue  # torn: the line never ended
        found = _read_line(data[at + 1 + len(MARK) : end], head_crc)
        if found is not None:
            yield Snapshot(found[0], found[1], end + 1)


def _read_line(line: bytes, head_crc: int) -> tuple[int, EncounterState] | None:
    """(seq, state) from a snapshot line's words after the mark; None unless it checks out."""
    words = line.split(b" ")
    if len(words) != 4 or not all(word.isdigit() for word in words[:3]):
        return None
    seq, head, crc = (int(word) for word in words[:3])
    if head != head_crc or zlib.crc32(b"%d %d %s" % (seq, head, words[3])) != crc:
        return None
    import base64
    import json

    from tracker.core.state_codec import state_from_data

    try:  # binascii.Error (a damaged base64) is a ValueError
        document = json.loads(zlib.decompress(base64.b64decode(words[3], validate=True)))
        if flaw_in(document, EVENT_FIELDS) is not None:  # the one text check of every reader
            return None
        state = state_from_data(document)
    except (ValueError, zlib.error, RecursionError):
        return None
    return (seq, state) if state.seq == seq else None


class EarlierEvents:
    """The events before a snapshot (``read`` returns every event of the file as it was
    opened) and the state the first ``count`` of them fold to: read on demand, or ahead
    on a thread of its own (``start``, which waits while held: :meth:`hold`); ``result``
    waits for that thread."""

    def __init__(
        self, read: Callable[[], Sequence[Event]], initial: EncounterState, count: int
    ) -> None:
        self._read, self._initial, self._count = read, initial, count
        self._thread: threading.Thread | None = None
        self._done: tuple[Sequence[Event], EncounterState] | None = None
        self._failed: BaseException | None = None
        self._gate: threading.Lock | None = None
        self._held = self._asked = False

    def hold(self) -> None:
        """Begin no reading ahead until :meth:`release` (a ``start`` meanwhile is kept for
        then): opening the file is not finished, and a thread reading now would hold the
        interpreter while its last few writes wait for it at each step."""
        import threading

        self._gate = threading.Lock()
        self._held = True

    def release(self) -> None:
        """Reading ahead may begin: now, if it was asked for while held (any thread)."""
        if self._gate is None:
            return
        with self._gate:
            self._held = False
            if self._asked:
                self._begin()

    def start(self) -> None:
        """Begin reading on a thread (nothing if begun; once released, if held)."""
        if self._gate is None:
            self._begin()
            return
        with self._gate:
            self._asked = True
            if not self._held:
                self._begin()

    def _begin(self) -> None:
        if self._thread is None and self._done is None:
            import threading  # only a long fight, opened from a snapshot, reads on a thread

            self._thread = threading.Thread(target=self._run, name="tracker-earlier", daemon=True)
            self._thread.start()

    def ready(self) -> bool:
        """Whether the events are read (or failed to be)."""
        return self._done is not None or self._failed is not None

    def result(self) -> tuple[Sequence[Event], EncounterState]:
        """(the events before the snapshot, the state they fold to); the reading's error."""
        if self._thread is None and not self.ready():
            self._run()
        elif self._thread is not None:
            self._thread.join()
        if self._failed is not None:
            raise self._failed
        assert self._done is not None
        return self._done

    def _run(self) -> None:
        try:
            events = list(self._read())[: self._count]
            self._done = (events, replay(self._initial, events))
        except BaseException as err:  # handed to whoever asks for the result
            self._failed = err
