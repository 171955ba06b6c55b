"""User text is data: one place that checks it on the way in and neutralises it on the way out.

Names, notes and titles come from GMs, players and files shared between tables. Two
duties live here, for every layer to use:

- ``check_text`` refuses text that could act on a terminal or reorder what is shown
  (C0/C1 control characters, DEL, bidirectional overrides and isolates, invisible
  zero-width marks) and text that is too long, with one sentence naming what and where.
- ``visible`` turns any such character that still arrives (an old file, another tool's
  export) into a visible stand-in: ``␛`` for ESC, ``\\x9b`` for a C1 control, ``\\u202e``
  for a bidi override. Markup and HTML escaping stay with each sink (Rich ``Text``,
  ``html.escape``, the Markdown escaper); this module knows no sink.
"""

from __future__ import annotations

import codecs
import math
import re

from tracker.core.errors import RuleError

NAME_LIMIT = 80
TITLE_LIMIT = 120
WORD_LIMIT = 80
NOTE_LIMIT = 2000
TRAIT_LIMIT = 20_000
"""The longest text of one trait (an ability, a talent, a special rule): far above any
rule text a sheet holds, so an import keeps each whole."""
LINE_LIMIT = 2400
NUMBER_LIMIT = 2**53
"""No number a file holds (a round, a stat, a roll, a time in milliseconds) is larger
than this, either way: the largest whole number every JSON reader keeps exactly."""

_BIDI_AND_INVISIBLE = (
    "\u200b"  # zero-width space
    "\u202a-\u202e"  # embeddings and overrides
    "\u2060-\u2064"  # word joiner and invisible operators
    "\u2066-\u2069"  # isolates
    "\ufeff"  # byte-order mark / zero-width no-break space
    "\ud800-\udfff"  # lone surrogates: bytes that were not UTF-8 (a file name, an argument)
)
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_AND_INVISIBLE}]")
"""Every character that a sink must never receive raw."""

UNSAFE_EXCEPT_LINES = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_INVISIBLE}]")
"""The same, but tab and newline allowed (multi-line notes written in a roster)."""

_NAMES = {
    0x1B: "ESC",
    0x07: "BEL",
    0x08: "backspace",
    0x09: "tab",
    0x0A: "line break",
    0x0D: "carriage return",
    0x7F: "DEL",
    0x9B: "CSI",
    0x9D: "OSC",
    0x202E: "right-to-left override",
    0x202D: "left-to-right override",
    0x200B: "zero-width space",
    0xFEFF: "zero-width no-break space",
}


def describe(char: str) -> str:
    """A character as a GM can read it in an error: ``ESC (U+001B)``, ``the byte 0xFF
    (not UTF-8)`` for a byte Python kept aside from a name that was not UTF-8."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"the byte 0x{code - 0xDC00:02X} (not UTF-8)"
    name = _NAMES.get(code)
    label = f"U+{code:04X}"
    return f"{name} ({label})" if name else label


def stand_in(char: str) -> str:
    """The visible stand-in for one unsafe character."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # control pictures: ␀ … ␟ (␛ for ESC)
    if code == 0x7F:
        return "␡"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, kept aside by Python
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every unsafe character replaced by a visible stand-in."""
    if not UNSAFE.search(text):
        return text
    return UNSAFE.sub(lambda match: stand_in(match.group()), text)


def visible_lines(text: str) -> str:
    """Like ``visible`` but keeps line breaks and tabs (multi-line notes)."""
    if not UNSAFE_EXCEPT_LINES.search(text):
        return text
    return UNSAFE_EXCEPT_LINES.sub(lambda match: stand_in(match.group()), text)


def json_safe(document: str) -> str:
    """A JSON document with every unsafe character written as a ``\\uXXXX`` escape
    (the same data, but nothing a terminal or a viewer would act on)."""
    if not UNSAFE_EXCEPT_LINES.search(document):
        return document
    return UNSAFE_EXCEPT_LINES.sub(lambda match: f"\\u{ord(match.group()):04x}", document)


def _escaped(err: UnicodeError) -> tuple[str, int]:
    """The codec error handler behind :data:`ESCAPE_UNSHOWN`."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    units = err.object[err.start : err.end].encode("utf-16-be", "surrogatepass")
    escapes = (f"\\u{units[i] << 8 | units[i + 1]:04x}" for i in range(0, len(units), 2))
    return "".join(escapes), err.end


ESCAPE_UNSHOWN = "tracker-escape"
"""The ``errors`` name of an encoder that writes what it cannot encode as ``\\uXXXX``."""
codecs.register_error(ESCAPE_UNSHOWN, _escaped)


def first_unsafe(text: str, lines: bool = False) -> tuple[int, str] | None:
    """(position, character) of the first unsafe character, or None."""
    match = (UNSAFE_EXCEPT_LINES if lines else UNSAFE).search(text)
    return (match.start(), match.group()) if match else None


def text_problem(text: str, what: str, limit: int, lines: bool = False) -> str | None:
    """Why ``text`` cannot be used as ``what`` (one sentence), or None when it can."""
    found = first_unsafe(text, lines)
    if found is not None:
        position, char = found
        return (
            f"{what} contains {describe(char)} at character {position + 1}: "
            "names and notes are plain text, with no control or direction characters"
        )
    if len(text) > limit:
        return f"{what} is {len(text):,} characters long: at most {limit:,} are allowed"
    return None


def check_text(text: str, what: str, limit: int, lines: bool = False) -> str:
    """``text`` unchanged if it is safe and short enough, else a RuleError saying why."""
    problem = text_problem(text, what, limit, lines)
    if problem:
        raise RuleError(problem)
    return text


def number_problem(value: float, what: str) -> str | None:
    """Why ``value`` cannot be a number read from a file (one sentence), or None.

    ``inf`` and ``nan`` are refused, and so is anything beyond ``NUMBER_LIMIT``."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{what} is {value}: only ordinary numbers can be read"
    if abs(value) > NUMBER_LIMIT:
        return f"{what} is {value:.3g}: numbers beyond ±{NUMBER_LIMIT:,} cannot be read"
    return None
