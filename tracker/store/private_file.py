"""Small private files in the user's runtime folder: the holder's note of a writer lock
(:mod:`tracker.store.holder`), and ``tracker serve``'s count of phones and kept join
links (:mod:`tracker.web`).

Written to a temp file ``.NAME.<12 hex>.tmp`` beside it, opened
``O_CREAT|O_EXCL|O_NOFOLLOW`` (0600), and renamed into place; read with ``O_NOFOLLOW``,
without waiting (a planted pipe is never waited on), only from a regular file and only
up to a size limit. Failing to write or read is quiet: the caller goes on without the
file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tracker.store.open_flags import O_BINARY

__all__ = ["Ident", "read_private", "remove", "write_private"]

_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)

Ident = tuple[int, int]
"""(st_dev, st_ino) of a private file as written: whether it is still the same one."""


def write_private(file: Path, text: str) -> Ident | None:
    """Replace ``file`` with ``text`` (UTF-8); the identity of the file written, or None
    when it could not be written."""
    temp = file.with_name(f".{file.name}.{os.urandom(6).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | O_BINARY
    try:
        fd = os.open(temp, flags, 0o600)
        try:
            os.write(fd, text.encode("utf-8"))
            made = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(temp, file)
    except OSError:
        remove(temp)
        return None
    except BaseException:  # Ctrl+C or an exit while it was written: no temp file left
        remove(temp)
        raise
    return made.st_dev, made.st_ino


def read_private(file: Path, most: int) -> str:
    """The first ``most`` bytes of ``file`` as text, spaces, line ends and NULs stripped
    ("" when missing, not a regular file, or unreadable)."""
    try:
        fd = os.open(file, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | O_BINARY)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        return os.read(fd, most).decode("utf-8", "replace").strip("\x00 \t\r\n")
    except OSError:
        return ""
    finally:
        os.close(fd)


def remove(path: Path) -> None:
    """Remove ``path`` if it is there, quietly."""
    try:
        os.unlink(path)
    except OSError:
        pass
