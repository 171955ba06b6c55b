"""Crash-safe, game-agnostic file layer: a TOML head followed by an append-only journal.

An encounter file is a TOML document whose last section is a run of ``[[events]]``
blocks. The head (everything else) is written by ``tomli_w``; each event block is
written by :func:`format_event` as flat ``key = value`` lines (inline arrays and
inline tables only) ending in ``crc = <zlib.crc32 of the block up to that line>``.

* :class:`tracker.store.writer.JournalWriter` appends one block with one ``os.write``
  + ``os.fsync``.
* :func:`read_journal` loads a file without touching the disk, detecting a torn last
  block (crash mid-append) and damage in the middle of the journal (a flipped bit, a run
  of NUL bytes): the events before either are kept, the rest is described in ``torn``;
  :func:`repair_torn` moves it to a side file.
* :func:`tracker.store.durable.write_document` rewrites a whole file atomically (temp file, fsync,
  ``os.replace``, fsync of the folder).
"""

from __future__ import annotations

import re
import tomllib
import zlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.rules.user_files import loads_toml, read_regular
from tracker.store.block import BATCH_END
from tracker.store.block import HEADER as HEADER
from tracker.store.block import format_event as format_event
from tracker.store.durable import create_document as create_document
from tracker.store.durable import write_document as write_document
from tracker.store.errors import JournalError
from tracker.store.journal_damage import CRC_LINE_RE as _CRC_ANY_RE
from tracker.store.journal_damage import lost_first_block
from tracker.store.journal_repair import TornTail as TornTail
from tracker.store.journal_repair import repair_torn as repair_torn
from tracker.store.other_files import JSON_SAID, looks_like_json
from tracker.store.standing_line import MARK as STANDING_MARK
from tracker.store.toml_parse import _toml_error as _toml_error
from tracker.store.toml_parse import line_col as _line_col
from tracker.store.toml_parse import parse_document as parse_document
from tracker.store.upgrade import BATCHES_MARKED_FROM

__all__ = [
    "HEADER",
    "JournalRead",
    "TornTail",
    "create_document",
    "format_event",
    "read_journal",
    "repair_torn",
    "write_document",
]

HEADER_RE = re.compile(rb"^\[\[events\]\]\r?$", re.MULTILINE)
_CRC_LINE_RE = re.compile(rb"crc = ([0-9]{1,10})\r?")
_LOOSE_HEADER_RE = re.compile(
    rb"^[ \t]*(\[\[[ \t]*[\"']?events[\"']?[ \t]*\]\]|events[ \t]*=)", re.M
)


# --------------------------------------------------------------------------- reading


@dataclass
class JournalRead:
    """A parsed encounter file.

    ``head`` is the document without ``events``; ``events`` are the intact event
    tables in file order, without their ``crc`` key; ``torn`` describes a torn last
    block (``None`` when the file ended cleanly); ``head_lines`` is the number of
    lines before the first ``[[events]]`` line (all lines when there are none).
    """

    head: dict[str, Any]
    events: list[dict[str, Any]]
    torn: TornTail | None
    head_lines: int


@frozen_record
class _Chunk(FrozenRecord):
    """Outcome of checking one ``[[events]]`` block: ``end`` is where good bytes stop."""

    ok: bool
    end: int
    problem: str = ""
    problem_at: int = 0
    damaged: bool = True
    """False for a problem that is an edit, not damage (a section after the events)."""


@frozen_record
class _Damage(FrozenRecord):
    """What is wrong in the middle of a journal, and at which byte."""

    what: str
    at: int


def _crc_ok(body: bytes, crc: int) -> bool:
    """Tell whether ``body`` (or its LF-only form, for CRLF-converted files) has ``crc``."""
    if zlib.crc32(body) == crc:
        return True
    return b"\r\n" in body and zlib.crc32(body.replace(b"\r\n", b"\n")) == crc


def check_block(data: bytes, start: int, stop: int, last: bool) -> _Chunk:
    """Check the block ``data[start:stop]``: crc line present and right, nothing after it."""
    crc_at = data.find(b"\ncrc = ", start, stop)
    if crc_at >= 0 and data.endswith(b"\n", 0, stop):
        line_end = data.find(b"\n", crc_at + 1, stop)
        if line_end == stop - 1:  # the usual block: crc is its last line
            digits = data[crc_at + 7 : line_end]
            body = memoryview(data)[start : crc_at + 1]
            if digits.isdigit() and len(digits) <= 10 and zlib.crc32(body) == int(digits):
                return _Chunk(True, stop)
    if crc_at < 0:
        return _Chunk(False, start, "event block has no crc line", start)
    line_end = data.find(b"\n", crc_at + 1, stop)
    line_end = stop if line_end < 0 else line_end
    match = _CRC_LINE_RE.fullmatch(data, crc_at + 1, line_end)
    if match is None or len(match[1]) > 10 or not _crc_ok(data[start : crc_at + 1], int(match[1])):
        return _Chunk(False, start, "event block fails its crc check", start)
    after = min(line_end + 1, stop)
    if after == stop or not data[after:stop].strip():
        return _Chunk(True, stop)
    return _check_trailer(data, after, stop, last)


