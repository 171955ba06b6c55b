"""Where an export may be written: the one check every output path goes through.

``tracker log -o``, ``tracker campaign recap -o``, the TUI's export dialog and "copy this
round" all write through :func:`write_output`, which first refuses (one line,
:class:`TrackerError`, nothing written):

* a path that names a tracker journal, an encounter or a campaign file, however it is
  reached: the same file as an input (same st_dev and st_ino, so a hard link counts),
  or any file whose head reads as a journal's (``[encounter]`` or ``[campaign]`` with a
  ``format`` line, ``[[combatants]]`` or ``[[events]]`` blocks);
* a symbolic link: nothing is written through it (remove it or name another file). A
  link to a terminal, a pipe or another character device (``-o /dev/stdout``) is let
  through, as those hold nothing that could be overwritten;
* a folder, a socket or a block device (a disk) where a file should be, and a name in a
  folder that does not exist (the GM's typo is said, not made into folders);
* a named pipe no program is reading: it is opened without waiting, so a pipe with no
  reader never hangs the command.

A regular file (or a new name) is then written atomically: a temp file beside it,
fsync, ``os.replace`` — a failed write leaves the old file (put back if the failure came
after the replace, as a folder's fsync can); a folder that refuses the temp file
(read-only) is said. A character device or a pipe is written as it is.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from tracker.core.errors import TrackerError
from tracker.rules.user_files import read_regular
from tracker.store.durable import write_all, write_file_atomically
from tracker.store.open_flags import O_BINARY as _O_BINARY

__all__ = ["check_output", "looks_like_journal", "write_output"]

HEAD_BYTES = 256 * 1024
"""How much of an existing file is read to tell whether it is a journal."""
_TABLE = re.compile(rb"^[ \t]*\[[ \t]*(encounter|campaign)[ \t]*\][ \t]*(#.*)?\r?$", re.M)
_MARK = re.compile(rb"^[ \t]*(format[ \t]*=|\[\[[ \t]*(events|combatants)[ \t]*\]\])", re.M)
_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY: int = getattr(os, "O_NOCTTY", 0)
_O_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)


def looks_like_journal(path: Path) -> bool:
    """Whether the regular file at ``path`` reads as an encounter or campaign journal."""
    try:
        fd = os.open(path, os.O_RDONLY | _O_NOFOLLOW | _O_NONBLOCK | _O_BINARY)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, HEAD_BYTES)
    except OSError:
        return False
    finally:
        os.close(fd)
    return bool(_TABLE.search(head) and _MARK.search(head))


def _is_stream(path: Path) -> bool:
    """A terminal, a pipe or another character device (following links): written as it
    is, as nothing it holds could be overwritten."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def check_output(target: Path, sources: Sequence[Path] = ()) -> None:
    """TrackerError (one line) unless an export may be written at ``target``."""
    try:
        info = os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):
        _check_folder(target)
        return  # a new name
    except OSError as err:
        raise TrackerError(f"{target}: cannot write there: {err.strerror or err}") from None
    if stat.S_ISLNK(info.st_mode):
        if _is_stream(target):
            return
        raise TrackerError(
            f"{target} is a symbolic link: nothing is written through it — "
            "remove the link or name another file"
        )
    if not (stat.S_ISREG(info.st_mode) or _is_stream(target)):
        raise TrackerError(f"{target} {_not_a_file(info.st_mode)}: name a file to write")
    for source in sources:
        try:
            same = os.stat(source)
        except OSError:
            continue
        if (same.st_dev, same.st_ino) == (info.st_dev, info.st_ino):
            raise TrackerError(f"{target} is {_which(source)} itself: pick another output name")
    if stat.S_ISREG(info.st_mode) and looks_like_journal(target):
        raise TrackerError(
            f"{target} is a tracker journal (an encounter or campaign file): "
            "it is never overwritten — pick another output name"
        )


def _not_a_file(mode: int) -> str:
    """What stands where a file was expected: a folder, a socket, a disk."""
    if stat.S_ISDIR(mode):
        return "is a folder"
    if stat.S_ISSOCK(mode):
        return "is a socket"
    return "is a block device (a disk)" if stat.S_ISBLK(mode) else "is not a file"


def _check_folder(target: Path) -> None:
    """TrackerError unless the folder a new file would go in is there."""
    folder = target.parent
    try:
        mode = os.stat(folder).st_mode
    except OSError:
        mode = None
    if mode is None or not stat.S_ISDIR(mode):
        what = "does not exist" if mode is None else "is not a folder"
        raise TrackerError(
            f"{target}: the folder {folder} {what} — make it first or name another place"
        )


def _which(source: Path) -> str:
    """How the refusal names the input: the campaign or the encounter."""
    try:
        with open(source, "rb") as file:
            head = file.read(HEAD_BYTES)
    except OSError:
        return "the file being exported"
    found = _TABLE.search(head)
    return f"the {found.group(1).decode()}" if found else "the file being exported"


def write_output(target: Path, data: bytes, sources: Sequence[Path] = ()) -> None:
    """Check ``target`` (:func:`check_output`) and write ``data`` there: atomically for
    a file, as is for a character device or a pipe. TrackerError (one line) on any
    failure."""
    check_output(target, sources)
    if _is_stream(target):
        _write_stream(target, data)
        return
    before = _old_export(target)
    try:
        write_file_atomically(target, data)
    except TrackerError:  # e.g. the folder's fsync failed after the new file was in place
        _put_back(target, before, data)
        raise


def _write_stream(target: Path, data: bytes) -> None:
    """Write ``data`` to a pipe or a character device; a pipe nobody reads is refused
    at once (opened without waiting for a reader), not waited on for ever."""
    flags = os.O_WRONLY | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | _O_BINARY
    try:
        fd = os.open(target, flags)
    except OSError as err:
        if err.errno == errno.ENXIO:
            raise TrackerError(
                f"{target} is a named pipe no program is reading: nothing was written — "
                "start its reader first"
            ) from None
        raise TrackerError(f"{target}: cannot write the file: {err.strerror or err}") from None
    try:
        os.set_blocking(fd, True)  # the reader takes it at its own pace
        write_all(fd, data)
    except OSError as err:
        raise TrackerError(f"{target}: cannot write the file: {err.strerror or err}") from None
    finally:
        os.close(fd)


def _old_export(target: Path) -> bytes | None:
    """The bytes of the file ``target`` names now (None: a new name, or unreadable)."""
    try:
        return read_regular(target)
    except OSError:
        return None


def _put_back(target: Path, before: bytes | None, written: bytes) -> None:
    """After a failed write: the old file back (or no file) if the new one is in place."""
    try:
        if read_regular(target) != written:
            return
        if before is None:
            target.unlink()
        else:
            write_file_atomically(target, before)
    except (OSError, TrackerError):
        pass  # best effort: the error already says the write failed
