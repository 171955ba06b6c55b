"""Appending to an encounter file: one ``[[events]]`` block, one write, one fsync."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from tracker.store.block import format_event
from tracker.store.durable import fsync_file, write_all
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, check_block, parse_document

_O_BINARY: int = getattr(os, "O_BINARY", 0)



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
                write_all(fd, b"\n")
                fsync_file(fd)
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
            fsync_file(self._fd)
        except OSError as exc:
            raise JournalError(self.path, f"cannot append event: {exc.strerror}") from exc

    def _undo_short_write(self, written: int) -> None:
        """Cut a partly written block back off (best effort) and raise."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, os.fstat(self._fd).st_size - written)
            fsync_file(self._fd)
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
