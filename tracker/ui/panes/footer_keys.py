"""Where each of the footer's keys goes on its row: the keys that apply, in footer order,
the most needed kept whole when the row is too narrow for all, and the palette's key at
the right edge.

Plain Python (no widget): the footer (``key_footer``) reads the keys that apply from the
screen, lays them out here, and draws the row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len

GUTTER = 1
"""Cells between two keys in the compact footer."""

EDGE = 1
"""Cells of the bar left of the palette's key."""


class Offered(NamedTuple):
    """One key the footer may show: its action, the key a click presses, how the key is
    named (the user's keymap), its description, whether it is enabled, its tooltip."""

    action: str
    key: str
    shown: str
    description: str
    enabled: bool
    tooltip: str

    @property
    def cells(self) -> int:
        """The cells the key takes: its name, then a space and its description."""
        name = cell_len(self.shown)
        return name + 1 + cell_len(self.description) if self.description else name


class Placed(NamedTuple):
    """A key on the row: the cells from ``start`` up to ``end`` (not included) are its;
    ``edge``: its first cell is the bar left of the palette's key."""

    key: Offered
    start: int
    end: int
    edge: bool = False

    @property
    def action(self) -> str:
        """The action the key runs."""
        return self.key.action


def keys_that_fit(offered: Sequence[tuple[str, int]], rank: Sequence[str], room: int) -> set[str]:
    """The actions to show: ``offered`` is each action with the cells its key takes, in
    footer order; those earliest in ``rank`` (unranked last, in footer order) are kept
    while they fit in ``room`` cells."""
    place = {action: index for index, action in enumerate(rank)}
    order = sorted(range(len(offered)), key=lambda i: (place.get(offered[i][0], len(rank)), i))
    kept: set[str] = set()
    used = 0
    for index in order:
        action, cells = offered[index]
        if used + cells <= room:
            kept.add(action)
            used += cells
    return kept


def lay_out(
    offered: Sequence[Offered], palette: Offered | None, width: int, rank: Sequence[str]
) -> tuple[Placed, ...]:
    """The keys on a row ``width`` cells wide, left to right, the palette's key last (at
    the right edge, when it fits); ``width`` 0 (not known yet): every key, no palette."""
    if width <= 0:
        return _in_a_row(offered)
    docked: tuple[Placed, ...] = ()
    if palette is not None and EDGE + palette.cells + GUTTER <= width:
        end = width - GUTTER  # a gutter after it too, as after every key
        docked = (Placed(palette, end - EDGE - palette.cells, end, edge=True),)
    room = docked[0].start if docked else width
    cells = [(key.action, key.cells + GUTTER) for key in offered]
    kept = keys_that_fit(cells, rank, room + GUTTER)
    return _in_a_row([key for key in offered if key.action in kept]) + docked


def _in_a_row(keys: Sequence[Offered]) -> tuple[Placed, ...]:
    """``keys`` from the left edge, a gutter between two."""
    placed: list[Placed] = []
    start = 0
    for key in keys:
        placed.append(Placed(key, start, start + key.cells))
        start += key.cells + GUTTER
    return tuple(placed)
