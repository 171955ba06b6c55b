"""Crash-safe, game-agnostic file layer: a TOML head followed by an append-only journal.

An encounter file is a TOML document whose last section is a run of ``[[events]]``
blocks. The head (everything else) is written by ``tomli_w``; each event block is
written by :func:`format_event` as flat ``key = value`` lines (inline arrays and
inline tables only) ending in ``crc = <zlib.crc32 of the block up to that line>``.

* :class:`tracker.store.writer.JournalWriter` appends one block with one ``os.write``
  + ``os.fsync``.
* :func:`read_journal` loads a file, detecting a torn last block (crash mid-append)
  without touching the disk; :func:`repair_torn` moves it to a side file.
* :func:`tracker.store.durable.write_document` rewrites a whole file atomically (temp file, fsync,
  ``os.replace``, fsync of the folder).
"""

from __future__ import annotations

import os
import re
import tomllib
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracker.store.block import BATCH_END
from tracker.store.block import HEADER as HEADER
from tracker.store.block import format_event as format_event
from tracker.store.durable import create_document as create_document
from tracker.store.durable import fsync_dir, fsync_file, write_all
from tracker.store.durable import write_document as write_document
from tracker.store.errors import JournalError
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
_TOML_POS_RE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END_RE = re.compile(r"\s*\(at end of document\)$")
_O_BINARY: int = getattr(os, "O_BINARY", 0)
_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class TornTail:
    """The unreadable end of a journal: ``data`` starts at byte ``offset``.

    ``events_kept`` intact events precede it. Pass it to :func:`repair_torn`.
    """

    offset: int
    data: bytes
    events_kept: int


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


@dataclass(frozen=True)
class _Chunk:
    """Outcome of checking one ``[[events]]`` block: ``end`` is where good bytes stop."""

    ok: bool
    end: int
    problem: str = ""
    problem_at: int = 0


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    """Return the 1-based (line, column) of byte ``offset`` in ``data``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, col


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
            if digits.isdigit() and zlib.crc32(body) == int(digits):
                return _Chunk(True, stop)
    if crc_at < 0:
        return _Chunk(False, start, "event block has no crc line", start)
    line_end = data.find(b"\n", crc_at + 1, stop)
    line_end = stop if line_end < 0 else line_end
    match = _CRC_LINE_RE.fullmatch(data, crc_at + 1, line_end)
    if match is None or not _crc_ok(data[start : crc_at + 1], int(match[1])):
        return _Chunk(False, start, "event block fails its crc check", start)
    after = min(line_end + 1, stop)
    if after == stop or not data[after:stop].strip():
        return _Chunk(True, stop)
    return _check_trailer(data, after, stop, last)


def _check_trailer(data: bytes, after: int, stop: int, last: bool) -> _Chunk:
    """Judge text after a good block's crc line: comments, a torn append, or a stray section."""
    text = data[after:stop]
    try:
        parsed: dict[str, Any] | None = tomllib.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        parsed = None
    if parsed == {}:
        return _Chunk(True, stop)
    if parsed is None and last:
        return _Chunk(True, after)  # a torn start of the next block
    at = after + len(text) - len(text.lstrip())
    return _Chunk(False, after, "only [[events]] blocks may follow the first event block", at)


def _scan_events(path: Path, data: bytes, starts: list[int]) -> tuple[int, int]:
    """Check every block; return (bytes to keep, blocks kept). Damage before the last raises."""
    bounds = starts + [len(data)]
    for i, start in enumerate(starts):
        last = i == len(starts) - 1
        chunk = check_block(data, start, bounds[i + 1], last)
        if not chunk.ok:
            if last and chunk.problem_at == start:
                return start, i
            line, col = _line_col(data, chunk.problem_at)
            message = f"{chunk.problem} (event {i + 1} of {len(starts)}; edited or damaged?)"
            raise JournalError(path, message, line, col)
        if chunk.end < bounds[i + 1]:
            return chunk.end, i + 1
    return len(data), len(starts)


def _torn_header(data: bytes) -> int:
    """Return where an append torn inside the very first ``[[events]]`` line starts (else EOF)."""
    line_start = data.rfind(b"\n") + 1
    tail = data[line_start:]
    return line_start if tail and HEADER.encode().startswith(tail) else len(data)


def _toml_error(path: Path, text: str, exc: tomllib.TOMLDecodeError) -> JournalError:
    """Turn a tomllib error into a JournalError with the position from its message."""
    message = str(exc)
    match = _TOML_POS_RE.search(message)
    if match:
        return JournalError(path, message[: match.start()], int(match[1]), int(match[2]))
    match = _TOML_END_RE.search(message)
    if match:
        line = text.count("\n") + 1
        col = len(text) - (text.rfind("\n") + 1) + 1
        return JournalError(path, message[: match.start()], line, col)
    return JournalError(path, message, 1, 1)


