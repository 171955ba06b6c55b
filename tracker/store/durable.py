"""Durable writes: fsync of files and folders, and atomic whole-file rewrites.

A rewrite goes to a temporary file ``.NAME.<12 hex>.tmp`` in the same folder (the folder
as named, never a link's target folder), opened ``O_CREAT|O_EXCL|O_NOFOLLOW``, is
flushed and fsynced, then ``os.replace`` puts it in place and the folder is fsynced; on
any failure the original file is left as it was and the temporary file removed. A
rewrite replaces the name: a symlink or a hard link there is replaced itself, and what
it pointed to is never written. A new file is created only if the name is free
(``os.link`` of the complete temp file, which never follows or replaces anything).
Temp files left by a kill between write and rename are removed by the next write of
that file (:func:`remove_stale_temps`).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError
from tracker.rules.user_files import loads_toml
from tracker.store.block import BATCH_END, format_event
from tracker.store.errors import JournalError
from tracker.store.open_flags import O_BINARY as _O_BINARY

_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
STALE_AFTER = 60.0
"""Seconds after which a temp file nobody renamed is taken as left by a kill."""


def make_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if missing; TrackerError in one line naming it
    (and the folder the disk refused, when that is a parent: a read-only home) if not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        if not folder.is_absolute() and folder_gone(Path(".")):
            why = f"the current folder was deleted or moved — {GONE_HINT}"
            raise TrackerError(f"{folder}: cannot make the folder: {why}") from None
        refused = err.filename and Path(err.filename) != folder
        at = f" (at {err.filename})" if refused else ""
        raise TrackerError(f"{folder}: cannot make the folder: {err.strerror or err}{at}") from None


GONE_HINT = "change to a folder that exists (cd) or name the file with its full path"


def folder_gone(folder: Path) -> bool:
    """Whether ``folder`` was deleted (or moved away) while still in use, as the shell's
    current folder can be: it still answers ``stat``, but no name leads to it any more."""
    try:
        return os.stat(folder if str(folder) else ".").st_nlink == 0
    except OSError:
        return False


def fsync_file(fd: int) -> None:
    """Flush ``fd`` to stable storage (F_FULLFSYNC on macOS, where fsync is not enough)."""
    if sys.platform == "darwin":  # pragma: no cover - not this platform
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except OSError:
            pass
    os.fsync(fd)


_NO_FOLDER_SYNC = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}
"""What a file system that cannot flush a folder (some network and FUSE mounts) answers."""


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (POSIX); a no-op where folders cannot be opened, or where
    the file system cannot flush one (it answers EINVAL or ENOTSUP: nothing to wait for,
    and no reason to refuse every file made or rewritten there)."""
    if os.name == "nt":  # pragma: no cover - not this platform
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fsync_file(fd)
    except OSError as err:
        if err.errno not in _NO_FOLDER_SYNC:
            raise
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _document_text(path: Path, head: Mapping[str, Any], events: list[dict[str, Any]]) -> bytes:
    """Render head + events as the bytes of a whole file, raising JournalError if impossible."""
    if "events" in head:
        raise JournalError(path, "the head may not contain `events`: pass them separately")
    try:
        import tomli_w  # only a whole file's head is written with it

        head_text = tomli_w.dumps(dict(head))
        blocks = "".join(format_event(event) for event in marked_batches(events))
        text = head_text + ("\n" if head_text and blocks else "") + blocks
        _parse_back(text, len(events))
        return text.encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise JournalError(path, f"cannot write the file: {exc}") from exc


def batch_of(event: Mapping[str, Any]) -> object:
    """The command an event table belongs to: its ``batch``, else its own ``seq`` (the
    first event of a command does not write its batch; an event with neither is alone)."""
    return event.get("batch", event.get("seq"))


