"""A ruleset's data file, parsed once: later starts read a ``marshal`` copy.

Parsing a ruleset's ``data.toml`` (some 30 KB) with ``tomllib`` took 4 ms of every
``tracker state`` and ``tracker do``; the ``marshal`` copy reads in a twentieth of that.
The copy sits beside Python's own bytecode (``__pycache__`` in the ruleset's folder) and,
like it, is written only where the folder can be written and ``sys.dont_write_bytecode``
is off. It is keyed by the data file's bytes (their length and CRC-32) and checked by its
own CRC-32: an edited data file, a damaged or foreign copy is parsed afresh, never
trusted. Data that ``marshal`` cannot hold (a TOML date) is simply not copied.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from typing import Any

from tracker.rules.user_files import loads_toml


def parsed_toml(data: bytes, folder: str | None, name: str) -> dict[str, Any]:
    """:func:`loads_toml` of ``data`` (the file ``name`` in ``folder``; None: not a folder
    on disk), through its copy when one checks out. Raises what ``loads_toml`` and
    ``bytes.decode`` raise for a broken file (its errors in words)."""
    key = b"%d %d %d" % (marshal.version, len(data), zlib.crc32(data))
    path = _copy_path(folder, name)
    if path is not None:
        known = _read_copy(path, key)
        if known is not None:
            return known
    raw = loads_toml(data.decode("utf-8"))
    if path is not None and not sys.dont_write_bytecode:
        _write_copy(path, key, raw)
    return raw


def _copy_path(folder: str | None, name: str) -> str | None:
    tag = sys.implementation.cache_tag
    if folder is None or tag is None:
        return None
    return os.path.join(folder, "__pycache__", f"{name}.{tag}.marshal")


def _read_copy(path: str, key: bytes) -> dict[str, Any] | None:
    """The data the copy at ``path`` holds, if it was made from these bytes and is whole."""
    try:
        with open(path, "rb") as file:
            blob = file.read()
    except OSError:
        return None
    head, _, body = blob.partition(b"\n")
    if head != key + b" %d" % zlib.crc32(body):
        return None
    try:
        raw = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    return raw if isinstance(raw, dict) else None


def _write_copy(path: str, key: bytes, raw: dict[str, Any]) -> None:
    """Leave a copy of ``raw`` at ``path`` (whole or not at all; nothing if it cannot be)."""
    try:
        body = marshal.dumps(raw)
    except ValueError:  # a date or a time: marshal has no such type
        return
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temp, "wb") as file:
            file.write(key + b" %d\n" % zlib.crc32(body) + body)
        os.replace(temp, path)
    except OSError:
        try:
            os.unlink(temp)
        except OSError:
            pass
