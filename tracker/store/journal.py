"""Crash-safe, game-agnostic file layer: a TOML head followed by an append-only journal.

An encounter file is a TOML document whose last section is a run of ``[[events]]``
blocks. The head (everything else) is written by ``tomli_w``; each event block is
written by :func:`format_event` as flat ``key = value`` lines (inline arrays and
inline tables only) ending in ``crc = <zlib.crc32 of the block up to that line>``.

* :class:`JournalWriter` appends one block with one ``os.write`` + ``os.fsync``.
* :func:`read_journal` loads a file, detecting a torn last block (crash mid-append)
  without touching the disk; :func:`repair_torn` moves it to a side file.
* :func:`write_document` rewrites a whole file atomically (temp file, fsync,
  ``os.replace``, fsync of the folder).
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import sys
import time
import tomllib
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

import tomli_w

from tracker.store.errors import JournalError

__all__ = [
    "JournalRead",
    "JournalWriter",
    "TornTail",
    "format_event",
    "read_journal",
    "repair_torn",
    "write_document",
]

HEADER = "[[events]]\n"
_HEADER_RE = re.compile(rb"^\[\[events\]\]\r?$", re.MULTILINE)
_CRC_LINE_RE = re.compile(rb"crc = ([0-9]{1,10})\r?")
_LOOSE_HEADER_RE = re.compile(
    rb"^[ \t]*(\[\[[ \t]*[\"']?events[\"']?[ \t]*\]\]|events[ \t]*=)", re.M
)
_TOML_POS_RE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END_RE = re.compile(r"\s*\(at end of document\)$")
_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1
_O_BINARY: int = getattr(os, "O_BINARY", 0)


# --------------------------------------------------------------------------- formatting


def _fmt_str(value: str) -> str:
    """Return ``value`` as a TOML basic string (JSON escapes are valid TOML escapes)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("\x7f", "\\u007f") if "\x7f" in text else text


def _fmt_key(key: object) -> str:
    """Return ``key`` as a bare TOML key when possible, else a quoted one."""
    if not isinstance(key, str):
        raise TypeError(f"event keys must be strings, not {type(key).__name__} ({key!r})")
    return key if _BARE_KEY_RE.fullmatch(key) else _fmt_str(key)


def _fmt_datetime(value: datetime) -> str:
    """Return an aware datetime as a TOML offset date-time in UTC (``...Z``)."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise TypeError(f"datetimes must be timezone-aware (UTC), got naive {value!r}")
    return value.astimezone(UTC).replace(tzinfo=None).isoformat() + "Z"


def _fmt_value(value: object) -> str:
    """Return ``value`` as a one-line TOML value; raise TypeError/ValueError if it can't be."""
    if isinstance(value, str):
        return _fmt_str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:
            raise ValueError(f"integer {value} does not fit in 64 bits")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            raise ValueError("NaN cannot be stored in an event")
        return repr(value)
    if isinstance(value, datetime):
        return _fmt_datetime(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return _fmt_inline_table(value)
    if value is None:
        raise TypeError("None cannot be stored (TOML has no null): omit the key instead")
    raise TypeError(f"cannot store a {type(value).__name__} in an event: {value!r}")


def _fmt_inline_table(table: Mapping[Any, Any]) -> str:
    """Return ``table`` as a TOML inline table ``{ a = 1, b = "x" }``."""
    if not table:
        return "{}"
    items = ", ".join(f"{_fmt_key(k)} = {_fmt_value(v)}" for k, v in table.items())
    return "{ " + items + " }"


def _plain(value: object) -> object:
    """Return ``value`` as tomllib would read it back (tuples -> lists, datetimes in UTC)."""
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, datetime):
        return value.astimezone(UTC)
    return value