def marked_batches(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The event tables with ``batch_end = true`` on the last of each command's batch."""
    marked = []
    for index, event in enumerate(events):
        batch = batch_of(event)
        following = batch_of(events[index + 1]) if index + 1 < len(events) else None
        last = batch is None or following != batch
        marked.append({**event, BATCH_END: True} if last else event)
    return marked


def _parse_back(text: str, count: int) -> None:
    """Raise ValueError unless ``text`` parses, with ``count`` events."""
    try:
        doc = loads_toml(text)
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


def _temp_name(path: Path) -> re.Pattern[str]:
    """The names of ``path``'s temp files: ``.NAME.<12 hex>.tmp``."""
    return re.compile(rf"\.{re.escape(path.name)}\.[0-9a-f]{{12}}\.tmp")


def remove_stale_temps(path: Path, older_than: float | None = STALE_AFTER) -> list[Path]:
    """Remove ``path``'s temp files left behind by a kill; the ones removed.

    Only regular files named ``.NAME.<12 hex>.tmp`` beside ``path`` (links are left
    alone), owned by this user and, unless ``older_than`` is None (the caller holds the
    file's writer lock, so nobody else is rewriting it), untouched for that many seconds.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    pattern, now, removed = _temp_name(path), time.time(), []
    owner = getattr(os, "geteuid", None)
    try:
        entries = [e for e in os.scandir(folder) if pattern.fullmatch(e.name)]
    except OSError:
        return []
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or (owner is not None and info.st_uid != owner()):
                continue
            if older_than is not None and now - info.st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _create_temp(path: Path) -> tuple[str, int]:
    """Create a hidden temp file beside ``path`` (mode 0o666 less umask, or the old file's)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY
    while True:
        name = str(path.with_name(f".{path.name}.{os.urandom(6).hex()}.tmp"))
        try:
            fd = os.open(name, flags, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
        except PermissionError as exc:
            folder = path.parent if str(path.parent) else Path(".")
            why = f"the folder {folder} is not writable (a rewrite puts a temp file there)"
            raise PermissionError(exc.errno, why) from None
        except (FileNotFoundError, NotADirectoryError) as exc:
            if folder_gone(path.parent):
                why = f"the folder {path.parent} was deleted or moved — {GONE_HINT}"
            elif os.path.isdir(path.parent):
                raise
            else:
                why = f"the folder {path.parent} does not exist — make it first or name another"
                if os.path.lexists(path.parent):  # a file where the folder should be
                    why = f"{path.parent} is not a folder — name another place"
            raise FileNotFoundError(exc.errno, why) from None
    try:
        _copy_mode(path, fd)
    except BaseException:
        os.close(fd)
        _remove_quietly(name)
        raise
    return name, fd


def _copy_mode(path: Path, fd: int) -> None:
    """Give the temp file the permissions of the regular file it replaces (if any)."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return
    if stat.S_ISREG(info.st_mode) and hasattr(os, "fchmod"):
        os.fchmod(fd, info.st_mode & 0o777)


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


def create_document(path: Path, head: Mapping[str, Any], events: list[dict[str, Any]]) -> None:
    """Create a new journal file at ``path`` with ``head`` and ``events``, complete or not
    at all; JournalError ("already exists") when anything, even a dangling link, has the
    name. Nothing is ever replaced or written through."""
    path = Path(path)
    data = _document_text(path, head, events)
    try:
        create_file(path, data)
    except FileExistsError:
        raise JournalError(path, "already exists — pick another name") from None
    except OSError as exc:
        raise JournalError(path, f"cannot write the file: {exc.strerror or exc}") from exc


def write_synced(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``, fsync it and close it (closed on failure too)."""
    try:
        write_all(fd, data)
        fsync_file(fd)
    finally:
        os.close(fd)


def create_file(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data``, complete or not at all, only if nothing (not even
    a dangling link) has the name: FileExistsError then, OSError on other failures."""
    remove_stale_temps(path)
    tmp, fd = _create_temp(path)
    try:
        write_synced(fd, data)
        try:
            os.link(tmp, path)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS):
                raise
            _create_in_place(path, data)  # a file system without hard links
    finally:
        _remove_quietly(tmp)
    try:
        fsync_dir(path.parent)
    except BaseException:  # a failure, Ctrl+C or an exit: made a moment ago, so not at all
        _remove_quietly(str(path))
        raise


def _create_in_place(path: Path, data: bytes) -> None:
    """Create ``path`` (``O_EXCL|O_NOFOLLOW``) and write ``data``; removed on failure."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY
    fd = os.open(path, flags, 0o666)
    try:
        write_synced(fd, data)
    except BaseException:
        _remove_quietly(str(path))
        raise


def write_file_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as the whole of ``path``: all of it or, on failure, nothing changed.

    The name is replaced: a symlink or a hard link at ``path`` is replaced itself and
    what it pointed to is left as it was. JournalError (one line, naming the file) on
    failure.
    """
    path = Path(path)
    try:
        _atomic_write(path, data)
    except OSError as exc:
        raise JournalError(path, f"cannot write the file: {exc.strerror or exc}") from exc


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path`` and move it into place durably."""
    _refuse_read_only(path)
    remove_stale_temps(path)
    tmp, fd = _create_temp(path)
    try:
        write_synced(fd, data)
        _replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise
    fsync_dir(path.parent)


def _refuse_read_only(path: Path) -> None:
    """PermissionError when ``path`` is a regular file the GM made read-only: replacing it
    needs only the folder's permission, and would undo that protection."""
    try:
        info = os.lstat(path)
    except OSError:
        return
    if stat.S_ISREG(info.st_mode) and not os.access(path, os.W_OK):
        why = "it is read-only — make it writable (chmod u+w) or name another file"
        raise PermissionError(errno.EACCES, why, str(path))


def _remove_quietly(name: str) -> None:
    """Delete ``name`` if it exists, ignoring errors."""
    try:
        os.unlink(name)
    except OSError:
        pass
