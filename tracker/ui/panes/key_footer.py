"""The footer, fitted to the terminal's width: the most needed keys, none cut in half.

Textual's Footer lays every offered key out in a row and lets the last ones run off
the edge (``r`` of ``r dice`` at 80 columns). This one leaves out, least needed first,
the keys that would not fit whole, and keeps their order; ``?`` (the help screen lists
every key) is among the last to go.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize

from tracker.ui.plain import PlainFooter

GUTTER = 1
"""Cells between two keys in the compact footer."""


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


class KeyFooter(PlainFooter):
    """A compact footer that shows as many whole keys as its width holds, by rank."""

    def __init__(self, rank: Iterable[str]) -> None:
        super().__init__(compact=True)
        self.rank = tuple(rank)
        """Actions from the most needed at the table to the least."""
        self._kept: set[str] | None = None

    def compose(self) -> ComposeResult:
        """Textual's keys, less those that do not fit."""
        self._kept = self._fitting()
        for widget in super().compose():
            action = getattr(widget, "action", None)  # a FooterKey (not exported by Textual)
            if self._kept is None or action is None or action in self._kept:
                yield widget
            elif widget.has_class("-command-palette"):
                yield widget

    def _offered(self) -> list[tuple[str, int]]:
        """Each shown action once, with the cells its key and label take."""
        seen: dict[str, int] = {}
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                label = self.app.get_key_display(binding)
                seen[binding.action] = cell_len(label) + 1 + cell_len(binding.description)
        return [(action, cells + GUTTER) for action, cells in seen.items()]

    def _fitting(self) -> set[str] | None:
        """The actions that fit (None: the width is not known yet, so all)."""
        width = self.size.width
        if width <= 0:
            return None
        return keys_that_fit(self._offered(), self.rank, width + GUTTER)

    async def on_resize(self, event: Resize) -> None:
        """Another width may hold other keys: lay them out again if so."""
        if self._bindings_ready and self._fitting() != self._kept:
            await self.recompose()
