"""tomllib's errors in words a GM reads: ``the key 'theme' is given twice`` for
``Cannot overwrite a value``, ``a value is missing after '='`` for ``Invalid value``.

Every reader of a GM's TOML file (encounter, campaign, theme, keymap, bestiary, roll
table, settings, a ruleset's ``data.toml``) parses through
:func:`tracker.rules.user_files.loads_toml`, which hands each error to :func:`in_words`.
The place stays in tomllib's form, ``(at line L, column C)`` or ``(at end of
document)``, so every reader turns it into ``file:line:col`` as before; a duplicate key
is placed at the key that repeats (tomllib places it after its value). A message not
known here passes through as tomllib wrote it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from tracker.core.safe_text import UNSAFE, describe, visible

_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_AT_END = " (at end of document)"
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
_KEY_LINE = re.compile(rf"^[ \t]*({_KEY_PART}(?:[ \t]*\.[ \t]*{_KEY_PART})*)[ \t]*=")
_QUOTES = ("'", '"', "'''", '"""')

Place = tuple[int, int] | None
"""A 1-based (line, column), or None for the end of the document."""

Wording = Callable[[re.Match[str], str, Place], tuple[str, Place]]


def in_words(message: str, text: str) -> str:
    """tomllib's ``message`` (its place at the end) for the document ``text``, in words."""
    head, place = _split(message)
    for pattern, wording in _WORDINGS:
        found = pattern.fullmatch(head)
        if found:
            words, place = wording(found, text, place)
            return words + _place(place)
    return message


def _split(message: str) -> tuple[str, Place]:
    """tomllib's message and the place it names."""
    found = _AT.search(message)
    if found:
        return message[: found.start()], (int(found[1]), int(found[2]))
    return message.removesuffix(_AT_END), None


def _place(place: Place) -> str:
    """The place in tomllib's form, as every reader reads it."""
    return _AT_END if place is None else f" (at line {place[0]}, column {place[1]})"


def _line(text: str, place: Place) -> str:
    """The text of the line ``place`` is on ("" at the end of the document)."""
    if place is None:
        return ""
    lines = text.splitlines()
    return lines[place[0] - 1] if 0 < place[0] <= len(lines) else ""


def _key(written: str) -> str:
    """A key as the GM wrote it, shown in single quotes (``a.b``, ``my key``)."""
    parts = re.findall(_KEY_PART, written)
    return ".".join(part[1:-1] if part[:1] in "'\"" else part for part in parts)


def _table(found: re.Match[str]) -> str:
    """The table tomllib names as a Python tuple (``('a', 'b')``), as ``a.b``."""
    try:
        parts = ast.literal_eval(found["key"])
    except (ValueError, SyntaxError):
        return found["key"]
    return ".".join(str(part) for part in parts) if isinstance(parts, tuple) else str(parts)


def _overwritten(found: re.Match[str], text: str, place: Place) -> tuple[str, Place]:
    """A key given a value twice (placed at the key), or a ``[table]`` naming a value."""
    if place is None:
        return "a key is given a value twice", place
    line = _line(text, place)
    if line.lstrip().startswith("["):
        name = line.strip().strip("[]").strip()
        return f"the table [{name}] names a key that already holds a value", place
    if line[place[1] - 1 :].strip()[:1] not in ("", "#"):  # inside a { … } table
        return "a key in this { … } table is given a value twice", place
    lines = text.splitlines()
    for number in range(min(place[0], len(lines)), 0, -1):
        key = _KEY_LINE.match(lines[number - 1])
        if key:
            at = (number, key.start(1) + 1)
            name = _key(key[1])
            if "." in name:
                return f"the key '{name}' (or a part of it) is given a value twice", at
            return f"the key '{name}' is given twice", at
    return "a key is given a value twice", place


def _invalid_value(found: re.Match[str], text: str, place: Place) -> tuple[str, Place]:
    """No value where one belongs, or a word TOML does not read (text without quotes)."""
    if place is None:
        return "the file ends where a value belongs (a list or { } table not closed?)", place
    rest = _line(text, place)[place[1] - 1 :].strip()
    word = re.match(r"[^\s,\]}#=]+", rest)
    if word is None:
        return "a value is missing after '='", place
    if UNSAFE.match(word[0]):
        return f"the control character {describe(word[0][0])} cannot stand here", place
    shown = visible(word[0][:40])
    return (
        f"'{shown}' is not a value TOML reads (text needs quotes: name = \"Goblin\")",
        place,
    )


