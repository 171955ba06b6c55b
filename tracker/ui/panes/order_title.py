"""The initiative pane's title: the round (or that the fight has not started or has
ended) and, when the order is longer than the pane, which rows show; in a narrow pane the
words give way before the numbers."""

from __future__ import annotations

from rich.cells import cell_len

from tracker.core.model import EncounterState

TITLE_CHROME = 6
"""Cells of the frame's top border around its title: Textual draws at most its outer
width less these (corners, rules, spaces) before it cuts the title with …."""


def order_title(state: EncounterState, top: int, height: int, rows: int, width: int) -> str:
    """The title of a frame ``width`` cells wide (its outer width, borders and all) over
    ``rows`` rows, ``height`` shown from row ``top`` (0 first): ``Initiative · Round 3 ·
    28–54 of 100``, shortened to fit."""
    title, shown = _phase(state), _rows_shown(top, height, rows)
    room = width - TITLE_CHROME
    for fitted in (title, title.removeprefix("Initiative · "), ""):
        if not shown or cell_len(fitted + shown) <= room:
            break  # the rows shown are numbers: the words give way first
    return (fitted + shown).removeprefix(" · ")


def _phase(state: EncounterState) -> str:
    if state.phase == "setup":
        return "Initiative · not started"
    if state.phase == "ended":
        return f"Initiative · ended after round {state.round}"
    return f"Initiative · Round {state.round}"


def _rows_shown(top: int, height: int, rows: int) -> str:
    """`` · 28–54 of 100`` when the order is longer than the pane (it has no scrollbar:
    one would repaint at every page; the wheel and the keys scroll it)."""
    if height <= 0 or rows <= height:
        return ""
    return f" · {top + 1}–{min(top + height, rows)} of {rows}"
