"""Small files of ``tracker serve`` in the user's private runtime folder.

Written to a temp file opened ``O_CREAT|O_EXCL|O_NOFOLLOW`` (0600) and renamed into
place; read with ``O_NOFOLLOW`` and a size limit. Failing to write or read is quiet: the
caller goes on without the file.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)


def write_private(file: Path, words: str) -> bool:
    """Replace ``file`` with ``words`` (ASCII); False when it could not be written."""
    temp = file.with_name(f".{file.name}.{secrets.token_hex(6)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
        try:
            os.write(fd, words.encode("ascii"))
        finally:
            os.close(fd)
        os.replace(temp, file)
    except OSError:
        remove(temp)
        return False
    return True


def read_private(file: Path, most: int) -> str:
    """The first ``most`` bytes of ``file`` as stripped ASCII text ("" when unreadable)."""
    try:
        fd = os.open(file, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | _NONBLOCK)
    except OSError:
        return ""
    try:
        return os.read(fd, most).decode("ascii", "replace").strip()
    except OSError:
        return ""
    finally:
        os.close(fd)


def remove(path: Path) -> None:
    """Remove ``path`` if it is there."""
    try:
        os.unlink(path)
    except OSError:
        pass
