"""Following an encounter file while the GM plays it: the events appended since the last look.

A player view runs beside the GM's process and reads the same file. ``FileFollower.poll``
starts with one cheap ``os.stat``; only when the file grew does it open it, read the new
bytes from the end of the last event it took, and close it again at once (short reads:
on Windows the GM's rewrite waits for readers).

* A new block is taken only when it is whole: its ``crc`` line is written and the block
  is exactly what :func:`tracker.store.journal.format_event` makes of its own table (so
  the crc holds). A block still being written is simply not visible yet.
* Every new block passes the same check as a full load (:mod:`tracker.store.file_text`):
  one that does not (a control character in a note) is read as the whole file, which
  the load refuses, so the view keeps the last good state and shows the one-line problem.
* A rewrite (compaction, roster edit, format upgrade: ``write_document`` replaces the
  file) shows as another inode, a file shorter than what was taken, or changed bytes in
  the head or just before the resume point. The follower then loads the whole file again.
* It never takes the writer lock and never opens the file for writing.
"""

from __future__ import annotations

import os
import re
import tomllib
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tracker.core.codec import from_table
from tracker.core.errors import TrackerError
from tracker.core.events import Event
from tracker.rules.user_files import loads_toml, why_not_a_file
from tracker.store.block import BATCH_END
from tracker.store.encounter_load import Loaded, load
from tracker.store.errors import JournalError
from tracker.store.file_text import EVENT_FIELDS, flaw_in
from tracker.store.journal import HEADER, format_event

__all__ = ["Catch", "FileFollower"]

_HEADER_RE = re.compile(rb"^\[\[events\]\]\r?$", re.MULTILINE)
_CRC_LINE_RE = re.compile(rb"^crc = [0-9]{1,10}\r?\n", re.MULTILINE)
ANCHOR_BYTES = 64
"""Bytes just before the resume point that must not change between two looks."""


@dataclass(frozen=True)
class Catch:
    """What one look at the file found.

    ``events`` are the events appended since the last look; after a full read
    (``reloaded``: the first look, or a rewrite) they are every event in the file.
    ``problem`` is a one-line reason the file could not be read; the last good
    state stays as it was.
    """

    events: Sequence[Event] = ()
    reloaded: bool = False
    problem: str = ""

    @property
    def changed(self) -> bool:
        """Whether anything new is there to show."""
        return self.reloaded or bool(self.events)


@dataclass
class _Mark:
    """Where the last look stopped: the file's identity and the bytes that must not move."""

    stamp: tuple[int, int, int, int] = (0, 0, -1, 0)
    offset: int = 0
    head_len: int = 0
    head_crc: int = 0
    anchor: bytes = b""
    failed: tuple[int, int, int, int] | None = None
    problem: str = ""


class _Rewritten(Exception):
    """The new bytes do not continue what was read: read the whole file again."""


class FileFollower:
    """Follows one encounter file, read-only: ``poll`` returns what is new since the last call.

    ``loaded`` is the file as last read (head, ruleset, encounter); its encounter is kept
    up to date with every event the follower takes. ``bytes_read`` counts what was read.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.loaded: Loaded | None = None
        self.bytes_read = 0
        self._mark = _Mark()

    def poll(self) -> Catch:
        """Look at the file once: new events, a full reload, a problem, or nothing."""
        try:
            stamp = _stamp(os.stat(self.path))
        except OSError as err:
            return self._trouble(None, f"{self.path}: cannot read the file: {err.strerror or err}")
        mark = self._mark
        if stamp == mark.failed:
            return Catch(problem=mark.problem)
        if stamp == mark.stamp and self.loaded is not None:
            return Catch()
        if self.loaded is None or stamp[:2] != mark.stamp[:2] or stamp[2] < mark.offset:
            return self._reload()
        try:
            return self._read_on(stamp)
        except _Rewritten:
            return self._reload()

    # --- the whole file ---------------------------------------------------------------

    def _reload(self) -> Catch:
        try:
            loaded, data, stamp = self._load_with_bytes()
        except (TrackerError, OSError) as err:
            return self._trouble(self._stamp_or_none(), " ".join(str(err).split()))
        self.loaded = loaded
        events = loaded.encounter.events
        self._settle(data, stamp, _resume_offset(data, len(events)))
        return Catch(events=tuple(events), reloaded=True)

    def _load_with_bytes(self) -> tuple[Loaded, bytes, tuple[int, int, int, int]]:
        """Load the file, then read its bytes, retrying if it was replaced in between."""
        for _ in range(5):
            before = _stamp(os.stat(self.path))
            loaded = load(self.path)
            with open(self.path, "rb") as file:
                stamp = _stamp(os.fstat(file.fileno()))
                data = file.read()
            self.bytes_read += len(data)
            if stamp[:2] == before[:2] and _resume_offset(data, loaded.encounter.count) >= 0:
                return loaded, data, stamp
        raise JournalError(self.path, "the file keeps being replaced; trying again")

    def _settle(self, data: bytes, stamp: tuple[int, int, int, int], offset: int) -> None:
        """Remember where this read stopped and what the bytes around it were."""
        first = _HEADER_RE.search(data)
        head_len = first.start() if first else offset
        if offset < len(data):  # more was written after load() looked: read it next time
            stamp = (stamp[0], stamp[1], -1, 0)
        self._mark = _Mark(
            stamp=stamp,
            offset=offset,
            head_len=head_len,
            head_crc=zlib.crc32(data[:head_len]),
            anchor=data[max(0, offset - ANCHOR_BYTES) : offset],
        )

    def _trouble(self, stamp: tuple[int, int, int, int] | None, problem: str) -> Catch:
        """Keep the last good state; say the problem (and not read again until the file moves).

        When it moves, the whole file is read again: whatever was wrong was a rewrite.
        """
        self._mark.stamp = (0, 0, -1, 0)
        self._mark.failed = stamp
        self._mark.problem = problem
        return Catch(problem=problem)

    def _stamp_or_none(self) -> tuple[int, int, int, int] | None:
        try:
            return _stamp(os.stat(self.path))
        except OSError:
            return None

    # --- only the new bytes -----------------------------------------------------------

    def _read_on(self, stamp: tuple[int, int, int, int]) -> Catch:
        """Read the head fingerprint and the bytes after the resume point; take whole blocks."""
        mark = self._mark
        start = mark.offset - len(mark.anchor)
        with open(self.path, "rb") as file:
            if _stamp(os.fstat(file.fileno()))[:2] != stamp[:2]:
                raise _Rewritten
            head = file.read(mark.head_len)
            file.seek(start)
            data = file.read()
        self.bytes_read += len(head) + len(data)
        if zlib.crc32(head) != mark.head_crc or not data.startswith(mark.anchor):
            raise _Rewritten
        tables, used = _whole_blocks(data[len(mark.anchor) :])
        events = self._continue(tables)
        end = len(mark.anchor) + used
        mark.anchor = data[max(0, end - ANCHOR_BYTES) : end]
        mark.offset, mark.stamp, mark.failed = start + end, stamp, None
        return Catch(events=tuple(events))

    def _continue(self, tables: list[dict[str, object]]) -> list[Event]:
        """The new events, folded into the encounter; anything out of step means a rewrite."""
        assert self.loaded is not None
        encounter = self.loaded.encounter
        events: list[Event] = []
        for table in tables:
            if flaw_in(table, EVENT_FIELDS) is not None:
                raise _Rewritten  # the full read refuses it, naming file:line:col
            try:
                event = from_table({k: v for k, v in table.items() if k != BATCH_END})
            except TrackerError:
                raise _Rewritten from None
            if event.seq != encounter.count + len(events) + 1:
                raise _Rewritten
            events.append(event)
        if events:
            try:
                encounter.commit(events)
            except (TrackerError, KeyError):
                raise _Rewritten from None
        return events


def _stamp(result: os.stat_result) -> tuple[int, int, int, int]:
    """The file's identity and size: (device, inode, size, modification time)."""
    return (result.st_dev, result.st_ino, result.st_size, result.st_mtime_ns)


