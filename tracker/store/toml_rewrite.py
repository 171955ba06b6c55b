"""Replacing ``[[section]]`` tables in a TOML file the GM may have edited by hand.

The file's text is cut into chunks, one per top-level table header; the chunks of the
section being replaced that match are dropped, the new ones appended, and everything
else (comments, other sections, other blocks) is kept as written. The result is parsed
back and must hold exactly the rows expected, or nothing is written. :func:`update`
does all of it under the file's writer lock (:mod:`tracker.store.rewrite_lock`), from the
text as it is once the lock is held.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tracker.rules.user_files import loads_toml
from tracker.store.errors import JournalError
from tracker.store.journal import _toml_error
from tracker.store.rewrite_lock import rewrite
from tracker.store.toml_line import array_table
from tracker.store.toml_parse import utf8_text

_HEADER = re.compile(r"\s*\[(\[)?\s*([A-Za-z0-9_-]+)")


def _chunks(text: str) -> list[tuple[str, bool, str]]:
    """(top-level name, is an array-of-tables header, text) for each chunk; the preamble
    is ("", False, text)."""
    chunks: list[tuple[str, bool, list[str]]] = [("", False, [])]
    for line in text.splitlines(keepends=True):
        match = _HEADER.match(line)
        if match:
            name, array = match.group(2), bool(match.group(1))
            owner, _array, _lines = chunks[-1]
            if not (name == owner and not array):  # [blocks.stats] stays with its block
                chunks.append((name, array, []))
        chunks[-1][2].append(line)
    return [(name, array, "".join(lines)) for name, array, lines in chunks]


def row_text(section: str, row: Mapping[str, Any]) -> str:
    """One ``[[section]]`` table, each value on one line (tables written inline)."""
    return array_table(section, row)


def replaced(
    text: str,
    section: str,
    drop: Callable[[Mapping[str, Any]], bool],
    new: Sequence[str],
) -> str:
    """``text`` with the ``[[section]]`` tables ``drop`` picks removed and ``new`` appended."""
    kept: list[str] = []
    for name, array, chunk in _chunks(text):
        if name == section and array:
            try:
                rows = loads_toml(chunk).get(section, [])
            except tomllib.TOMLDecodeError:
                rows = []
            if rows and isinstance(rows[0], Mapping) and drop(rows[0]):
                continue
        kept.append(chunk)
    body = "".join(kept)
    if body.strip():  # the blank lines before a dropped table go with it
        body = body.rstrip("\n") + "\n"
    return body + "".join(("\n" if body or index else "") + n for index, n in enumerate(new))


def decoded(path: Path, data: bytes | None) -> str:
    """``data`` (the file's bytes; None: no file) as text; JournalError unless it is TOML."""
    if not data:
        return ""
    text = utf8_text(path, data, ": fix it first")
    try:
        loads_toml(text)
    except tomllib.TOMLDecodeError as err:
        raise _toml_error(path, text, err) from None
    return text


def update(path: Path, change: Callable[[str], str]) -> None:
    """Rewrite ``path`` under its writer lock: ``change`` gets its text as it stands once
    the lock is held ("" when there is no file) and returns the new text (checked with
    :func:`check_rows`); the file is replaced atomically, or left as it was."""
    rewrite(path, lambda data: change(decoded(path, data)).encode("utf-8"))


def check_rows(path: Path, text: str, section: str, expect: Callable[[list[Any]], bool]) -> None:
    """JournalError unless ``text`` parses and its ``section`` passes ``expect``."""
    try:
        rows = loads_toml(text).get(section, [])
    except tomllib.TOMLDecodeError as err:
        raise JournalError(path, f"cannot be updated safely ({err}): nothing written") from None
    if not isinstance(rows, list) or not expect(rows):
        raise JournalError(
            path, f"cannot be updated safely (write its {section} as [[{section}]] tables)"
        )
