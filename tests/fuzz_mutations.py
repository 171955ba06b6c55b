"""Mutations of a file the tracker reads: what a file from elsewhere may be after a bad
copy, a hand edit or another tool's write.

:func:`mutated` draws one: cut at any byte, a byte flipped, inserted or deleted, a value
of another type (string, integer, float, array, table, bool, date), a number no game has
(``1e308``, ``2**70``, 5,000 digits, ``-0``, ``nan``, ``inf``), a very long string,
control bytes or markup in a string, a key written twice, two blocks swapped, a journal
block's ``seq`` or ``crc`` changed, a byte that is not UTF-8, or nothing at all; and the
shapes a text editor or another program gives (:data:`WIDER`): CRLF or lone CR line
ends, a byte-order mark, a key in unicode or a second one differing only in case, bidi
and zero-width characters, lists or tables nested past any parser's recursion, a 10 MB
value, a table written inline or an inline one as a table, a date where a number
belongs, and a valid file of another kind (a theme given as a keymap).
:func:`resigned` makes a mutated journal's checksums right again.
"""

from __future__ import annotations

import re
import zlib

from hypothesis import strategies as st

from tests.player_helpers import ENCOUNTERS

ROOT = ENCOUNTERS.parent
"""The repository's root."""

TOML_VALUES = [
    '"x"',
    '""',
    "7",
    "-1",
    "0",
    "-0",
    "+0",
    "7.5",
    "-0.0",
    "1e308",
    "-1e308",
    "5e-324",
    str(2**70),
    str(-(2**63)),
    "1" * 5000,
    "9007199254740993",
    "nan",
    "inf",
    "-inf",
    "[1, 2]",
    "[]",
    '["a", 3]',
    "[[1], [2]]",
    "{ a = 1 }",
    "{}",
    "true",
    "false",
    "1979-05-27T07:32:00Z",
    "1979-05-27T07:32:00",
    "1979-05-27",
    "07:32:00",
    '"' + "x" * 5000 + '"',
    '"' + "long " * 40_000 + '"',
    r'"\u001b[2J"',
    r'"a\u0007b"',
    r'"a\u0000b"',
    r'"a\nb"',
    "'''a\nb'''",
    r'"evil\u202egnp"',
    '"[b]x[/b]"',
    '"[@click=app.quit]x[/]"',
    '"[/x]"',
    '"<script>alert(1)</script>"',
    '"x\' OR 1=1 --"',
    '"1d6+2"',
    '"999999d999999"',
    '"1d0"',
    '"3d6*1000000000"',
    '"d%"',
]
"""TOML source values swapped in for a value: every type, and the odd ones of each (dice
too: a stat block's values may be rolled)."""

JSON_VALUES = [
    '"x"',
    '""',
    "7",
    "-1",
    "0",
    "-0",
    "7.5",
    "1e308",
    "-1e308",
    "1e999",
    str(2**70),
    "-" + "9" * 5000,
    "NaN",
    "Infinity",
    "-Infinity",
    "[1, 2]",
    "[]",
    '{"a": 1}',
    "{}",
    "true",
    "false",
    "null",
    '"' + "x" * 5000 + '"',
    r'"\u001b[2J"',
    r'"a\u0000b"',
    r'"a\nb"',
    r'"\ud800"',
    '"[b]x[/b]"',
    '"[@click=app.quit]x[/]"',
    '"<script>alert(1)</script>"',
]
"""JSON source values, for a Foundry export (JSON allows no dates; Python's reader
takes ``NaN`` and ``Infinity``)."""

KEYS = [
    '"ключ"',
    '"ｎｅｘｔ"',
    '"a\u200bb"',
    '"\u202eevil"',
    '"\u2066x\u2069"',
    '""',
    '"[b]x[/b]"',
    '"a.b"',
    '"\u00e9"',
    '"e\u0301"',
    '"a\\u0007b"',
    '"it\'s"',
    "'a\"b'",
]
"""Keys TOML allows in quotes that no file of ours writes: unicode, bidi, zero-width,
empty, markup, a dot inside quotes, the two ways of writing é, a control character, quotes."""

