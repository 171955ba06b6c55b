"""Who holds a writer lock: a note (pid, host, start time) in the user's runtime folder.

The lock itself is the OS lock on the journal file (:mod:`tracker.store.lock`); this note
only lets a second writer say who holds it. It lives in ``$XDG_RUNTIME_DIR/tracker/``
(when that variable is set, absolute and the folder is ours) or else in the user's cache
folder (``~/.cache/tracker/run/``), never beside the journal: a folder made 0700 and
refused when it is a link or belongs to someone else. Each note is named after the
journal's (st_dev, st_ino), written and read as every private file of the runtime folder
is (:mod:`tracker.store.private_file`). A note that cannot be written
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
from tracker.store.private_file import Ident, read_private, write_private

__all__ = ["Ident", "drop_note", "read_note", "runtime_folder", "write_note"]

NOTE_LIMIT = 4096
"""The most of a note that is read (a note is about 80 bytes)."""


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
    return write_private(folder / key, json.dumps(info) + "\n")


def read_note(key: str) -> dict[str, Any]:
    """What the holder wrote under ``key`` (``{}`` when there is nothing readable)."""
    folder = runtime_folder()
    if folder is None:
        return {}
    for _ in range(5):
        text = read_private(folder / key, NOTE_LIMIT)
        if text:
            try:
                info = json.loads(text)
            except ValueError:
                return {}
            usable = isinstance(info, dict) and flaw_in(info) is None
            return info if usable else {}  # odd text or numbers: say "another process"
        time.sleep(0.02)  # the holder may be between locking and writing its note
    return {}


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
