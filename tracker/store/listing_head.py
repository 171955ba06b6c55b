"""An encounter file's head read line by line, without a TOML parser: the listing's
quick path.

The head (all before the first ``[[events]]`` line) is what ``tracker new``, the
writer and the samples hold: comments, ``format = 2``, an ``[encounter]`` table and
``[[combatants]]`` tables of one-line ``key = value`` pairs (strings, whole numbers,
decimals, true/false, inline arrays and tables of those). :func:`quick_head` reads that
shape and returns exactly the document ``tomllib`` would, already known to pass the
file check (``file_text.check_document`` with ``HEAD_FIELDS``); anything else (a
multi-line string, an escape other than ``\\"`` and ``\\\\``, a dotted key, a date, a
character the text check refuses, a text too long, a duplicate key...) is declined with
None, and the careful reading (full parse, then the check, which names the problem at
``file:line:col``) answers instead.
"""

from __future__ import annotations

import re
from typing import Any

from tracker.core.safe_text import NUMBER_LIMIT, WORD_LIMIT
from tracker.store.file_text import HEAD_FIELDS

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?(?=[ ,\]}#]|$)")
_TABLE = re.compile(r"\[([A-Za-z0-9_-]+)\]")
_ARRAY_TABLE = re.compile(r"\[\[([A-Za-z0-9_-]+)\]\]")
_NESTING = 8
"""How deeply inline arrays and tables may nest before the careful reading is asked."""


_KEY = r'[A-Za-z0-9_-]{1,80}|"[^"\\\n=,{}\[\]]{0,80}"'
_TEXT = r'"[^"\\\n]{0,80}+"'
_FIGURE = r"[+-]?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?"
_SCALAR = rf"{_TEXT}|{_FIGURE}|true|false"
_LINE = re.compile(
    rf"^ *(?:(\[\[?[A-Za-z0-9_-]{{1,80}}\]\]?)|({_KEY}) *= *(?:({_SCALAR})"
    rf"|\{{ *((?:{_KEY}) *= *(?:{_FIGURE})(?: *, *(?:{_KEY}) *= *(?:{_FIGURE}))*) *\}}))?"
    r" *(?:#[^\n]*)?$",
    re.MULTILINE,
)
"""The usual line of a head: blank, a comment, a table's header, ``key = "text"`` (up to
80 characters: every limit allows that), a number (up to 15 digits), a flag, or an
inline table of numbers; each perhaps followed by a comment."""
assert min(HEAD_FIELDS.default, *HEAD_FIELDS.limits.values(), WORD_LIMIT) >= 80
_NUMBER_PAIR = re.compile(rf"({_KEY}) *= *({_FIGURE})")


def _scalar(raw: str) -> Any:
    """The value of a number or flag the pattern matched."""
    if raw in ("true", "false"):
        return raw == "true"
    return float(raw) if "." in raw else int(raw)


class _Decline(Exception):
    """Not in the shape the quick reading knows: the careful reading answers."""


def quick_head(text: str) -> dict[str, Any] | None:
    """The head ``text`` as ``tomllib`` parses it, known to pass the file check; None
    when it is not in the plain shape this reads (then parse it the careful way)."""
    if not text.replace("\n", " ").isprintable():
        return None  # a tab, a CR, a BOM, a control or direction character: the careful
        # reading decides (``isprintable`` refuses every character ``UNSAFE`` names)
    try:
        return _Head().read(text)
    except _Decline:
        return None


class _Head:
    """The document being built: the root, the table lines go to, and its key path."""

    def __init__(self) -> None:
        self.root: dict[str, Any] = {}
        self.table: dict[str, Any] = self.root
        self.path: tuple[str, ...] = ()
        self.arrays: set[str] = set()
        """The root keys made by ``[[name]]`` lines."""

    def read(self, text: str) -> dict[str, Any]:
        """Every line read into the document: by one pattern when every line is a usual
        one (one row a line), else line by line."""
        rows = _LINE.findall(text)
        if len(rows) != text.count("\n") + 1:
            return self._mixed(text)
        for header, key, scalar, pairs in rows:
            if key:
                self._usual(key, scalar, pairs)
            elif header:
                self._header(header)
        return self.root

    def _mixed(self, text: str) -> dict[str, Any]:
        """The usual lines by the pattern, the others by the careful line reader."""
        at = 0
        for match in _LINE.finditer(text):
            if match.start() != at:
                for line in text[at : match.start() - 1].split("\n"):
                    self._line(line)
            at = match.end() + 1
            if match[2]:
                self._usual(match[2], match[3], match[4])
            elif match[1]:
                self._header(match[1])
        if at <= len(text):
            for line in text[at:].split("\n"):
                self._line(line)
        return self.root

    def _usual(self, key: str, scalar: str, pairs: str) -> None:
        """A line the pattern read: ``key = "text"``, a number, a flag or ``{ k = 1 }``
        (a text of at most 80 characters: within every limit)."""
        if key[0] == '"':
            key = key[1:-1]
        if scalar:
            value: Any = scalar[1:-1] if scalar[0] == '"' else _scalar(scalar)
        elif self.table is self.root:
            raise _Decline  # the file check reads a root table by its own rules
        else:
            found = _NUMBER_PAIR.findall(pairs)
            value = {
                k[1:-1] if k[0] == '"' else k: float(v) if "." in v else int(v) for k, v in found
            }
            if len(value) != len(found):
                raise _Decline
        if key in self.table:
            raise _Decline  # tomllib refuses a key given twice
        self.table[key] = value

    def _line(self, line: str) -> None:
        """One line the pattern did not read, read character by character."""
        stripped = line.strip(" ")
        if not stripped or stripped.startswith("#"):
            return
        if stripped.startswith("["):
            self._header(stripped)
        else:
            self._pair(stripped)

    def _header(self, line: str) -> None:
        """``[name]`` or ``[[name]]`` (a comment after it is not expected)."""
        if match := _ARRAY_TABLE.fullmatch(line):
            name = match[1]
            if name in self.root and name not in self.arrays:
                raise _Decline
            self.arrays.add(name)
            self.table = {}
            self.root.setdefault(name, []).append(self.table)
            self.path = ()  # the file check starts inside each [[name]] block
        elif match := _TABLE.fullmatch(line):
            name = match[1]
            if name in self.root:
                raise _Decline
            self.table = self.root[name] = {}
            self.path = (name,)
        else:
            raise _Decline
        _check_key(name)

    def _pair(self, line: str) -> None:
        """``key = value``, perhaps followed by a comment."""
        key, at = _key(line, 0)
        at = _skip(line, at)
        if not line.startswith("=", at):
            raise _Decline
        if self.table is self.root and line[_skip(line, at + 1) :].startswith(("[", "{")):
            raise _Decline  # the file check reads a root array of tables by blocks
        value, at = _value(line, _skip(line, at + 1), (*self.path, key), 0)
        at = _skip(line, at)
        if at < len(line) and line[at] != "#":
            raise _Decline
        _put(self.table, key, value)