def parse_document(path: Path, data: bytes) -> dict[str, Any]:
    """Decode and parse ``data`` as one TOML document, raising JournalError with a position."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _line_col(data, exc.start)
        raise JournalError(path, "the file is not valid UTF-8", line, col) from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(path, text, exc) from exc


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


def _read_bytes(path: Path) -> bytes:
    """Read the whole file in binary, turning OS errors into JournalError."""
    try:
        return path.read_bytes()
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
    data = _read_bytes(path)
    read = _read_intact(path, data) or _read_carefully(path, data)
    return _whole_batches(data, read)


def _read_carefully(path: Path, data: bytes) -> JournalRead:
    """Check block by block, naming any damage; a torn last block becomes ``torn``."""
    starts = [m.start() for m in HEADER_RE.finditer(data)]
    keep, kept = _scan_events(path, data, starts) if starts else (_torn_header(data), 0)
    doc, keep, kept = _parse_kept(path, data, starts, keep, kept)
    events = _take_events(path, data, doc, starts, kept)
    torn = TornTail(keep, data[keep:], kept) if keep < len(data) else None
    return JournalRead(doc, events, torn, _head_lines(data, starts))


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
    read.torn = TornTail(offset, data[offset:], whole)
    return read


_SEPARATOR = b"\n[[events]]\n"
_HEADER_CRC = zlib.crc32(b"[[events]]\n")


def _intact_blocks(data: bytes) -> int | None:
    """How many event blocks there are, if every one is whole, in the usual shape
    (LF line ends, crc last, nothing between blocks) and passes its crc; else None."""
    _, found, rest = data.partition(_SEPARATOR)
    if not found or not rest.endswith(b"\n"):
        return None
    parts = rest[:-1].split(_SEPARATOR)
    for part in parts:
        at = part.rfind(b"\ncrc = ")
        digits = part[at + 7 :]
        if at < 0 or not digits.isdigit():
            return None
        if zlib.crc32(memoryview(part)[: at + 1], _HEADER_CRC) != int(digits):
            return None
    return len(parts)


def _read_intact(path: Path, data: bytes) -> JournalRead | None:
    """The fast path for a healthy file: check every block, parse once; None when
    anything looks unusual (the careful path then finds and names the problem)."""
    count = _intact_blocks(data)
    if count is None:
        return None
    doc = parse_document(path, data)
    events = doc.pop("events", None)
    if not isinstance(events, list) or len(events) != count:
        return None
    for event in events:
        if not isinstance(event, dict) or "crc" not in event:
            return None
        del event["crc"]
    first = data.find(_SEPARATOR) + 1
    return JournalRead(doc, events, None, data.count(b"\n", 0, first))


def _head_lines(data: bytes, starts: list[int]) -> int:
    """Count the lines before the first ``[[events]]`` line (all lines if there is none)."""
    if starts:
        return data.count(b"\n", 0, starts[0])
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


# --------------------------------------------------------------------------- repairing


def _side_file(path: Path, now: datetime) -> tuple[Path, int]:
    """Create ``PATH.torn-YYYYMMDDTHHMMSSZ`` (with ``-2``, ``-3``… if taken); return it open."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_BINARY
    for n in range(1, 1000):
        side = path.with_name(f"{path.name}.torn-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            return side, os.open(side, flags, 0o644)
        except FileExistsError:  # a file or a link has the name: never followed, skipped
            continue
    raise JournalError(path, f"too many side files named {path.name}.torn-{stamp}")


def _check_still_torn(path: Path, torn: TornTail) -> None:
    """Raise unless the file still ends with exactly ``torn.data`` at ``torn.offset``."""
    with open(path, "rb") as file:
        file.seek(torn.offset)
        if torn.offset > os.fstat(file.fileno()).st_size or file.read() != torn.data:
            raise JournalError(path, "the file changed since it was read; read it again")


def repair_torn(path: Path, torn: TornTail, now: datetime | None = None) -> Path:
    """Move a torn tail to ``PATH.torn-YYYYMMDDTHHMMSSZ`` and cut the file back to intact events.

    The side file is written and fsynced before the original is truncated at
    ``torn.offset`` (and fsynced); if the cut fails (a read-only file) the side file is
    removed again, so a later try makes exactly one. Refuses if the file no longer ends
    with ``torn.data``. Returns the side file's path. ``now`` defaults to the current time.
    """
    path = Path(path)
    when = now if now is not None else datetime.now(UTC)
    when = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    side: Path | None = None
    try:
        _check_still_torn(path, torn)
        side, fd = _side_file(path, when)
        try:
            write_all(fd, torn.data)
            fsync_file(fd)
        finally:
            os.close(fd)
        fsync_dir(path.parent)
        _truncate(path, torn.offset)
    except OSError as exc:
        if side is not None:  # the file keeps its tail: no copy of it may stay behind
            side.unlink(missing_ok=True)
        raise JournalError(path, f"cannot repair the torn tail: {exc.strerror or exc}") from exc
    return side


def _truncate(path: Path, offset: int) -> None:
    """Cut ``path`` to ``offset`` bytes and fsync it."""
    fd = os.open(path, os.O_WRONLY | _O_BINARY)
    try:
        os.ftruncate(fd, offset)
        fsync_file(fd)
    finally:
        os.close(fd)
