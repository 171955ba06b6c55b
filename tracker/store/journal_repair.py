"""Keeping the unreadable end of a journal aside: a torn tail or everything from mid-file damage.

:func:`repair_torn` copies the bytes to a side file beside the journal (``PATH.torn-STAMP``
for the end of an append cut short by a crash, ``PATH.damaged-STAMP`` for damage in the
middle of the file), fsyncs it, and only then cuts the journal back: no byte is lost, and
the side file plus the kept file are exactly the old file. :func:`tail_note` says so in
one line, ``file:line:col`` first.
"""

from __future__ import annotations

import os
from dataclasses import field
from datetime import UTC, datetime
from pathlib import Path

from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.wording import counted
from tracker.store.durable import fsync_dir, fsync_file, write_all, write_synced
from tracker.store.errors import JournalError
from tracker.store.open_flags import O_BINARY as _O_BINARY

_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)


@frozen_record
class TornTail(FrozenRecord):
    """The unreadable end of a journal: ``data`` starts at byte ``offset`` (line, column
    ``at``). ``events_kept`` intact events (whole commands) precede it.

    ``damage`` is empty for the end of an append cut short by a crash; else it says what
    is wrong in the middle of the file, at ``damage_at``, and ``data`` holds everything
    from the last whole command before it on. Pass it to :func:`repair_torn`.
    """

    offset: int
    data: bytes
    events_kept: int
    damage: str = field(default="", compare=False)
    at: tuple[int, int] = field(default=(1, 1), compare=False)
    damage_at: tuple[int, int] = field(default=(1, 1), compare=False)


def _side_file(path: Path, kind: str, now: datetime) -> tuple[Path, int]:
    """Create ``PATH.KIND-YYYYMMDDTHHMMSSZ`` (with ``-2``, ``-3``… if taken); return it open."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_BINARY
    for n in range(1, 1000):
        side = path.with_name(f"{path.name}.{kind}-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            return side, os.open(side, flags, 0o644)
        except FileExistsError:  # a file or a link has the name: never followed, skipped
            continue
    raise JournalError(path, f"too many side files named {path.name}.{kind}-{stamp}")


def keep_aside(path: Path, data: bytes, kind: str) -> Path:
    """Write ``data`` (fsynced) to a new side file ``PATH.KIND-STAMP`` beside ``path``; its
    path. JournalError if the disk refuses (the side file is then removed)."""
    side, fd = _side_file(path, kind, datetime.now(UTC))
    try:
        write_synced(fd, data)
        fsync_dir(path.parent)
    except OSError as err:
        side.unlink(missing_ok=True)
        raise JournalError(path, f"cannot keep a copy aside: {err.strerror or err}") from None
    return side


def _check_still_torn(path: Path, torn: TornTail) -> None:
    """Raise unless the file still ends with exactly ``torn.data`` at ``torn.offset``."""
    if not _still_torn(path, torn):
        raise JournalError(path, "the file changed since it was read; read it again")


def _still_torn(path: Path, torn: TornTail) -> bool:
    """Whether the file still ends with exactly ``torn.data`` at ``torn.offset``."""
    with open(path, "rb") as file:
        file.seek(torn.offset)
        return torn.offset <= os.fstat(file.fileno()).st_size and file.read() == torn.data


def repair_torn(path: Path, torn: TornTail, now: datetime | None = None) -> Path:
    """Move a torn or damaged tail to a side file and cut the file back to intact events.

    The side file (``PATH.torn-YYYYMMDDTHHMMSSZ``, or ``PATH.damaged-…`` when
    ``torn.damage`` says the file was damaged mid-way) is written and fsynced before the
    original is truncated at ``torn.offset`` (and fsynced); if the cut fails (a read-only
    file, or its fsync fails and the tail is written back) the side file is removed again,
    so a later try makes exactly one; if the file could not be made whole again, the side
    file stays and the error names it: no byte is ever lost. Refuses if the
    file no longer ends with ``torn.data``. Returns the side file's path. ``now`` defaults
    to the current time.
    """
    path = Path(path)
    when = now if now is not None else datetime.now(UTC)
    when = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    side: Path | None = None
    try:
        _check_still_torn(path, torn)
        side, fd = _side_file(path, "damaged" if torn.damage else "torn", when)
        try:
            write_all(fd, torn.data)
            fsync_file(fd)
        finally:
            os.close(fd)
        fsync_dir(path.parent)
        _truncate(path, torn)
    except OSError as exc:
        what = "damaged part" if torn.damage else "torn tail"
        message = f"cannot repair the {what}: {exc.strerror or exc}"
        if side is not None and not _kept_whole(path, torn):
            raise JournalError(
                path, f"{message}; its {counted(len(torn.data), 'byte')} are in {side}"
            ) from exc
        if side is not None:  # the file keeps its tail: no copy of it may stay behind
            side.unlink(missing_ok=True)
        raise JournalError(path, message) from exc
    return side


def _kept_whole(path: Path, torn: TornTail) -> bool:
    """Whether ``path`` still holds its tail (False when it cannot even be read)."""
    try:
        return _still_torn(path, torn)
    except OSError:
        return False


def _truncate(path: Path, torn: TornTail) -> None:
    """Cut ``path`` to ``torn.offset`` bytes and fsync it; if the fsync fails, the tail
    is written back (the file is then as it was, unless that fails too)."""
    fd = os.open(path, os.O_RDWR | _O_BINARY)
    try:
        os.ftruncate(fd, torn.offset)
        try:
            fsync_file(fd)
        except OSError:
            _put_back(fd, torn)
            raise
    finally:
        os.close(fd)


def _put_back(fd: int, torn: TornTail) -> None:
    """Write ``torn.data`` back at ``torn.offset`` after a cut that could not be flushed."""
    try:
        os.lseek(fd, torn.offset, os.SEEK_SET)
        write_all(fd, torn.data)
        fsync_file(fd)
    except OSError:
        pass  # the caller sees the file without its tail and keeps the side file


def tail_note(path: Path, torn: TornTail, side: Path | None = None) -> str:
    """One line on what was left out of ``path``: where (``file:line:col``), why, and where
    its bytes went (``side``, once moved aside) or that the file was not changed."""
    size = counted(len(torn.data), "byte")
    line, col = torn.at
    if not torn.damage:
        where = f"{path}:{line}:{col}: the last command was cut off by a crash"
        if side is not None:
            return f"{where}; its {size} were moved to {side}"
        return f"{where} ({size}); it is left out, and moved aside when the file is next played"
    damage_line, damage_col = torn.damage_at
    where = f"{path}:{damage_line}:{damage_col}: {torn.damage}"
    kept = torn.events_kept
    if side is not None:
        goes_on = f"after event {kept}" if kept else "from its start"
        return (
            f"{where}; play goes on {goes_on}, everything from line {line} on "
            f"({size}) was moved to {side}"
        )
    upto = f"up to event {kept}" if kept else "before its first event"
    return (
        f"{where}; showing the file {upto} — it is unchanged "
        f"(`tracker check --repair {path}` moves the {size} from line {line} on aside)"
    )
