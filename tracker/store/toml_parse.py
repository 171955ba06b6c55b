"""Parsing a whole TOML document from bytes, every error one ``JournalError`` with
``file:line:col`` (tomllib gives the position only in its message before Python 3.14)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from tracker.rules.file_looks import encoding_said, looks_like, looks_utf16
from tracker.rules.user_files import loads_toml
from tracker.store.errors import JournalError

_TOML_POS_RE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_END_RE = re.compile(r"\s*\(at end of document\)$")
NOT_UTF8 = "the file is not valid UTF-8"


def line_col(data: bytes, offset: int) -> tuple[int, int]:
    """Return the 1-based (line, column) of byte ``offset`` in ``data``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", "replace")) + 1
    return data.count(b"\n", 0, offset) + 1, col


def utf8_text(path: Path, data: bytes, then: str = "") -> str:
    """``data`` as UTF-8 text; JournalError naming ``file:line:col`` of the first byte that
    is not (``then`` said after it, e.g. what to do); one of another kind (an image, a
    zip, an HTML page) is named so at its first byte."""
    not_another_kind(path, data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = line_col(data, exc.start)
        said = encoding_said(data) or then  # what to do: save it as UTF-8
        raise JournalError(path, f"is not UTF-8 text{said}", line, col) from None


def not_another_kind(path: Path, data: bytes) -> None:
    """JournalError ``file:1:1: this is a PNG image, not a TOML file`` for bytes that are
    clearly of another kind (:func:`tracker.rules.file_looks.looks_like`), and ``the file
    is not valid UTF-8: it looks like UTF-16 …`` for text saved as UTF-16."""
    if kind := looks_like(data):
        raise JournalError(path, f"this is {kind}, not a TOML file", 1, 1)
    if looks_utf16(data):  # valid UTF-8, NUL bytes and all: said before TOML trips on them
        raise JournalError(path, f"{NOT_UTF8}{encoding_said(data)}", 1, 1)


def _toml_error(path: Path, text: str, exc: tomllib.TOMLDecodeError) -> JournalError:
    """Turn a tomllib error into a JournalError with the position from its message."""
    message = str(exc)
    match = _TOML_POS_RE.search(message)
    if match:
        return JournalError(path, message[: match.start()], int(match[1]), int(match[2]))
    match = _TOML_END_RE.search(message)
    if match:
        line = text.count("\n") + 1
        col = len(text) - (text.rfind("\n") + 1) + 1
        return JournalError(path, message[: match.start()], line, col)
    return JournalError(path, message, 1, 1)


def parse_document(path: Path, data: bytes) -> dict[str, Any]:
    """Decode and parse ``data`` as one TOML document, raising JournalError with a position
    (a file of another kind, such as an image or an HTML page, is named so)."""
    not_another_kind(path, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = line_col(data, exc.start)
        raise JournalError(path, f"{NOT_UTF8}{encoding_said(data)}", line, col) from exc
    try:
        return loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(path, text, exc) from exc
