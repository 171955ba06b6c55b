"""One writer per journal file: an OS lock on the file itself, and no sidecar.

The holder keeps the journal open and locked (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), so the same file reached through a symlink or a hard link meets the same
lock, and nothing is ever created beside it: a link planted where a lock file used to
go (``PATH.lock``, left by older versions and now ignored) is never opened, and a file
in a read-only folder can still be played. Who holds the lock (pid, host, since) is a
note in the user's runtime folder (:mod:`tracker.store.holder`), only read to word the
refusal. A file that does not exist yet is held through a stand-in in that folder,
named after its folder and name, until it is made (:meth:`WriterLock.lock_file`). The
OS drops the lock when the holder dies, so a crash never blocks the next writer.
Readers never lock.
"""

from __future__ import annotations

import errno
import os
import time
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from tracker.store.errors import LockedError, StoreError
from tracker.store.holder import Ident, drop_note, read_note, runtime_folder, write_note
from tracker.store.open_flags import O_BINARY as _O_BINARY

try:  # POSIX
    import fcntl

    msvcrt: Any = None
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

__all__ = ["WriterLock"]

_WIN_LOCK_OFFSET = 1 << 30  # lock a byte far past the text, so others can still read it
_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
_O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)  # a FIFO in the way must not hang us


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
    except OSError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _file_key(fd: int) -> str:
    """The note's name for the file open as ``fd``: its (st_dev, st_ino)."""
    info = os.fstat(fd)
    return f"{info.st_dev:x}-{info.st_ino:x}.holder"


def _standin_prefix(path: Path) -> str | None:
    """The start of the stand-in names of every file not made yet in ``path``'s folder:
    the folder's identity (None: no folder, so no file can be made there to guard)."""
    try:
        folder = os.stat(path.parent if str(path.parent) else Path("."))
    except OSError:
        return None
    return f"new-{folder.st_dev:x}-{folder.st_ino:x}-"


def _standin_key(path: Path) -> str | None:
    """The stand-in's name for a file not made yet: its folder's identity and a digest of
    its name (``hashlib``, whose OpenSSL takes milliseconds to load, is imported here:
    opening a file that exists needs the digest only while some stand-in of its folder
    is there, :func:`_standins_in`)."""
    prefix = _standin_prefix(path)
    return None if prefix is None else _standin_name(prefix, path)


def _standin_name(prefix: str, path: Path) -> str:
    """``prefix`` (:func:`_standin_prefix`) and the first 20 hex digits of the SHA-256 of
    ``path``'s name."""
    import hashlib

    return prefix + hashlib.sha256(os.fsencode(path.name)).hexdigest()[:20]


def _standins_in(folder: Path, prefix: str) -> bool:
    """Whether the runtime ``folder`` holds a stand-in whose name starts with ``prefix``
    (True when it cannot be listed: then the name itself is looked for)."""
    try:
        with os.scandir(folder) as entries:
            return any(e.name.startswith(prefix) and e.name.endswith(".lock") for e in entries)
    except OSError:
        return True


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


def _locked_error(path: Path, key: str | None) -> LockedError:
    """Build the one-line "who holds it" error for ``path`` (its holder's note: ``key``)."""
    info = read_note(key) if key is not None else {}
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


class _Busy(Exception):
    """Someone else holds the lock; ``key`` names their note."""

    def __init__(self, key: str | None) -> None:
        super().__init__(key)
        self.key = key


class _Moved(Exception):
    """The name was given to another file between our open and our lock: try again."""


