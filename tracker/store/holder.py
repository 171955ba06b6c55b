"""Who holds a writer lock: a note (pid, host, start time) in the user's runtime folder.

The lock itself is the OS lock on the journal file (:mod:`tracker.store.lock`); this note
only lets a second writer say who holds it. It lives in ``$XDG_RUNTIME_DIR/tracker/``
(when that variable is set, absolute and the folder is ours) or else in the user's cache
folder (``~/.cache/tracker/run/``), never beside the journal: a folder made 0700 and
refused when it is a link or belongs to someone else. Each note is named after the
journal's (st_dev, st_ino), written to a temp file opened ``O_CREAT|O_EXCL|O_NOFOLLOW``
and renamed into place; it is read with ``O_NOFOLLOW``. A note that cannot be written
or read never blocks the lock: the message then says "another process".
"""

from __future__ import annotations

import json
import os
import stat
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracker.paths import runtime_fallback_dir, xdg_runtime_dir
from tracker.store.file_text import flaw_in
from tracker.store.open_flags import O_BINARY as _BINARY

__all__ = ["drop_note", "read_note", "runtime_folder", "write_note"]

_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
NOTE_LIMIT = 4096
"""The most of a note that is read (a note is about 80 bytes)."""

Ident = tuple[int, int]
"""(st_dev, st_ino) of a note this process wrote."""


def _ours(info: os.stat_result) -> bool:
    """A real folder (not a link) owned by this user."""
    owner = getattr(os, "geteuid", None)
    return stat.S_ISDIR(info.st_mode) and (owner is None or info.st_uid == owner())


def _private_folder(folder: Path) -> Path | None:
    """``folder`` made (0700) if needed, or None when it is a link or someone else's."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
        info = os.lstat(folder)
        if not _ours(info):
            return None
        if os.name != "nt" and info.st_mode & 0o077:
            os.chmod(folder, 0o700)
    except OSError:
        return None
    return folder


def _made_folder(folder: Path) -> Path | None:
    """``folder`` if it is there, a real folder and ours (nothing is made or changed)."""
    try:
        return folder if _ours(os.lstat(folder)) else None
    except OSError:
        return None


def runtime_folder(make: bool = True) -> Path | None:
    """The folder the notes live in, or None when no safe one can be had (``make`` False:
    None too when it is not there yet — a look that makes nothing)."""
    usable = _private_folder if make else _made_folder
    runtime = xdg_runtime_dir()
    if runtime is not None:
        try:
            base_is_ours = _ours(os.lstat(runtime.parent))
        except OSError:
            base_is_ours = False
        if base_is_ours:
            folder = usable(runtime)
            if folder is not None:
                return folder
    return usable(runtime_fallback_dir())


def _host() -> str:
    """This machine's name: the node name ``uname`` gives, as ``socket.gethostname()``
    does (``socket``, slower to import, only where there is no ``uname``)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


def write_note(key: str) -> Ident | None:
    """Write this process's note under ``key``; its identity, or None if it could not be."""
    folder = runtime_folder()
    if folder is None:
        return None
    info = {
        "pid": os.getpid(),
        "host": _host(),
        "since": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    data = (json.dumps(info) + "\n").encode("utf-8")
    temp = folder / f".{key}.{os.urandom(6).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
    try:
        fd = os.open(temp, flags, 0o600)
        try:
            os.write(fd, data)
            made = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(temp, folder / key)
    except OSError:
        _remove(temp)
        return None
    return made.st_dev, made.st_ino


def read_note(key: str) -> dict[str, Any]:
    """What the holder wrote under ``key`` (``{}`` when there is nothing readable)."""
    folder = runtime_folder()
    if folder is None:
        return {}
    for _ in range(5):
        text = _read(folder / key)
        if text:
            try:
                info = json.loads(text)
            except ValueError:
                return {}
            usable = isinstance(info, dict) and flaw_in(info) is None
            return info if usable else {}  # odd text or numbers: say "another process"
        time.sleep(0.02)  # the holder may be between locking and writing its note
    return {}


def _read(path: Path) -> str:
    """The note's text ("" when missing, not a regular file, or unreadable)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        return os.read(fd, NOTE_LIMIT).decode("utf-8", "replace").strip("\x00 \r\n")
    except OSError:
        return ""
    finally:
        os.close(fd)


def drop_note(key: str, ident: Ident | None) -> None:
    """Remove the note under ``key`` if it is still the one this process wrote."""
    folder = runtime_folder() if ident is not None else None
    if folder is None:
        return
    try:
        info = os.lstat(folder / key)
        if (info.st_dev, info.st_ino) == ident:
            os.unlink(folder / key)
    except OSError:
        pass


def _remove(path: Path) -> None:
    """Delete ``path`` if it is there, quietly."""
    try:
        os.unlink(path)
    except OSError:
        pass
