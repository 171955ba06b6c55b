"""Durable writes: fsync of files and folders, and atomic whole-file rewrites.

A rewrite goes to a temporary file in the same folder, is flushed and fsynced, then
``os.replace`` puts it in place and the folder is fsynced; on any failure the original
file is left as it was and the temporary file removed.
"""

from __future__ import annotations

import os
import secrets
import sys
import time
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from tracker.store.block import BATCH_END, format_event
from tracker.store.errors import JournalError

_O_BINARY: int = getattr(os, "O_BINARY", 0)


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


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (POSIX); a no-op where folders cannot be opened."""
    if os.name == "nt":  # pragma: no cover - not this platform
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fsync_file(fd)
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
        doc = tomllib.loads(text)
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


def _create_temp(path: Path) -> tuple[str, int]:
    """Create a hidden temp file beside ``path`` (mode 0o666 less umask, or the old file's)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_BINARY
    while True:
        name = str(path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp"))
        try:
            fd = os.open(name, flags, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    try:
        os.chmod(name, os.stat(path).st_mode & 0o7777)
    except FileNotFoundError:
        pass
    except OSError:
        os.close(fd)
        _remove_quietly(name)
        raise
    return name, fd


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


def write_file_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` as the whole of ``path``: all of it or, on failure, nothing changed.

    A target that exists and is not a regular file (a device, a pipe) is written as is.
    JournalError (one line, naming the file) on failure.
    """
    path = Path(path)
    try:
        if path.exists() and not path.is_file():
            with open(path, "wb") as target:
                target.write(data)
        else:
            _atomic_write(path, data)
    except OSError as exc:
        raise JournalError(path, f"cannot write the file: {exc.strerror or exc}") from exc


def _atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path`` and move it into place durably."""
    tmp, fd = _create_temp(path)
    try:
        try:
            write_all(fd, data)
            fsync_file(fd)
        finally:
            os.close(fd)
        _replace(tmp, path)
    except BaseException:
        _remove_quietly(tmp)
        raise
    fsync_dir(path.parent)


def _remove_quietly(name: str) -> None:
    """Delete ``name`` if it exists, ignoring errors."""
    try:
        os.unlink(name)
    except OSError:
        pass
