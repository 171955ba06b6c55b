"""Names in columns: padded and cut by terminal cells, so wide letters (CJK) keep the
columns after them where they belong."""

from __future__ import annotations

from rich.cells import cell_len, chop_cells, set_cell_size


def fit_cells(text: str, width: int) -> str:
    """``text`` padded or cut (ending in ``…``) to exactly ``width`` terminal cells."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…"


def pad_cells(text: str, width: int) -> str:
    """``text`` padded to at least ``width`` terminal cells (never cut)."""
    return text + " " * max(0, width - cell_len(text))


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
        pieces = chop_cells(word, width) if cell_len(word) > width else [word]
        lines.extend(pieces[:-1])
        line = pieces[-1]
    return [*lines, line]
