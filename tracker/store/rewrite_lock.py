"""Whole-file rewrites of the GM's own files (bestiary, roll tables, settings) under the
writer lock, and several of them made as one.

:func:`rewrite` takes the same OS lock as a journal (:class:`WriterLock`) for a moment —
retrying briefly while another tracker holds it, then refusing in one line — reads the
file under the lock, and replaces it atomically with what ``make`` returns from that
text, so two trackers saving at once both keep what they saved. A file that does not
exist yet is created empty first (so there is a file to lock) and removed again if
nothing was written to it.

Inside :func:`all_or_nothing`, every rewrite is remembered and, if the block fails, put
back as it was (only where the file still holds what this command wrote).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from tracker.rules.user_files import read_regular
from tracker.store.durable import make_folder, write_file_atomically
from tracker.store.errors import JournalError, LockedError
from tracker.store.lock import WriterLock
from tracker.store.open_flags import O_BINARY as _O_BINARY

WAIT = 3.0
"""Seconds to keep trying while another tracker holds the file."""
_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)


@dataclass(frozen=True)
class Rewritten:
    """One file rewritten by this command: its bytes before (None: it did not exist)
    and after, and the folders made for it (outermost first), removed with it."""

    path: Path
    before: bytes | None
    after: bytes
    made: tuple[Path, ...] = ()


_DONE: ContextVar[list[Rewritten] | None] = ContextVar("rewrites", default=None)


def rewrite(path: Path, make: Callable[[bytes | None], bytes], wait: float | None = None) -> None:
    """Lock ``path``, read it (None when it does not exist) and write ``make(old)`` in its
    place atomically. JournalError (one line, the file as it was) when another tracker
    keeps it locked for ``wait`` seconds (default :data:`WAIT`), or the file cannot be read
    or written; TrackerError (one line) when its folder cannot be made."""
    made = _missing_folders(path.parent)
    try:
        make_folder(path.parent)
        with _locked(path, WAIT if wait is None else wait) as created:
            before = None if created else _read(path)
            item = Rewritten(path, before, make(before), made)
            try:
                write_file_atomically(path, item.after)
            except BaseException:  # e.g. the folder's fsync, after the new file is in place
                _restore(item)
                raise
    except BaseException:
        _remove_empty(made)
        raise
    done = _DONE.get()
    if done is not None:
        done.append(item)


@contextmanager
def all_or_nothing() -> Iterator[list[Rewritten]]:
    """Rewrites made inside the block are one: if the block raises, each file it
    rewrote is put back as it was (newest first), then the error goes on."""
    done: list[Rewritten] = []
    token = _DONE.set(done)
    try:
        yield done
    except BaseException:
        _DONE.reset(token)
        for item in reversed(done):
            put_back(item)
        raise
    _DONE.reset(token)


def put_back(item: Rewritten) -> None:
    """Restore a rewritten file as it was (best effort: left alone if it cannot be
    locked, or holds something else than what was written)."""
    try:
        with _locked(item.path, WAIT) as created:
            if not created:
                _restore(item)
    except (OSError, JournalError):
        pass


def _restore(item: Rewritten) -> None:
    """With the lock held: put ``item``'s file back as it was, if it holds what was
    written (best effort)."""
    try:
        if _read(item.path) != item.after:
            return
        if item.before is None:
            item.path.unlink()
            _remove_empty(item.made)
        else:
            write_file_atomically(item.path, item.before)
    except (OSError, JournalError):
        pass


@contextmanager
def _locked(path: Path, wait: float) -> Iterator[bool]:
    """Hold the writer lock of ``path`` (the file it names now); yields whether the file
    was created empty for the purpose (it is removed again unless written) and is empty
    still: another tracker may have locked and written it before this one's lock."""
    deadline = time.monotonic() + wait
    while True:
        created = _create(path)
        try:
            lock = _acquire(path, deadline)
        except BaseException:
            if created:
                _remove_if_empty(path)
            raise
        if lock is not None:
            break
        if os.path.islink(path):
            raise JournalError(path, "is a link to a file that does not exist: nothing written")
        _give_up_at(deadline, path, "another program keeps removing it")
    try:
        yield created and _empty(path)
    finally:
        if created:
            _remove_if_empty(path)
        lock.release()


def _acquire(path: Path, deadline: float) -> WriterLock | None:
    """The lock on the file ``path`` names, retried until ``deadline``: a lock taken on a
    file another tracker replaced meanwhile is dropped and taken again on the new one.
    None when the file is gone (an empty one another tracker made and removed)."""
    while True:
        before = _identity(path)
        if before is None:
            return None
        lock = WriterLock(path)
        try:
            lock.acquire()
        except LockedError as err:
            who = f" (pid {err.pid})" if err.pid is not None else ""
            _give_up_at(deadline, path, f"another tracker{who} is saving to it")
            time.sleep(0.02)
            continue
        if _identity(path) == before:
            return lock
        lock.release()
        _give_up_at(deadline, path, "another program keeps replacing it")


def _give_up_at(deadline: float, path: Path, why: str) -> None:
    if time.monotonic() >= deadline:
        raise JournalError(path, f"{why}: nothing written — try again in a moment")


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as err:  # a link to itself, a folder that cannot be searched
        raise JournalError(path, f"cannot be read: {err.strerror or err}") from None
    return st.st_dev, st.st_ino


def _create(path: Path) -> bool:
    """Create ``path`` empty if it does not exist (never through a link); whether it was."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_BINARY, 0o644)
    except FileExistsError:
        return False
    except OSError as err:
        raise JournalError(path, f"cannot create it: {err.strerror or err}") from None
    os.close(fd)
    return True


def _empty(path: Path) -> bool:
    try:
        return os.stat(path).st_size == 0
    except OSError:
        return False


def _missing_folders(folder: Path) -> tuple[Path, ...]:
    """The folders ``folder.mkdir(parents=True)`` would make, outermost first."""
    missing: list[Path] = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return tuple(reversed(missing))


def _remove_empty(folders: tuple[Path, ...]) -> None:
    """Remove the folders a refused or undone rewrite made, innermost first, if empty."""
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            return  # not empty (another file went there), or already gone


def _remove_if_empty(path: Path) -> None:
    try:
        if os.stat(path).st_size == 0:
            os.unlink(path)
    except OSError:
        pass


def _read(path: Path) -> bytes:
    try:
        return read_regular(path)
    except OSError as err:
        raise JournalError(path, f"cannot be read: {err.strerror or err}") from None
