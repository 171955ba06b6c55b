"""Appending to an encounter file: one ``[[events]]`` block, one write, one fsync."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from tracker.store.block import BATCH_END, format_event
from tracker.store.durable import fsync_file
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, check_block, parse_document
from tracker.store.open_flags import O_BINARY as _O_BINARY


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
        found = [m.start() for m in HEADER_RE.finditer(data) if start == 0 or m.start() > 0]
        if found:
            if check_block(data, found[-1], len(data), True).end < len(data):
                msg = "the file does not end with an intact event block: load it to repair"
                raise JournalError(path, msg)
            break
        if start == 0:
            parse_document(path, data)  # no events yet: the head must at least parse
    return data[-1:]


_CHANGED = (
    "was changed by another program since it was opened (an editor saving it?) — this "
    "command was not saved, and the file is left as that program wrote it: quit and open "
    "it again"
)


class JournalWriter:
    """Appends event blocks to an existing encounter file, one ``write`` + ``fsync`` each.

    Opening checks that the file does not end in a torn block (appending after one
    would turn recoverable damage into a hard error) and changes nothing: a file that
    lacks a final newline gets one in front of the first write, in the same ``write``
    (a command refused after opening leaves the file as it was). Hold a
    :class:`tracker.store.lock.WriterLock` while writing.
    """

    def __init__(self, path: Path) -> None:
        """Open ``path`` for appending; raise JournalError if it is missing or torn."""
        self.path = Path(path)
        self._fd: int | None = None
        self._lead = b""
        """A line break the file lacks at its end, written in front of the first write."""
        self._end = 0
        """The file's size after this writer's last change: any other means another
        program wrote it meanwhile (an editor saving in place: no lock stops it)."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | _O_BINARY)  # read: `deleted`
        except OSError as exc:
            raise JournalError(self.path, f"cannot open for appending: {exc.strerror}") from exc
        try:
            self._prepare(fd)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        self._end = os.fstat(fd).st_size

    def _prepare(self, fd: int) -> None:
        """Check the tail; note whether the first write must start with a newline."""
        try:
            with open(self.path, "rb") as file:
                last = _check_tail(self.path, file)
            self._lead = b"" if last in (b"", b"\n") else b"\n"
        except OSError as exc:
            raise JournalError(self.path, f"cannot prepare for appending: {exc.strerror}") from exc

    def append(self, table: Mapping[str, Any]) -> int:
        """Append one event as a batch of its own (see :meth:`append_batch`)."""
        return self.append_batch([table])

    def append_batch(
        self, tables: Sequence[Mapping[str, Any]], before: bytes = b"", after: bytes = b""
    ) -> int:
        """Append one command's events: all of them or none; the file's size before them
        (what :meth:`take_back` cuts back to). ``before`` (a snapshot line: a comment) is
        written in front of them and ``after`` (a standing line) behind, in the same write.

        Every block is formatted (and checked to round-trip) first; the last one carries
        ``batch_end = true``. Then exactly one ``os.write`` of them all and one
        ``os.fsync``. On any failure the file is cut back to its old length and
        JournalError (one line) is raised: the file is as it was before the command.
        """
        size = self._write(tables, before, after)
        if not tables:
            return size
        try:
            fsync_file(self._open_fd())
        except OSError as exc:
            raise self._failed(size, exc) from exc
        except BaseException:  # Ctrl+C while syncing: not saved, so not kept either
            self._cut_back(size)
            raise
        return size

    def deleted(self) -> bytes | None:
        """The file's bytes if it was deleted while open (no name leads to it any more, so
        what it holds is in this process alone), else None."""
        fd = self._open_fd()
        if os.fstat(fd).st_nlink > 0:
            return None
        os.lseek(fd, 0, os.SEEK_SET)  # appends still go to the end (O_APPEND)
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)

    def moved_to(self) -> Path | None:
        """Where the open file is now if it was moved (renamed) while open — the writes
        follow it there; None while its name still leads to it, once it is deleted, or
        where the system cannot say (:func:`name_of_descriptor`)."""
        fd = self._open_fd()
        try:
            here, mine = os.stat(self.path), os.fstat(fd)
        except FileNotFoundError:
            return name_of_descriptor(fd)
        except OSError:
            return None
        if (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino):
            return None
        return name_of_descriptor(fd)

    def take_back(self, size: int) -> None:
        """Cut the file back to ``size`` bytes (what :meth:`append_batch` returned): the
        command appended last is undone on disk, as if it had never been written (the
        writer lock is held, so nothing came after it). JournalError if the disk refuses."""
        fd = self._open_fd()
        try:
            os.ftruncate(fd, size)
            self._end = size
            fsync_file(fd)
        except OSError as exc:
            reason = exc.strerror or exc
            raise JournalError(self.path, f"cannot take the command back: {reason}") from exc

    def start_batch(
        self, tables: Sequence[Mapping[str, Any]], before: bytes = b"", after: bytes = b""
    ) -> PendingBatch:
        """Write one command's events (as :meth:`append_batch`) but leave their fsync to
        the returned batch's ``wait`` (the screen paints the command's frame first), which
        must come before anything else is written to the file: it finishes the append, or
        cuts the file back and raises JournalError."""
        size = self._write(tables, before, after)
        return PendingBatch(self, size, self._open_fd() if tables else None)

    def _open_fd(self) -> int:
        if self._fd is None:
            raise JournalError(self.path, "the journal writer is closed")
        return self._fd

    def _write(
        self, tables: Sequence[Mapping[str, Any]], before: bytes = b"", after: bytes = b""
    ) -> int:
        """Write ``before``, the blocks of ``tables`` and ``after`` in one ``os.write``;
        the file's size before."""
        fd = self._open_fd()
        size = os.fstat(fd).st_size
        if not tables:
            return size
        if size != self._end:
            raise JournalError(self.path, _CHANGED)
        data = self._lead + before + self._blocks(tables) + after
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, f"only {written} of {len(data)} bytes were written")
        except OSError as exc:
            raise self._failed(size, exc) from exc
        except BaseException:  # Ctrl+C as it wrote: cut back, as a failed write
            self._cut_back(size)
            raise
        self._lead = b""
        self._end = size + len(data)
        return size

    def _failed(self, size: int, exc: OSError) -> JournalError:
        """Cut the file back to ``size`` and say that the command was not saved."""
        self._cut_back(size)
        reason = exc.strerror or exc
        message = f"cannot save the command (nothing of it was kept): {reason}"
        return JournalError(self.path, message)

    def _blocks(self, tables: Sequence[Mapping[str, Any]]) -> bytes:
        marked = [*tables[:-1], {**tables[-1], BATCH_END: True}]
        try:
            return "".join(format_event(table) for table in marked).encode("utf-8")
        except (TypeError, ValueError) as exc:
            raise JournalError(self.path, f"cannot save the command: {exc}") from exc

    def _cut_back(self, size: int) -> None:
        """Cut the file back to ``size`` bytes after a failed write (best effort)."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, size)
            self._end = size
            fsync_file(self._fd)
        except OSError:
            pass

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


class PendingBatch:
    """A command's events written to the journal, their fsync still to come."""

    def __init__(self, writer: JournalWriter, size: int, fd: int | None) -> None:
        self._writer = writer
        self._size = size
        self._fd = fd

    def wait(self) -> None:
        """Sync the events to disk; if the fsync fails (or is interrupted), cut the file
        back to what it was before them (and raise JournalError for a failure)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            fsync_file(fd)
        except OSError as exc:
            raise self._writer._failed(self._size, exc) from exc
        except BaseException:  # Ctrl+C while syncing: not saved, so not kept either
            self._writer._cut_back(self._size)
            raise


def name_of_descriptor(fd: int) -> Path | None:
    """The path an open file has now, as the system knows it (Linux ``/proc/self/fd``,
    macOS ``F_GETPATH``); None when it is deleted or the system cannot say."""
    try:
        import fcntl

        getpath = getattr(fcntl, "F_GETPATH", None)
        if getpath is not None:
            raw = fcntl.fcntl(fd, getpath, bytes(1024))
            return Path(os.fsdecode(raw.split(b"\0", 1)[0]))
    except (ImportError, OSError):
        return None
    try:
        target = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None
    if target.endswith(" (deleted)") or not target.startswith("/"):
        return None
    return Path(target)
