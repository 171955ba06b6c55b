"""How many players' pages are connected, told to the GM's TUI through a small file.

``tracker serve`` writes the count to ``phones-DEV-INO-PID`` in the user's private runtime
folder (:func:`tracker.store.holder.runtime_folder`, 0700), named after the encounter
file's identity and its own process id; the TUI sums the files for its encounter whose
process is still alive. Written as a private file (:mod:`tracker.store.private_file`);
removed when the server stops.
"""

from __future__ import annotations

import os
from pathlib import Path

from tracker.store.holder import runtime_folder
from tracker.store.private_file import read_private, remove, write_private

_MOST = 10_000


def _prefix(path: Path) -> str | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return f"phones-{info.st_dev}-{info.st_ino}-"


class PhoneCount:
    """The count file of one running server (``write`` on every change, ``drop`` at the end)."""

    def __init__(self, path: Path) -> None:
        prefix = _prefix(path)
        folder = runtime_folder()
        self.file = folder / f"{prefix}{os.getpid()}" if prefix and folder else None

    def write(self, count: int) -> None:
        """Say ``count`` pages are connected (quietly nothing when no folder can be had)."""
        if self.file is not None:
            write_private(self.file, f"{count}\n")

    def drop(self) -> None:
        """Remove the file (the server stops)."""
        if self.file is not None:
            remove(self.file)


def pages_open(path: Path) -> int:
    """How many players' pages every live ``tracker serve`` of ``path`` has connected."""
    prefix = _prefix(path)
    folder = runtime_folder() if prefix else None
    if folder is None or prefix is None:
        return 0
    total = 0
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix)]
    except OSError:
        return 0
    for name in names:
        pid = name[len(prefix) :]
        if pid.isdigit() and _alive(int(pid)):
            total += _read_count(folder / name)
    return total


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive, but then the folder is not theirs
    return True


def _read_count(file: Path) -> int:
    words = read_private(file, 32)
    return int(words) if words.isdigit() and int(words) <= _MOST else 0