INVISIBLE = [
    "\u200b",
    "\u200d",
    "\u200e",
    "\u202e",
    "\u2066",
    "\u2069",
    "\ufeff",
    "\u00ad",
    "\u2028",
    "\u0301",
]
"""Bidi, zero-width and combining characters, as they land in a file pasted from the web."""

OTHER_KINDS = [
    "themes/nerv.toml",
    "bestiary/wrath-glory.toml",
    "encounters/basic-bandits-at-the-ford.toml",
    "tracker/rules/basic/data.toml",
    "tests/fixtures/foundry/alien-creature.json",
    "pyproject.toml",
]
"""Valid files of every kind the tracker reads (and one it does not): one given where
another kind belongs."""

ODD_BYTES = [b"\xff", b"\xc3", b"\x00", b"\x1b", b"\r", b"\n", b"[", b"]", b'"', b"=", b"{", b"#"]

_TOML_VALUE = re.compile(
    rb"(?m)(?:^|(?<=[{,]))(\s*[\w.\"'-]+\s*=\s*)"
    rb'("(?:[^"\\\n]|\\.)*"|\[[^\]\n]*\]|\{[^}\n]*\}|[^\s,}\]#]+)'
)
_JSON_VALUE = re.compile(rb'("[^"\\\n]*"\s*:\s*)("(?:[^"\\\n]|\\.)*"|-?[\d.eE+-]+|true|false|null)')
_JOURNAL_NUMBER = re.compile(rb"(?m)^((?:seq|crc|batch|round|# standing) =? ?)(-?\d+)")


@st.composite
def mutated(draw: st.DrawFn, data: bytes, values: list[str] = TOML_VALUES) -> bytes:
    """``data`` after one mutation a file from elsewhere may have suffered."""
    kind = draw(st.sampled_from([*NARROW, *NARROW, *WIDER]))  # a slip of the hand: 2 in 3
    if kind == "empty" or not data:
        return b""
    if kind in WIDER:
        return WIDER[kind](draw, data)
    at = draw(st.integers(0, len(data) - 1))
    if kind == "cut":
        return data[:at]
    if kind == "flip":
        mask = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :]
    if kind == "insert":
        extra = draw(st.sampled_from(ODD_BYTES) | st.binary(min_size=1, max_size=4))
        return data[:at] + extra + data[at:]
    if kind == "delete":
        return data[:at] + data[at + draw(st.integers(1, 16)) :]
    if kind == "twice":
        lines = data.splitlines(keepends=True)
        n = draw(st.integers(0, len(lines) - 1))
        return b"".join(lines[: n + 1] + lines[n:])
    if kind == "swap":
        return _swapped_blocks(draw, data)
    pattern = _JOURNAL_NUMBER if kind == "number" else _value_pattern(values)
    found = list(pattern.finditer(data))
    if not found:
        return data[:at]
    match = draw(st.sampled_from(found))
    if kind == "number":
        new = str(int(match[2]) + draw(st.sampled_from([1, -1, 7, 2**32]))).encode()
    else:
        new = draw(st.sampled_from(values)).encode("utf-8")
    return data[: match.start(2)] + new + data[match.end(2) :]


def _line_ends(draw: st.DrawFn, data: bytes) -> bytes:
    """Every line end (or one) CRLF or a lone CR."""
    end = draw(st.sampled_from([b"\r\n", b"\r"]))
    lines = data.split(b"\n")
    if len(lines) < 2 or draw(st.booleans()):
        return end.join(lines)
    at = draw(st.integers(1, len(lines) - 1))
    return b"\n".join(lines[:at]) + end + b"\n".join(lines[at:])


def _marked(draw: st.DrawFn, data: bytes) -> bytes:
    """A byte-order mark at the start (UTF-8, twice, or UTF-16's) or in mid-file."""
    mark = draw(st.sampled_from([b"\xef\xbb\xbf", b"\xef\xbb\xbf" * 2, b"\xff\xfe"]))
    if draw(st.booleans()):
        return mark + data
    at = _line_start(draw, data)
    return data[:at] + mark + data[at:]


