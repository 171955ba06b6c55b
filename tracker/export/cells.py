"""Names in columns: padded and cut by terminal cells, so wide letters (CJK) keep the
columns after them where they belong.

Most text a recap or a state puts in columns is of letters one cell wide each (Latin,
Greek, Cyrillic, the dashes, arrows and shapes the tracker writes): its cells are its
length, counted here. Anything else is measured by Rich's tables, imported only then
(they cost ``tracker log`` and ``tracker state`` a fifth of a bare start).
"""

from __future__ import annotations

import re
from types import ModuleType

NARROW = re.compile(
    "[\x20-\x7e\xa0-\u02ff\u0370-\u03ff\u0400-\u0482"
    "\u2010-\u2027\u2030-\u205e\u2190-\u22ff\u2500-\u25fc]*"
)
"""Text whose every character takes one terminal cell (Rich's own tables agree: a test
checks each one)."""


def _rich_cells() -> ModuleType:
    import rich.cells

    return rich.cells


def cell_len(text: str) -> int:
    """The terminal cells ``text`` takes."""
    if NARROW.fullmatch(text):
        return len(text)
    return int(_rich_cells().cell_len(text))


def _cut(text: str, width: int) -> str:
    """``text`` cut or padded to exactly ``width`` cells (a wide letter that would
    straddle the edge becomes a space)."""
    if NARROW.fullmatch(text):
        return text[: max(0, width)].ljust(max(0, width))
    return str(_rich_cells().set_cell_size(text, width))


def fit_cells(text: str, width: int) -> str:
    """``text`` padded or cut (ending in ``…``) to exactly ``width`` terminal cells."""
    if cell_len(text) <= width:
        return _cut(text, width)
    return _cut(text, width - 1) + "…"


def pad_cells(text: str, width: int) -> str:
    """``text`` padded to at least ``width`` terminal cells (never cut)."""
    return text + " " * max(0, width - cell_len(text))


def _chopped(word: str, width: int) -> list[str]:
    """``word`` broken into pieces of at most ``width`` cells."""
    if NARROW.fullmatch(word):
        return [word[start : start + width] for start in range(0, len(word), width)]
    return list(_rich_cells().chop_cells(word, width))


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` terminal cells (a word
    longer than that is broken by cells); always at least one line, and ``text`` as it
    is when it fits."""
    if cell_len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        pieces = _chopped(word, width) if cell_len(word) > width else [word]
        lines.extend(pieces[:-1])
        line = pieces[-1]
    return [*lines, line]