def _resume_offset(data: bytes, count: int) -> int:
    """Where reading goes on after the first ``count`` events of ``data`` (-1: not there)."""
    starts = [m.start() for m in _HEADER_RE.finditer(data)]
    if len(starts) > count:
        return starts[count]
    if len(starts) < count:
        return -1
    if count == 0:
        return data.rfind(b"\n") + 1
    crc = _CRC_LINE_RE.search(data, starts[-1])
    return _after_comments(data, crc.end()) if crc else -1


def _after_comments(data: bytes, at: int) -> int:
    """Where the whole comment lines from byte ``at`` end (the standing line after a
    command: what is read next starts after it)."""
    while data.startswith(b"#", at):
        end = data.find(b"\n", at)
        if end < 0:
            break
        at = end + 1
    return at


def _whole_blocks(data: bytes) -> tuple[list[dict[str, object]], int]:
    """The tables of the whole, intact blocks at the start of ``data``, and the bytes they use.

    Blank lines and comments may come first. A block still being written ends the run;
    damage anywhere else raises ``_Rewritten``.
    """
    starts = [m.start() for m in _HEADER_RE.finditer(data)]
    _check_gap(data[: starts[0]] if starts else data, last=not starts)
    tables: list[dict[str, object]] = []
    used = 0
    for index, start in enumerate(starts):
        stop = starts[index + 1] if index + 1 < len(starts) else len(data)
        crc = _CRC_LINE_RE.search(data, start, stop)
        if crc is None:
            if index + 1 < len(starts):
                raise _Rewritten
            break  # still being written
        tables.append(_block_table(data[start : crc.end()]))
        _check_gap(data[crc.end() : stop], last=index + 1 == len(starts))
        used = _after_comments(data, crc.end())
    return tables, used


def _check_gap(gap: bytes, last: bool) -> None:
    """Only blank lines and comments may sit between blocks (and the start of the next one)."""
    lines = gap.split(b"\n")
    partial = lines.pop()
    for line in lines:
        text = line.strip()
        if text and not text.startswith(b"#"):
            raise _Rewritten
    if partial.strip() and not (last and HEADER.encode().startswith(partial)):
        raise _Rewritten


def _block_table(block: bytes) -> dict[str, object]:
    """The event table of one whole block; ``_Rewritten`` unless it is exactly as written."""
    try:
        parsed = loads_toml(block.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise _Rewritten from None
    events = parsed.get("events")
    if not isinstance(events, list) or len(events) != 1 or not isinstance(events[0], dict):
        raise _Rewritten
    table = dict(events[0])
    table.pop("crc", None)
    try:
        again = format_event(table).encode("utf-8")
    except (TypeError, ValueError):
        raise _Rewritten from None
    if again != block:
        raise _Rewritten
    return table


def first_look(path: Path) -> FileFollower | str:
    """A follower that has read ``path`` once, or the one-line reason it cannot."""
    if not path.is_file():
        what = why_not_a_file(path)
        return f"{path}: {what} — give the encounter file the GM is playing"
    follower = FileFollower(path)
    catch = follower.poll()
    return catch.problem or follower
