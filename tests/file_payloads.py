"""Hostile values as a file carries them (TOML source text), for the file-reader tests.

Each refused payload is a value a GM's typing could never produce: a control or
direction character (raw, or written as a TOML escape), a line break or tab in a
one-line field, a text of 100 KB, a number that is ``inf``, ``nan`` or huge. The inert
ones are odd but harmless: markup and HTML, kept and shown as written.
"""

from __future__ import annotations

import zlib
from pathlib import Path

REFUSED_TEXT = {
    "raw-tab": '"Gob\tlin"',
    "raw-line-break": '"""Goblin\n## Injected heading"""',
    "literal-line-break": "'''Goblin\n## Injected heading'''",
    "osc52": r'"x\u001b]52;c;aGFja2Vk\u0007"',
    "osc8": r'"\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\"',
    "csi": r'"\u001b[2J"',
    "c1-escaped": r'"\u009b31m"',
    "c1-raw": '"a\u0085b"',
    "nul": r'"a\u0000b"',
    "bidi": r'"evil\u202egnp.exe"',
    "isolate": r'"a\u2066b"',
    "zero-width": r'"a\u200bb"',
    "100kb": '"' + "x" * 100_000 + '"',
}
"""TOML string values that every reader refuses in a one-line field."""

REFUSED_NUMBERS = {
    "inf": "inf",
    "minus-inf": "-inf",
    "nan": "nan",
    "1e30": "1e30",
    "10**21": "1" + "0" * 21,
}
"""TOML number values that every reader refuses."""

INERT_TEXT = ["[b]Loud[/b]", "[@click=app.quit]x[/]", "<script>alert(1)</script>"]
"""Markup and HTML: accepted, kept exactly as written."""

ESC_NOTE = "x\x1b]52;c;aGk=\x07 \x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\ \x1b[2J"
"""A note that would copy to the clipboard, plant a link and clear a terminal."""

HEAD = (
    "format = 2\n\n"
    "[encounter]\n"
    'title = "Ambush"\n'
    'ruleset = "basic"\n\n'
    "[[combatants]]\n"
    'id = "gob"\n'
    'name = "Goblin"\n'
    "stats = { hp = 7 }\n"
)
"""A basic encounter's head: the roster has one goblin."""


def block(lines: str) -> str:
    """An ``[[events]]`` block with ``lines`` and the crc the writer would give it."""
    body = "[[events]]\n" + lines
    return f"{body}crc = {zlib.crc32(body.encode('utf-8'))}\n"


def event(kind: str, field: str, value: str, seq: int = 1) -> str:
    """One event block of ``kind`` whose ``field`` is the TOML source ``value``."""
    return block(
        f'seq = {seq}\ntype = "{kind}"\nat = 2026-11-27T12:00:00Z\n'
        f"{field} = {value}\nbatch_end = true\n"
    )


def line_of(path: Path, start: str) -> int:
    """The 1-based number of the first line of ``path`` that starts with ``start``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))