def _check_trailer(data: bytes, after: int, stop: int, last: bool) -> _Chunk:
    """Judge text after a good block's crc line: comments, a torn append, or a stray section."""
    text = data[after:stop]
    try:
        parsed: dict[str, Any] | None = loads_toml(text.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        parsed = None
    if parsed == {}:
        return _Chunk(True, stop)
    if parsed is None and last:
        return _Chunk(True, after)  # a torn start of the next block
    at = after + len(text) - len(text.lstrip())
    edited = parsed is not None and _CRC_ANY_RE.search(text) is None  # a GM's own section
    problem = "only [[events]] blocks may follow the first event block"
    return _Chunk(False, after, problem, at, damaged=not edited)


def _scan_events(path: Path, data: bytes, starts: list[int]) -> tuple[int, int, _Damage | None]:
    """Check every block; return (bytes to keep, blocks kept, damage before the last block).

    A torn last block is left out; a section written among the events raises.
    """
    bounds = starts + [len(data)]
    for i, start in enumerate(starts):
        last = i == len(starts) - 1
        chunk = check_block(data, start, bounds[i + 1], last)
        if not chunk.ok:
            if last and chunk.problem_at == start:
                return start, i, None
            message = f"{chunk.problem} (event {i + 1} of {len(starts)}; damaged or edited?)"
            if not chunk.damaged:
                raise JournalError(path, message, *_line_col(data, chunk.problem_at))
            kept = i + 1 if chunk.end > start else i
            return chunk.end, kept, _Damage(message, chunk.problem_at)
        if chunk.end < bounds[i + 1]:
            return chunk.end, i + 1, None
    return len(data), len(starts), None


def _torn_header(data: bytes) -> int:
    """Return where an append torn inside the very first ``[[events]]`` line starts (else EOF)."""
    line_start = data.rfind(b"\n") + 1
    tail = data[line_start:]
    return line_start if tail and HEADER.encode().startswith(tail) else len(data)


def _parse_kept(
    path: Path, data: bytes, starts: list[int], keep: int, kept: int
) -> tuple[dict[str, Any], int, int]:
    """Parse ``data[:keep]``; if it fails inside the last kept block, treat that as torn."""
    try:
        return parse_document(path, data[:keep]), keep, kept
    except JournalError as exc:
        if kept == 0 or kept != len(starts) or exc.line is None:
            raise
        if exc.line < data.count(b"\n", 0, starts[kept - 1]) + 1:
            raise
    return parse_document(path, data[: starts[kept - 1]]), starts[kept - 1], kept - 1


def _events_error(path: Path, data: bytes, starts: list[int], message: str) -> JournalError:
    """Build an error about the shape of ``events``, pointing at a suspicious line."""
    for match in _LOOSE_HEADER_RE.finditer(data):
        if match.start() not in starts:
            return JournalError(path, message, *_line_col(data, match.start(1)))
    at = starts[0] if starts else 0
    return JournalError(path, message, *_line_col(data, at))


def _take_events(
    path: Path, data: bytes, doc: dict[str, Any], starts: list[int], kept: int
) -> list[dict[str, Any]]:
    """Pop and check ``events`` from ``doc``: a list of ``kept`` tables; drop their crc."""
    events = doc.pop("events", None)
    if kept == 0:
        if events is not None:
            msg = "`events` must be written as [[events]] blocks at the end of the file"
            raise _events_error(path, data, starts, msg)
        return []
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise _events_error(path, data, starts, "`events` must be an array of tables")
    if len(events) != kept:
        msg = "every event must start with a line that is exactly [[events]]"
        raise _events_error(path, data, starts, msg)
    for event in events:
        event.pop("crc", None)
    return events


def read_bytes(path: Path) -> bytes:
    """Read the whole file in binary, turning OS errors into JournalError."""
    try:
        return read_regular(path)
    except OSError as exc:
        raise JournalError(path, f"cannot read the file: {exc.strerror or exc}") from exc


def read_journal(path: Path) -> JournalRead:
    """Read and check an encounter file without changing anything on disk.

    Every problem raises :class:`JournalError` naming ``path:line:col``. A torn last
    event block (the file ends mid-block, or the block's crc is missing or wrong, or
    it does not parse) is not an error: the intact events before it are returned and
    the damage is described in ``JournalRead.torn``.
    """
    path = Path(path)
    return read_journal_data(path, read_bytes(path))


def read_journal_data(path: Path, data: bytes) -> JournalRead:
    """:func:`read_journal` of the bytes ``data`` read from ``path``."""
    if looks_like_json(data):
        raise JournalError(path, JSON_SAID, 1, 1)
    read = _read_intact(path, data) or _read_carefully(path, data)
    return _whole_batches(data, read)


def _read_carefully(path: Path, data: bytes) -> JournalRead:
    """Check block by block; a torn last block or damage mid-way becomes ``torn``."""
    starts = [m.start() for m in HEADER_RE.finditer(data)]
    damage: _Damage | None = None
    lost = lost_first_block(path, data, starts[0] if starts else len(data))
    if lost is not None:
        keep, kept = lost, 0
        damage = _Damage("the first event block has a broken [[events]] line", lost)
    elif starts:
        keep, kept, damage = _scan_events(path, data, starts)
    else:
        keep, kept = _torn_header(data), 0
    doc, keep, kept = _parse_kept(path, data, starts, keep, kept)
    events = _take_events(path, data, doc, starts, kept)
    torn = _tail(data, keep, kept, damage) if keep < len(data) else None
    return JournalRead(doc, events, torn, _head_lines(data, starts if lost is None else [lost]))


def _tail(data: bytes, keep: int, kept: int, damage: _Damage | None) -> TornTail:
    """The part of ``data`` from ``keep`` on, left out (torn, or from the damage on)."""
    at = _line_col(data, keep)
    if damage is None:
        return TornTail(keep, data[keep:], kept, at=at, damage_at=at)
    return TornTail(keep, data[keep:], kept, damage.what, at, _line_col(data, damage.at))


def _whole_batches(data: bytes, read: JournalRead) -> JournalRead:
    """Drop the ``batch_end`` marks; a last command cut short becomes part of the torn tail.

    A format-1 file with no mark at all was written before batches were marked: all its
    events stand (one the new tracker appended to is judged by its marks).
    """
    events = read.events
    marks = [bool(table.pop(BATCH_END, False)) for table in events]
    version = read.head.get("format")
    marked = isinstance(version, int) and version >= BATCHES_MARKED_FROM
    if not marks or marks[-1] or not (marked or any(marks)):
        return read
    whole = len(marks) - marks[::-1].index(True) if any(marks) else 0
    starts = [m.start() for m in HEADER_RE.finditer(data)]
    offset = starts[whole]
    read.events = events[:whole]
    at = _line_col(data, offset)
    if read.torn is None:
        read.torn = TornTail(offset, data[offset:], whole, at=at, damage_at=at)
    else:  # the damage stays where it is; what is left out starts at the whole command
        read.torn = replace(read.torn, offset=offset, data=data[offset:], events_kept=whole, at=at)
    return read


_SEPARATOR = b"\n[[events]]\n"
SNAPSHOT_MARK = b"# snapshot "
"""How a snapshot line starts (:mod:`tracker.store.snapshot`)."""
_MARKS = (STANDING_MARK, SNAPSHOT_MARK)
"""The comment lines our writer leaves between blocks."""
_HEADER_CRC = zlib.crc32(b"[[events]]\n")


def intact_blocks(data: bytes) -> int | None:
    """How many event blocks there are, if every one is whole, in the usual shape
    (LF line ends, crc last, nothing between blocks but standing and snapshot lines) and
    passes its crc; else None."""
    _, found, rest = data.partition(_SEPARATOR)
    if not found or not rest.endswith(b"\n"):
        return None
    parts = rest[:-1].split(_SEPARATOR)
    for part in parts:
        at = part.rfind(b"\ncrc = ")
        digits = part[at + 7 :]
        if not digits.isdigit():  # a standing line, a snapshot line may follow (comments)
            digits, _, rest = digits.partition(b"\n")
            if not all(line.startswith(_MARKS) for line in rest.split(b"\n")):
                return None
        if at < 0 or not digits.isdigit() or len(digits) > 10:  # a crc32 has at most 10
            return None
        if zlib.crc32(memoryview(part)[: at + 1], _HEADER_CRC) != int(digits):
            return None
    return len(parts)


def _read_intact(path: Path, data: bytes) -> JournalRead | None:
    """The fast path for a healthy file: check every block, parse once; None when
    anything looks unusual (the careful path then finds and names the problem)."""
    count = intact_blocks(data)
    first = data.find(_SEPARATOR) + 1
    if count is None or _CRC_ANY_RE.search(data, 0, first):  # a first block without its header
        return None
    try:
        doc = parse_document(path, data)
    except JournalError:
        return None
    events = doc.pop("events", None)
    if not isinstance(events, list) or len(events) != count:
        return None
    for event in events:
        if not isinstance(event, dict) or "crc" not in event:
            return None
        del event["crc"]
    return JournalRead(doc, events, None, data.count(b"\n", 0, first))


def _head_lines(data: bytes, starts: list[int]) -> int:
    """Count the lines before the first ``[[events]]`` line (all lines if there is none)."""
    if starts:
        return data.count(b"\n", 0, starts[0])
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