class WriterLock:
    """Advisory exclusive lock that makes one process the only writer of ``path``.

    Use as a context manager or with :meth:`acquire` / :meth:`release`. A second
    holder (another process, or another ``WriterLock`` in this one) gets
    :class:`LockedError` naming the current holder. The lock is on the file itself;
    nothing is created beside it.
    """

    def __init__(self, path: Path) -> None:
        """Prepare a lock for ``path`` (a symlink or a hard link to the file meets the same
        lock). Nothing is locked yet."""
        self.path = Path(path)
        self._held = False
        self._fd: int | None = None  # the file itself, or its stand-in while it is not made
        self._standin: Path | None = None
        self._key: str | None = None  # the holder note's name
        self._note: Ident | None = None

    @property
    def held(self) -> bool:
        """Whether this object currently holds the lock."""
        return self._held

    def acquire(self, *, note: bool = True, wait: float = 0.0) -> None:
        """Take the lock or raise :class:`LockedError`; a no-op if this object holds it.
        ``note`` False leaves the holder's note to :meth:`leave_note` (until then a second
        writer is refused as by "another process" once its wait for the note is over).
        ``wait``: seconds to keep trying while another process holds it (a headless
        command's, which lets go in a moment) before refusing."""
        if self._held:
            return
        deadline = time.monotonic() + wait
        for _ in range(10):
            try:
                self._take_waiting(deadline)
            except _Busy as busy:
                raise _locked_error(self.path, busy.key) from None
            except _Moved:
                continue
            self._held = True
            if note:
                self.leave_note()
            return
        raise StoreError(f"{self.path.name}: could not take the lock (the file keeps moving)")

    def _take_waiting(self, deadline: float) -> None:
        """:meth:`_take`, tried again every few hundredths of a second until ``deadline``
        while someone else holds the lock (_Busy after it)."""
        while True:
            try:
                self._take()
                return
            except _Busy:
                if time.monotonic() >= deadline:
                    raise
            time.sleep(0.03)

    def leave_note(self) -> None:
        """Say who holds the lock (pid, host, since) in the runtime folder, for a second
        writer's refusal; a no-op unless the lock is held and has no note yet."""
        if self._held and self._note is None and self._key is not None:
            self._note = write_note(self._key)

    def lock_file(self) -> bool:
        """Lock the file itself now that it exists (a hard link or symlink to it meets the
        same lock), dropping a stand-in held while it was not made. True when this object
        holds the file (or there is still no file); False if someone else holds it."""
        if self._fd is not None and self._standin is None and _same_file(self._fd, self.path):
            return True
        for _ in range(10):
            try:
                fd = self._open_file()
            except FileNotFoundError:
                return True  # still nothing made: the stand-in (if any) guards its name
            try:
                self._lock_fd(fd, self.path)
            except _Busy:
                return False
            except _Moved:
                continue
            self._drop()
            self._set(fd, None, _file_key(fd))
            self._held = True
            self.leave_note()
            return True
        return False

    def _take(self) -> None:
        """Lock the file, or its stand-in when it does not exist (_Busy, _Moved)."""
        try:
            fd = self._open_file()
        except FileNotFoundError:
            self._take_standin()
            return
        self._lock_fd(fd, self.path)
        if self._name_held_elsewhere():
            os.close(fd)
            raise _Busy(f"{_standin_key(self.path)}.holder")
        self._set(fd, None, _file_key(fd))

    def _name_held_elsewhere(self) -> bool:
        """Whether another holder took this name before the file was made and has not yet
        moved its lock onto the file (:meth:`lock_file`)."""
        prefix, folder = _standin_prefix(self.path), runtime_folder(make=False)
        if prefix is None or folder is None or not _standins_in(folder, prefix):
            return False  # no stand-in in this file's folder: nobody holds its name
        key = _standin_name(prefix, self.path)
        try:
            fd = os.open(folder / f"{key}.lock", os.O_RDWR | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY)
        except OSError:
            return False  # no stand-in: nobody holds the name
        try:
            if not _try_lock(fd):
                return True
            _unlock(fd)
            return False
        finally:
            os.close(fd)

    def _take_standin(self) -> None:
        """Lock the stand-in of a file not made yet (nothing to lock without a folder)."""
        key = _standin_key(self.path)
        folder = runtime_folder()
        if key is None or folder is None:
            self._set(None, None, None)
            return
        standin = folder / f"{key}.lock"
        flags = os.O_RDWR | os.O_CREAT | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY
        try:
            fd = os.open(standin, flags, 0o600)
        except OSError as exc:
            msg = f"{self.path.name}: cannot take the lock: {exc.strerror or exc}"
            raise StoreError(msg) from exc
        self._lock_fd(fd, standin, f"{key}.holder")
        self._set(fd, standin, f"{key}.holder")

    def _open_file(self) -> int:
        """Open the file to lock it (FileNotFoundError when it does not exist)."""
        try:
            return os.open(self.path, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY)
        except FileNotFoundError:
            raise
        except OSError as exc:
            message = f"{self.path.name}: cannot open it to lock it: {exc.strerror}"
            raise StoreError(message) from exc

    @staticmethod
    def _lock_fd(fd: int, path: Path, key: str | None = None) -> None:
        """Lock ``fd``, still named ``path``; else close it and raise _Busy or _Moved (or
        StoreError, in one line, where the file system cannot lock at all)."""
        try:
            locked = _try_lock(fd)
        except OSError as exc:  # ENOLCK, EOPNOTSUPP: a network or FUSE mount without locks
            os.close(fd)
            why = f"{path.name}: cannot be locked here ({exc.strerror or exc}): its folder does"
            raise StoreError(
                f"{why} not lock files (a network drive?) — copy it to a local folder to play it"
            ) from None
        if not locked:
            note = key if key is not None else _file_key(fd)
            os.close(fd)
            raise _Busy(note)
        if not _same_file(fd, path):
            os.close(fd)
            raise _Moved

    def _set(self, fd: int | None, standin: Path | None, key: str | None) -> None:
        self._fd, self._standin, self._key = fd, standin, key

    def _drop(self) -> None:
        """Let go of what is locked: the note, a stand-in (removed while still locked, so
        a later taker sees it is gone), the descriptor."""
        if self._key is not None:
            drop_note(self._key, self._note)
        fd, standin = self._fd, self._standin
        self._set(None, None, None)
        self._note = None
        if fd is None:
            return
        try:
            if standin is not None and _same_file(fd, standin):
                os.unlink(standin)
            _unlock(fd)
        except OSError:  # pragma: no cover - closing releases the lock anyway
            pass
        finally:
            os.close(fd)

    def release(self) -> None:
        """Drop the lock (a no-op when not held)."""
        self._drop()
        self._held = False

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