def format_event(table: Mapping[str, Any]) -> str:
    """Return the ``[[events]]`` block for ``table``, ending in its ``crc`` line and a newline.

    Keys keep their order. Values may be str, int, float, bool, aware datetimes
    (written in UTC), lists/tuples and dicts of those (as inline arrays/tables).
    Raises ``TypeError`` for None and unsupported types, ``ValueError`` for values
    TOML cannot hold (NaN, integers beyond 64 bits, lone surrogates) or a ``crc`` key.
    The block is checked to read back as exactly ``table`` plus its ``crc``.
    """
    if not isinstance(table, Mapping):
        raise TypeError(f"an event must be a table (dict), not {type(table).__name__}")
    if "crc" in table:
        raise ValueError("an event may not have a 'crc' key: the journal adds it")
    lines = [HEADER]
    lines.extend(f"{_fmt_key(k)} = {_fmt_value(v)}\n" for k, v in table.items())
    body = "".join(lines)
    try:
        crc = zlib.crc32(body.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ValueError(f"text that is not valid Unicode cannot be stored: {exc}") from exc
    block = f"{body}crc = {crc}\n"
    _check_round_trip(block, table, crc)
    return block


def _check_round_trip(block: str, table: Mapping[str, Any], crc: int) -> None:
    """Raise ValueError unless ``block`` parses back to ``table`` plus ``crc``."""
    try:
        parsed = tomllib.loads(block)
    except tomllib.TOMLDecodeError as exc:  # pragma: no cover - a bug in the formatter
        raise ValueError(f"event does not round-trip through TOML: {exc}") from exc
    expected = {**{k: _plain(v) for k, v in table.items()}, "crc": crc}
    if parsed != {"events": [expected]}:
        raise ValueError(f"event does not round-trip through TOML: {dict(table)!r}")


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


def _check_chunk(data: bytes, start: int, stop: int, last: bool) -> _Chunk:
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
        chunk = _check_chunk(data, start, bounds[i + 1], last)
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


def _parse(path: Path, data: bytes) -> dict[str, Any]:
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
        return _parse(path, data[:keep]), keep, kept
    except JournalError as exc:
        if kept == 0 or kept != len(starts) or exc.line is None:
            raise
        if exc.line < data.count(b"\n", 0, starts[kept - 1]) + 1:
            raise
    return _parse(path, data[: starts[kept - 1]]), starts[kept - 1], kept - 1


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
    quick = _read_intact(path, data)
    if quick is not None:
        return quick
    starts = [m.start() for m in _HEADER_RE.finditer(data)]
    keep, kept = _scan_events(path, data, starts) if starts else (_torn_header(data), 0)
    doc, keep, kept = _parse_kept(path, data, starts, keep, kept)
    events = _take_events(path, data, doc, starts, kept)
    torn = TornTail(keep, data[keep:], kept) if keep < len(data) else None
    return JournalRead(doc, events, torn, _head_lines(data, starts))


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
    doc = _parse(path, data)
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


def _fsync(fd: int) -> None:
    """Flush ``fd`` to stable storage (F_FULLFSYNC on macOS, where fsync is not enough)."""
    if sys.platform == "darwin":  # pragma: no cover - not this platform
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except OSError:
            pass
    os.fsync(fd)


def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (POSIX); a no-op where folders cannot be opened."""
    if os.name == "nt":  # pragma: no cover - not this platform
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        _fsync(fd)
    finally:
        os.close(fd)


def _side_file(path: Path, now: datetime) -> tuple[Path, int]:
    """Create ``PATH.torn-YYYYMMDDTHHMMSSZ`` (with ``-2``, ``-3``… if taken); return it open."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY
    for n in range(1, 1000):
        side = path.with_name(f"{path.name}.torn-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            return side, os.open(side, flags, 0o644)
        except FileExistsError:
            continue
    raise JournalError(path, f"too many side files named {path.name}.torn-{stamp}")


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _check_still_torn(path: Path, torn: TornTail) -> None:
    """Raise unless the file still ends with exactly ``torn.data`` at ``torn.offset``."""
    with open(path, "rb") as file:
        file.seek(torn.offset)
        if torn.offset > os.fstat(file.fileno()).st_size or file.read() != torn.data:
            raise JournalError(path, "the file changed since it was read; read it again")


def repair_torn(path: Path, torn: TornTail, now: datetime | None = None) -> Path:
    """Move a torn tail to ``PATH.torn-YYYYMMDDTHHMMSSZ`` and cut the file back to intact events.

    The side file is written and fsynced before the original is truncated at
    ``torn.offset`` (and fsynced). Refuses if the file no longer ends with
    ``torn.data``. Returns the side file's path. ``now`` defaults to the current time.
    """
    path = Path(path)
    when = now if now is not None else datetime.now(UTC)
    when = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    try:
        _check_still_torn(path, torn)
        side, fd = _side_file(path, when)
        try:
            _write_all(fd, torn.data)
            _fsync(fd)
        finally:
            os.close(fd)
        _fsync_dir(path.parent)
        _truncate(path, torn.offset)
    except OSError as exc:
        raise JournalError(path, f"cannot repair the torn tail: {exc.strerror or exc}") from exc
    return side


def _truncate(path: Path, offset: int) -> None:
    """Cut ``path`` to ``offset`` bytes and fsync it."""
    fd = os.open(path, os.O_WRONLY | _O_BINARY)
    try:
        os.ftruncate(fd, offset)
        _fsync(fd)
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- rewriting


def _document_text(path: Path, head: Mapping[str, Any], events: list[dict[str, Any]]) -> bytes:
    """Render head + events as the bytes of a whole file, raising JournalError if impossible."""
    if "events" in head:
        raise JournalError(path, "the head may not contain `events`: pass them separately")
    try:
        head_text = tomli_w.dumps(dict(head))
        blocks = "".join(format_event(event) for event in events)
        text = head_text + ("\n" if head_text and blocks else "") + blocks
        _parse_back(text, len(events))
        return text.encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise JournalError(path, f"cannot write the file: {exc}") from exc


def _parse_back(text: str, count: int) -> None:
    """Raise ValueError unless ``text`` parses, with ``count`` events."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the result would not be valid TOML: {exc}") from exc
    if len(doc.get("events", ())) != count:
        raise ValueError("the head would swallow or add events")


def _replace(src: str, dst: Path) -> None:
    """``os.replace`` with brief retries on Windows, where readers can hold the target open."""
    for attempt in range(20):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 19:
                raise
            time.sleep(0.05)  # pragma: no cover - Windows only


def _create_temp(path: Path) -> tuple[str, int]:
    """Create a hidden temp file beside ``path`` (mode 0o666 less umask, or the old file's)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY
    while True:
        name = str(path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp"))
        try:
            fd = os.open(name, flags, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    try:
        os.chmod(name, os.stat(path).st_mode & 0o7777)
    except FileNotFoundError:
        pass
    except OSError:
        os.close(fd)
        _remove_quietly(name)
        raise
    return name, fd


def write_document(path: Path, head: Mapping[str, Any], events: list[dict[str, Any]]) -> None:
    """Atomically (re)write a whole encounter file: the ``head`` then ``events`` as blocks.

    For new files, compaction and format upgrades. Goes through a temp file in the
    same folder (write, fsync, ``os.replace``, fsync of the folder). On any failure
    the original file is untouched and the temp file removed. An open
    :class:`JournalWriter` on ``path`` must be reopened afterwards.
    """
    path = Path(path)
    data = _document_text(path, head, events)
    try:
        _atomic_write(path, data)
    except OSError as exc:
        raise JournalError(path, f"cannot write the file: {exc.strerror or exc}") from exc


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path`` and move it into place durably."""
    tmp, fd = _create_temp(path)
    try:
        try:
            _write_all(fd, data)
            _fsync(fd)
        finally:
            os.close(fd)
        _replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise
    _fsync_dir(path.parent)


def _remove_quietly(name: str) -> None:
    """Delete ``name`` if it exists, ignoring errors."""
    try:
        os.unlink(name)
    except OSError:
        pass


# --------------------------------------------------------------------------- appending


def _tail_windows(file: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """Yield (offset, bytes) windows reaching back from the end of the file, doubling each time."""
    size = file.seek(0, os.SEEK_END)
    window = 1 << 16
    while True:
        start = max(0, size - window)
        file.seek(start)
        yield start, file.read(size - start)
        if start == 0:
            return
        window *= 2


def _check_tail(path: Path, file: BinaryIO) -> bytes:
    """Raise JournalError if the file ends in a torn block; return its last byte (or b"")."""
    data = b""
    for start, data in _tail_windows(file):
        found = [m.start() for m in _HEADER_RE.finditer(data) if start == 0 or m.start() > 0]
        if found:
            if _check_chunk(data, found[-1], len(data), True).end < len(data):
                msg = "the file does not end with an intact event block: load it to repair"
                raise JournalError(path, msg)
            break
        if start == 0:
            _parse(path, data)  # no events yet: the head must at least parse
    return data[-1:]


class JournalWriter:
    """Appends event blocks to an existing encounter file, one ``write`` + ``fsync`` each.

    Opening checks that the file does not end in a torn block (appending after one
    would turn recoverable damage into a hard error) and adds a final newline if the
    file lacks one. Hold a :class:`tracker.store.lock.WriterLock` while writing.
    """

    def __init__(self, path: Path) -> None:
        """Open ``path`` for appending; raise JournalError if it is missing or torn."""
        self.path = Path(path)
        self._fd: int | None = None
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | _O_BINARY)
        except OSError as exc:
            raise JournalError(self.path, f"cannot open for appending: {exc.strerror}") from exc
        try:
            self._prepare(fd)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def _prepare(self, fd: int) -> None:
        """Check the tail and make sure the file ends with a newline."""
        try:
            with open(self.path, "rb") as file:
                last = _check_tail(self.path, file)
            if last not in (b"", b"\n"):
                _write_all(fd, b"\n")
                _fsync(fd)
        except OSError as exc:
            raise JournalError(self.path, f"cannot prepare for appending: {exc.strerror}") from exc

    def append(self, table: Mapping[str, Any]) -> None:
        """Append one event: exactly one ``os.write`` of its block, then ``os.fsync``.

        Raises JournalError (and writes nothing) if the table cannot be stored.
        """
        if self._fd is None:
            raise JournalError(self.path, "the journal writer is closed")
        try:
            data = format_event(table).encode("utf-8")
        except (TypeError, ValueError) as exc:
            raise JournalError(self.path, f"cannot append event: {exc}") from exc
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                self._undo_short_write(written)
            _fsync(self._fd)
        except OSError as exc:
            raise JournalError(self.path, f"cannot append event: {exc.strerror}") from exc

    def _undo_short_write(self, written: int) -> None:
        """Cut a partly written block back off (best effort) and raise."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, os.fstat(self._fd).st_size - written)
            _fsync(self._fd)
        except OSError:
            pass
        raise JournalError(self.path, f"short write ({written} bytes): disk full?")

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._fd is None

    def __enter__(self) -> JournalWriter:
        """Return self; the file is already open."""
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Close the file."""
        self.close()
