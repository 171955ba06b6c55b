"""Names in columns: padded and cut by terminal cells, so wide letters (CJK) keep the
columns after them where they belong."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


def fit_cells(text: str, width: int) -> str:
    """``text`` padded or cut (ending in ``…``) to exactly ``width`` terminal cells."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…"


def pad_cells(text: str, width: int) -> str:
    """``text`` padded to at least ``width`` terminal cells (never cut)."""
    return text + " " * max(0, width - cell_len(text))
