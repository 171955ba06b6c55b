"""Bringing a file of an older format up to date on disk, before its first new command.

A format-1 file's journal has no batch marks, so a command appended to it could not be
told apart from its old events if a crash cut it short. Opening such a file for play
therefore upgrades it first, as a step of its own:

1. the old bytes are copied to ``FILE.format1-STAMP`` (fsynced): kept aside until the
   upgrade is in;
2. the new bytes go to a temporary file beside it, fsynced, ``os.replace`` d over the
   file, and the folder fsynced (:func:`tracker.store.durable.write_file_atomically`);
3. the copy is removed (a copy a kill left behind is removed on a later opening, once
   the file is known to hold all of it: :func:`forget_finished_copies`).

A crash at any point leaves the old file or the new one, both loading to the same fight.
Through a symlink, the file it points to is rewritten (beside itself); a file with other
hard links is left in format 1 (replacing it would part the names), its first command
appended as before.
The new bytes are the old ones but for two things: the ``format = 1`` line says
``format = 2`` (comments and layout of the hand-written head stay), and the last block of
each old command gets ``batch_end = true`` (with its crc made anew), so every command is
marked as format 2 wants.
"""

from __future__ import annotations

import os
import re
import tomllib
import zlib
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from tracker.rules.user_files import loads_toml, read_regular
from tracker.store.block import BATCH_END
from tracker.store.durable import (
    batch_of,
    fsync_dir,
    write_file_atomically,
    write_synced,
)
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE
from tracker.store.open_flags import O_BINARY as _O_BINARY
from tracker.store.toml_parse import parse_document
from tracker.store.upgrade import BATCHES_MARKED_FROM, CURRENT_FORMAT

_FORMAT_LINE_RE = re.compile(
    rb"^([ \t]*(?:format|\"format\"|'format')[ \t]*=[ \t]*)([0-9]+)([ \t]*(?:#[^\r\n]*)?\r?)$",
    re.MULTILINE,
)
_TABLE_RE = re.compile(rb"^[ \t]*\[", re.MULTILINE)


def upgrade_on_disk(path: Path, version: int) -> bool:
    """Rewrite ``path`` (of format ``version``) in today's format; False when it is not
    rewritten: it already is, or it has other hard links (replacing it would part them
    from it, so it stays as it is). A symlink's target is rewritten, beside itself, as
    the writer lock's file is. The caller holds the writer lock and has moved any torn
    or damaged tail aside. JournalError (one line) if it cannot; the file is then
    unchanged."""
    if version >= CURRENT_FORMAT:
        return False
    path = Path(path)
    real = Path(os.path.realpath(path))
    try:
        if os.stat(real).st_nlink > 1:
            return False
        data = read_regular(real)
    except OSError as exc:
        raise JournalError(path, f"cannot read the file: {exc.strerror or exc}") from exc
    new = upgraded_bytes(path, data, version)
    kept = _keep_aside(real, data, version)
    try:
        write_file_atomically(real, new)
    finally:  # in, or the file as it was: the copy is not needed either way
        kept.unlink(missing_ok=True)
    return True


_COPY_RE = re.compile(r"\.format([0-9]+)-[0-9]{8}T[0-9]{6}Z(?:-[0-9]+)?")
"""What follows the file's name in the name of a copy :func:`_keep_aside` makes."""


def forget_finished_copies(path: Path) -> list[str]:
    """Remove the copies :func:`finished_copies` finds beside ``path``; one line for the
    GM each. Called with the writer lock held."""
    said = []
    for copy in finished_copies(path):
        try:
            copy.unlink()
        except OSError:
            continue
        said.append(
            f"{copy.name}: removed, the copy an upgrade cut short left — the file holds it all"
        )
    return said


def finished_copies(path: Path) -> list[Path]:
    """The copies ``FILE.formatN-STAMP`` that an upgrade killed before its last step left
    beside ``path``, each only when the file holds all the copy held (it starts with the
    copy, or with the copy brought up to date): removing them never loses a fight."""
    real = Path(os.path.realpath(path))
    try:
        names = sorted(n for n in os.listdir(real.parent) if n.startswith(f"{real.name}.format"))
    except OSError:
        return []
    found = []
    for name in names:
        match = _COPY_RE.fullmatch(name[len(real.name) :])
        copy = real.with_name(name)
        if match is not None and not copy.is_symlink() and _holds(real, copy, int(match[1])):
            found.append(copy)
    return found