def _put(table: dict[str, Any], key: str, value: Any) -> None:
    if key in table:
        raise _Decline  # tomllib refuses a key given twice
    table[key] = value


def _check_key(key: str) -> None:
    if len(key) > WORD_LIMIT:
        raise _Decline


def _skip(line: str, at: int) -> int:
    """The first place at or after ``at`` that is not a space."""
    while at < len(line) and line[at] == " ":
        at += 1
    return at


def _key(line: str, at: int) -> tuple[str, int]:
    """A bare or quoted key (never dotted) starting at ``at``, and where it ends."""
    if at < len(line) and line[at] in "\"'":
        key, at = _string(line, at)
    elif match := _BARE_KEY.match(line, at):
        key, at = match[0], match.end()
    else:
        raise _Decline
    if _skip(line, at) < len(line) and line[_skip(line, at)] == ".":
        raise _Decline
    _check_key(key)
    return key, at


def _value(line: str, at: int, path: tuple[str, ...], depth: int) -> tuple[Any, int]:
    """The value starting at ``at`` (its keys' ``path`` sets a text's limit)."""
    if at >= len(line) or depth > _NESTING:
        raise _Decline
    first = line[at]
    if first in "\"'":
        text, at = _string(line, at)
        if len(text) > HEAD_FIELDS.limit_at(path):
            raise _Decline
        return text, at
    if first == "[":
        return _array(line, at, path, depth)
    if first == "{":
        return _inline_table(line, at, path, depth)
    for word, flag in (("true", True), ("false", False)):
        if line.startswith(word, at) and _ends(line, at + len(word)):
            return flag, at + len(word)
    if match := _NUMBER.match(line, at):
        number: float = float(match[0]) if match[1] else int(match[0])
        if abs(number) > NUMBER_LIMIT:
            raise _Decline
        return number, match.end()
    raise _Decline


def _ends(line: str, at: int) -> bool:
    return at == len(line) or line[at] in " ,]}#"


def _string(line: str, at: int) -> tuple[str, int]:
    """A one-line string starting at ``at`` (basic or literal), and where it ends."""
    quote = line[at]
    if line.startswith(quote * 3, at):
        raise _Decline  # multi-line strings: the careful reading
    close = line.find(quote, at + 1)
    if close < 0:
        raise _Decline
    if quote == "'":
        return line[at + 1 : close], close + 1
    parts, start = [], at + 1
    while True:
        slash = line.find("\\", start, close)
        if slash < 0:
            parts.append(line[start:close])
            return "".join(parts), close + 1
        escaped = line[slash + 1 : slash + 2]
        if escaped not in ('"', "\\"):
            raise _Decline
        parts.append(line[start:slash] + escaped)
        start = slash + 2
        if start > close:  # the quote was escaped: the string goes on
            close = line.find(quote, start)
            if close < 0:
                raise _Decline


def _array(line: str, at: int, path: tuple[str, ...], depth: int) -> tuple[list[Any], int]:
    """``[a, b, ...]`` on one line (a trailing comma allowed, as in TOML)."""
    items: list[Any] = []
    at = _skip(line, at + 1)
    while not line.startswith("]", at):
        item, at = _value(line, at, path, depth + 1)
        items.append(item)
        at = _skip(line, at)
        if line.startswith(",", at):
            at = _skip(line, at + 1)
        elif not line.startswith("]", at):
            raise _Decline
    return items, at + 1


def _inline_table(
    line: str, at: int, path: tuple[str, ...], depth: int
) -> tuple[dict[str, Any], int]:
    """``{ k = v, ... }`` on one line (no trailing comma, as in TOML 1.0)."""
    table: dict[str, Any] = {}
    at = _skip(line, at + 1)
    if line.startswith("}", at):
        return table, at + 1
    while True:
        key, at = _key(line, at)
        at = _skip(line, at)
        if not line.startswith("=", at):
            raise _Decline
        value, at = _value(line, _skip(line, at + 1), (*path, key), depth + 1)
        _put(table, key, value)
        at = _skip(line, at)
        if line.startswith("}", at):
            return table, at + 1
        if not line.startswith(",", at):
            raise _Decline
        at = _skip(line, at + 1)