def _illegal(found: re.Match[str], text: str, place: Place) -> tuple[str, Place]:
    """A control character in a text (a line break: the text is not closed)."""
    char = ast.literal_eval(found["char"])
    if char in "\r\n":
        return (
            'a text is not closed before its line ends (one of several lines goes in """…""")',
            place,
        )
    return (
        f"a text holds the control character {describe(char)}; write it as \\u{ord(char):04X}",
        place,
    )


def _stray(found: re.Match[str], text: str, place: Place) -> tuple[str, Place]:
    """A control character outside a text (in a comment, between values)."""
    char = ast.literal_eval(found["char"])
    return f"the control character {describe(char)} cannot stand here", place


def _expected(found: re.Match[str], text: str, place: Place) -> tuple[str, Place]:
    """A closing mark that is missing (a quote: a text not closed)."""
    mark = ast.literal_eval(found["mark"])
    if mark in _QUOTES:
        return f"a text is not closed with its {mark}", place
    return f"{mark} is missing here", place


def _said(words: str) -> Wording:
    """A wording that is always ``words``, at tomllib's place."""
    return lambda found, text, place: (words, place)


def _declared(words: str) -> Wording:
    """A wording naming the table tomllib names (``{table}`` in ``words``)."""
    return lambda found, text, place: (words.replace("{table}", _table(found)), place)


_WORDINGS: tuple[tuple[re.Pattern[str], Wording], ...] = tuple(
    (re.compile(pattern), wording)
    for pattern, wording in (
        (r"Cannot overwrite a value", _overwritten),
        (r"Invalid value", _invalid_value),
        (r"Cannot declare (?P<key>\(.*\)) twice", _declared("the table [{table}] is given twice")),
        (
            r"Cannot mutate immutable namespace (?P<key>\(.*\))",
            _declared("'{table}' is given in full above ([…] or { … }); it cannot be added to"),
        ),
        (
            r"Cannot redefine namespace (?P<key>\(.*\))",
            _declared("the table '{table}' is already given above"),
        ),
        (
            r"Duplicate inline table key (?P<key>'.*'|\".*\")",
            _declared("the key '{table}' is given twice in one { … } table"),
        ),
        (r"Illegal character (?P<char>'.*'|\".*\")", _illegal),
        (r"Expected (?P<mark>'.*'|\".*\")", _expected),
        (r"Found invalid character (?P<char>'.*'|\".*\")", _stray),
        (r"Invalid statement", _said("this line is not 'key = value', a [table] or a # comment")),
        (
            r"Expected '=' after a key in a key/value pair",
            _said("a key needs '=' and a value after it (a key with spaces needs quotes)"),
        ),
        (
            r"Expected newline or end of document after a statement",
            _said("the line goes on after its value (one 'key = value' a line)"),
        ),
        (
            r"Expected '\]' at the end of a table declaration",
            _said("a [table] is not closed with ']'"),
        ),
        (
            r"Expected '\]\]' at the end of an array declaration",
            _said("a [[list]] is not closed with ']]'"),
        ),
        (
            r"Invalid initial character for a key part",
            _said("a key is missing here (before '=' or after '.')"),
        ),
        (r"Unclosed array", _said("a list opened with '[' is not closed with ']'")),
        (r"Unclosed inline table", _said("a { … } table is not closed with '}' on its line")),
        (r"Unterminated string", _said("a text is not closed before the file ends")),
        (
            r"Unescaped '\\' in a string",
            _said(
                "a \\ in a \"text\" starts an escape: write \\\\ for one, or use 'single quotes'"
            ),
        ),
        (r"Invalid hex value", _said("a \\u or \\U escape needs hexadecimal digits (0-9, a-f)")),
        (
            r"Escaped character is not a Unicode scalar value",
            _said("a \\u or \\U escape names no character"),
        ),
        (
            r"Invalid date or datetime",
            _said("this date or time does not exist (dates read 2026-11-21, times 19:03:11)"),
        ),
    )
)
