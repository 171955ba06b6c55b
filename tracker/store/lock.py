"""One writer per encounter file: an advisory lock on the file itself and on a sidecar.

The holder keeps the encounter file open and ``flock``ed (so the same file reached
through a symlink or a hard link meets the same lock), and keeps ``PATH.lock`` beside the
real file open and locked (``flock`` on POSIX, ``msvcrt.locking`` on Windows) with its
pid, host name and start time in it, so a second writer is told who holds the file.
The OS drops the lock when the holder dies, so
a lock file left behind by a crash only holds stale text and never blocks.
Readers never lock.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import time
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from tracker.store.errors import LockedError, StoreError
from tracker.store.file_text import flaw_in

try:  # POSIX
    import fcntl

    msvcrt: Any = None
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

__all__ = ["WriterLock"]

_WIN_LOCK_OFFSET = 1 << 30  # lock a byte far past the text, so others can still read it
_O_BINARY: int = getattr(os, "O_BINARY", 0)


def _try_lock(fd: int) -> bool:
    """Take an exclusive, non-blocking lock on ``fd``; return False if someone holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except (BlockingIOError, PermissionError):
        return False
    except OSError as exc:  # pragma: no cover - e.g. EDEADLK from msvcrt
        if exc.errno in (errno.EACCES, errno.EAGAIN, errno.EDEADLK):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    """Release the lock on ``fd`` (closing the file would too)."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:  # pragma: no cover - Windows
        os.lseek(fd, _WIN_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _same_file(fd: int, path: Path) -> bool:
    """Tell whether ``path`` still names the file open as ``fd``."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _read_holder(lock_path: Path) -> dict[str, Any]:
    """Return what the holder wrote into the lock file (``{}`` if unreadable or not yet there)."""
    for _ in range(5):
        try:
            text = lock_path.read_text(encoding="utf-8").strip("\x00 \r\n")
        except OSError:
            return {}
        if text:
            try:
                info = json.loads(text)
            except ValueError:
                return {}
            usable = isinstance(info, dict) and flaw_in(info) is None
            return info if usable else {}  # odd text or numbers: say "another process"
        time.sleep(0.02)  # the holder may be between locking and writing
    return {}


def _since_text(since: object) -> str | None:
    """Render the holder's start time as local ``HH:MM`` (with the date if not today)."""
    if not isinstance(since, str):
        return None
    try:
        when = datetime.fromisoformat(since.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return None
    if when.date() == datetime.now().astimezone().date():
        return when.strftime("%H:%M")
    return when.strftime("%Y-%m-%d %H:%M")


def _locked_error(path: Path, lock_path: Path) -> LockedError:
    """Build the one-line "who holds it" error for ``path``."""
    info = _read_holder(lock_path)
    pid = info.get("pid") if isinstance(info.get("pid"), int) else None
    host = info.get("host") if isinstance(info.get("host"), str) else None
    since = _since_text(info.get("since"))
    who = f"pid {pid}" if pid is not None else "another process"
    where = f" on {host}" if host else ""
    when = f" since {since}" if since else ""
    message = (
        f"{path.name} is open for writing by {who}{where}{when} — close it there, "
        f"or open it read-only with `tracker view`"
    )
    return LockedError(message, pid=pid, host=host, since=since)


class WriterLock:
    """Advisory exclusive lock that makes one process the only writer of ``path``.

    Use as a context manager or with :meth:`acquire` / :meth:`release`. A second
    holder (another process, or another ``WriterLock`` in this one) gets
    :class:`LockedError` naming the current holder.
    """

    def __init__(self, path: Path) -> None:
        """Prepare a lock for ``path``; the sidecar is ``PATH.lock`` beside the real file
        (a symlink's target). Nothing is locked yet."""
        self.path = Path(path)
        real = Path(os.path.realpath(self.path))
        self.lock_path = real.with_name(real.name + ".lock")
        self._fd: int | None = None
        self._file_fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this object currently holds the lock."""
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise :class:`LockedError`; a no-op if this object holds it."""
        if self._fd is not None:
            return
        for _ in range(10):
            fd = self._open()
            if not _try_lock(fd):
                os.close(fd)
                raise _locked_error(self.path, self.lock_path)
            if fcntl is None or _same_file(fd, self.lock_path):
                self._fd = fd
                if not self.lock_file():
                    self.release()
                    raise _locked_error(self.path, self.lock_path)
                self._write_holder()
                return
            os.close(fd)  # a releasing holder unlinked it between our open and lock
        raise StoreError(f"{self.path.name}: could not take the lock on {self.lock_path}")

    def lock_file(self) -> bool:
        """Lock the encounter file itself (a hard link or symlink to it meets the same lock).
        False if someone holds it."""
        if fcntl is None or not self.path.exists():
            return True  # Windows: the sidecar alone; a file not yet made has no links
        try:
            fd = os.open(self.path, os.O_RDONLY | _O_BINARY)
        except OSError as exc:
            message = f"{self.path.name}: cannot open it to lock it: {exc.strerror}"
            raise StoreError(message) from exc
        if not _try_lock(fd):
            os.close(fd)
            return False
        old, self._file_fd = self._file_fd, fd
        if old is not None:
            os.close(old)
        return True

    def _open(self) -> int:
        """Open (creating if needed) the sidecar lock file."""
        try:
            return os.open(self.lock_path, os.O_RDWR | os.O_CREAT | _O_BINARY, 0o644)
        except OSError as exc:
            msg = f"{self.path.name}: cannot create the lock file {self.lock_path}: {exc.strerror}"
            raise StoreError(msg) from exc

    def _write_holder(self) -> None:
        """Replace the lock file's text with this process's pid, host and start time."""
        assert self._fd is not None
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        data = (json.dumps(info) + "\n").encode("utf-8")
        try:
            os.ftruncate(self._fd, 0)
            os.lseek(self._fd, 0, os.SEEK_SET)
            os.write(self._fd, data)
        except OSError:  # pragma: no cover - the lock holds even if the note fails
            pass

    def release(self) -> None:
        """Drop the lock; remove the lock file only if it is still the one this object holds."""
        if self._file_fd is not None:
            os.close(self._file_fd)  # closing drops the lock on the encounter file
            self._file_fd = None
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            if fcntl is not None and _same_file(fd, self.lock_path):
                os.unlink(self.lock_path)  # while still locked: see acquire's identity check
            _unlock(fd)
        except OSError:  # pragma: no cover - closing releases the lock anyway
            pass
        finally:
            os.close(fd)

    def __enter__(self) -> WriterLock:
        """Acquire the lock and return self."""
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Release the lock."""
        self.release()