def _holds(path: Path, copy: Path, version: int) -> bool:
    """Whether the file at ``path`` starts with all that ``copy`` (format ``version``)
    held, as it was or upgraded (an empty copy, as a kill just after making it leaves,
    holds nothing to lose); False when either cannot be read."""
    try:
        old, now = read_regular(copy), read_regular(path)
        return not old or now.startswith(old) or now.startswith(upgraded_bytes(path, old, version))
    except (OSError, JournalError):
        return False


def upgraded_bytes(path: Path, data: bytes, version: int) -> bytes:
    """The file ``data`` (format ``version``, intact) as today's format."""
    first = HEADER_RE.search(data)
    end = first.start() if first else len(data)
    journal = data[end:]
    if version < BATCHES_MARKED_FROM:
        journal = _marked_journal(path, journal)
    return _head_bytes(path, data[:end]) + journal


def _head_bytes(path: Path, old: bytes) -> bytes:
    """The head with its ``format`` line saying today's number (else written anew, its
    comments lost: a ``format`` value not written as a plain number)."""
    table = _TABLE_RE.search(old)
    top = table.start() if table else len(old)
    match = _FORMAT_LINE_RE.search(old, 0, top)
    if match is not None:
        number = str(CURRENT_FORMAT).encode()
        return old[: match.start(2)] + number + old[match.end(2) :]
    text = tomli_w.dumps({**parse_document(path, old), "format": CURRENT_FORMAT}).encode()
    return text + (b"\n" if old.endswith(b"\n\n") else b"")


def _marked_journal(path: Path, journal: bytes) -> bytes:
    """The journal with ``batch_end = true`` on the last block of every command."""
    starts = [m.start() for m in HEADER_RE.finditer(journal)] + [len(journal)]
    blocks = [journal[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    tables = [_table(path, block) for block in blocks]
    return b"".join(
        _marked(block) if _ends_batch(tables, i) else block for i, block in enumerate(blocks)
    )


def _table(path: Path, block: bytes) -> dict[str, Any]:
    """The event table of one intact block."""
    try:
        events = loads_toml(block.decode("utf-8"))["events"]
        return dict(events[0])
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, IndexError) as exc:
        msg = f"cannot upgrade the file: an event does not read ({exc})"
        raise JournalError(path, msg) from exc


def _ends_batch(tables: Sequence[dict[str, Any]], index: int) -> bool:
    """Whether event ``index`` is the last of its command and not marked yet."""
    table = tables[index]
    if table.get(BATCH_END):
        return False
    if index + 1 == len(tables):
        return True
    return batch_of(tables[index + 1]) != batch_of(table)


def _marked(block: bytes) -> bytes:
    """``block`` with a ``batch_end = true`` line before its crc line, the crc made anew."""
    crc_at = block.find(b"\ncrc = ") + 1
    line_end = block.find(b"\n", crc_at)
    line_end = len(block) if line_end < 0 else line_end + 1
    eol = b"\r\n" if block[crc_at:line_end].rstrip(b"\n").endswith(b"\r") else b"\n"
    body = block[:crc_at] + BATCH_END.encode() + b" = true" + eol
    return body + b"crc = %d" % zlib.crc32(body) + eol + block[line_end:]


def _keep_aside(path: Path, data: bytes, version: int) -> Path:
    """Copy the old bytes to ``FILE.formatN-STAMP`` (fsynced) until the upgrade is in."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY
    for n in range(1, 1000):
        side = path.with_name(f"{path.name}.format{version}-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            fd = os.open(side, flags, 0o644)
        except FileExistsError:
            continue
        except OSError as exc:
            raise JournalError(path, f"cannot upgrade the file: {exc.strerror or exc}") from exc
        try:
            write_synced(fd, data)
            fsync_dir(path.parent)
        except OSError as exc:
            side.unlink(missing_ok=True)
            raise JournalError(path, f"cannot upgrade the file: {exc.strerror or exc}") from exc
        except BaseException:  # Ctrl+C or an exit as it was written: no copy half made
            side.unlink(missing_ok=True)
            raise
        return side
    raise JournalError(path, f"too many side files named {path.name}.format{version}-{stamp}")