def _line_start(draw: st.DrawFn, data: bytes) -> int:
    """The offset of a line's start in ``data``."""
    starts = [0, *(m.end() for m in re.finditer(rb"\n", data))]
    return draw(st.sampled_from(starts))


def _keyed(draw: st.DrawFn, data: bytes) -> bytes:
    """A key renamed to one in unicode, or its line given again with the key's case changed."""
    found = list(_KEY.finditer(data))
    if not found:
        return data
    match = draw(st.sampled_from(found))
    key = match[1]
    if draw(st.booleans()):
        return data[: match.start(1)] + draw(st.sampled_from(KEYS)).encode() + data[match.end(1) :]
    line_end = data.find(b"\n", match.start())
    line = data[match.start() : len(data) if line_end < 0 else line_end + 1]
    other = key.swapcase() if draw(st.booleans()) else key.upper()
    again = line.rstrip(b"\n").replace(key, other, 1) + b"\n"
    return data[: match.start()] + again + data[match.start() :]


def _invisible(draw: st.DrawFn, data: bytes) -> bytes:
    """A bidi or zero-width character inside a text (escaped or raw) or at any byte."""
    char = draw(st.sampled_from(INVISIBLE))
    raw = char.encode("utf-8")
    strings = list(re.finditer(rb'"[^"\\\n]*"', data))
    in_text = draw(st.booleans())
    if strings and in_text:
        match = draw(st.sampled_from(strings))
        into = draw(st.integers(match.start() + 1, match.end() - 1))
        new = b"\\u%04X" % ord(char) if draw(st.booleans()) else raw
        return data[:into] + new + data[into:]
    at = draw(st.integers(0, len(data)))
    return data[:at] + raw + data[at:]


def _deep(draw: st.DrawFn, data: bytes) -> bytes:
    """A value that is lists (or tables) nested past the parsers' recursion limits."""
    depth = draw(st.sampled_from([99, 100, 101, 1000, 100_000]))
    json = data.lstrip()[:1] in (b"{", b"[")
    opener = draw(st.sampled_from([b"[", b'{"a":' if json else b"{a="]))
    closer = b"]" if opener == b"[" else b"}"
    return _with_value(draw, data, opener * depth + b"1" * (opener != b"[") + closer * depth)


def _huge(draw: st.DrawFn, data: bytes) -> bytes:
    """A value of 100 KB, 1 MB or 10 MB: a text, a list of numbers, or a comment line."""
    shape = draw(st.sampled_from(["text", "list", "comment"]))
    size = draw(st.sampled_from([100_000, 1_000_000, 10_000_000]))
    if shape == "comment" and data.lstrip()[:1] not in (b"{", b"["):
        at = _line_start(draw, data)
        return data[:at] + b"# " + b"x" * size + b"\n" + data[at:]
    if shape == "list":
        return _with_value(draw, data, b"[" + b"1, " * (size // 10) + b"1]")
    return _with_value(draw, data, b'"' + b"x" * size + b'"')


def _with_value(draw: st.DrawFn, data: bytes, new: bytes) -> bytes:
    """``data`` with one of its values (TOML or JSON) replaced by ``new``."""
    pattern = _JSON_VALUE if data.lstrip()[:1] in (b"{", b"[") else _TOML_VALUE
    found = list(pattern.finditer(data))
    if not found:
        return data + new
    match = draw(st.sampled_from(found))
    return data[: match.start(2)] + new + data[match.end(2) :]


def _reshaped(draw: st.DrawFn, data: bytes) -> bytes:
    """A ``[table]`` written as an inline ``table = { … }``, or an inline table as a
    ``[table]`` at the file's end."""
    tables = list(_TABLE.finditer(data))
    inline = list(_INLINE.finditer(data))
    if inline and (not tables or draw(st.booleans())):
        match = draw(st.sampled_from(inline))
        body = b"\n".join(part.strip() for part in match[2].split(b","))
        rest = data[: match.start()] + data[match.end() :]
        return rest + b"\n[" + match[1].strip() + b"]\n" + body + b"\n"
    if not tables:
        return data
    match = draw(st.sampled_from(tables))
    pairs = [line for line in match[2].splitlines() if line.strip() and b"=" in line]
    written = match[1] + b" = { " + b", ".join(p.strip() for p in pairs) + b" }\n"
    return data[: match.start()] + written + data[match.end() :]


def _dated(draw: st.DrawFn, data: bytes) -> bytes:
    """A number replaced by a date, a time or a date and time; or a date made one no
    calendar has (year 0, February 30)."""
    days = list(_DAY.finditer(data))
    unmade = draw(st.booleans())
    if days and unmade:
        match = draw(st.sampled_from(days))
        new_day = draw(st.sampled_from([b"0000-01-01", b"2026-02-30", b"2026-13-01"]))
        return data[: match.start()] + new_day + data[match.end() :]
    found = list(_NUMBER.finditer(data))
    if not found:
        return data
    match = draw(st.sampled_from(found))
    new = draw(
        st.sampled_from([b"1979-05-27", b"07:32:00", b"1979-05-27T07:32:00Z", b"0000-01-01"])
    )
    return data[: match.start(2)] + new + data[match.end(2) :]


def _other_kind(draw: st.DrawFn, data: bytes) -> bytes:
    """A valid file of another kind, whole."""
    return (ROOT / draw(st.sampled_from(OTHER_KINDS))).read_bytes()


_KEY = re.compile(rb"(?m)^[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
_TABLE = re.compile(rb"(?m)^\[([A-Za-z0-9_.-]+)\]\n((?:[^\[\n][^\n]*\n|\n)*)")
_INLINE = re.compile(rb"(?m)^([A-Za-z0-9_-]+)[ \t]*=[ \t]*\{([^{}\n]*)\}[ \t]*\n")
_DAY = re.compile(rb"\b\d{4}-\d\d-\d\d\b")
_NUMBER = re.compile(rb"(?m)(=[ \t]*|[\[,:][ \t]*)(-?\d+(?:\.\d+)?)(?=[ \t]*[,\]}\n])")

NARROW = ["cut", "flip", "insert", "delete", "value", "twice", "swap", "number", "empty"]
"""The mutations of a bad copy or a slip of the hand."""
WIDER = {
    "line ends": _line_ends,
    "byte-order mark": _marked,
    "key": _keyed,
    "invisible": _invisible,
    "deep": _deep,
    "huge": _huge,
    "reshaped": _reshaped,
    "dated": _dated,
    "other kind": _other_kind,
}
"""The shapes a text editor, another program or a GM's mix-up gives a file."""


def _value_pattern(values: list[str]) -> re.Pattern[bytes]:
    return _JSON_VALUE if values is JSON_VALUES else _TOML_VALUE


def _swapped_blocks(draw: st.DrawFn, data: bytes) -> bytes:
    """Two blocks (from one header line to the next) of ``data`` swapped."""
    starts = [m.start() for m in re.finditer(rb"(?m)^\[", data)]
    if len(starts) < 2:
        return data[::-1]
    bounds = list(zip(starts, [*starts[1:], len(data)], strict=True))
    first, second = sorted(draw(st.lists(st.sampled_from(bounds), min_size=2, max_size=2)))
    if first == second:
        return data
    a, b = data[first[0] : first[1]], data[second[0] : second[1]]
    return data[: first[0]] + b + data[first[1] : second[0]] + a + data[second[1] :]


_BLOCK = re.compile(rb"(?s)(\[\[events\]\]\n(?:(?!\[\[events\]\]).)*?\n)crc = \d+\n")


def resigned(data: bytes) -> bytes:
    """``data`` with every journal block's crc made right again: what another program that
    appends well-formed blocks may write, so a mutation inside a block reaches the checks
    behind the crc."""
    return _BLOCK.sub(lambda m: m[1] + b"crc = %d\n" % zlib.crc32(m[1]), data)
