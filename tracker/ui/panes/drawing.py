"""A Static for pane drawings that asks for a new layout only when its height changes.

A layout pass re-renders the whole screen; most commands change what a pane says but
not how many rows it takes, so the drawing measures its rows and repaints in place.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.widgets import Static


class Drawing(Static):
    """Lines of styled text, redrawn with a layout pass only when the row count changes."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rows = -1

    def draw(self, lines: list[Text]) -> None:
        """Show ``lines`` (wrapped to the pane's width)."""
        content = Group(*lines)
        width = self.size.width
        rows = -1
        if width > 0:
            console = self.app.console
            rows = sum(len(line.wrap(console, width)) for line in lines)
        self.update(content, layout=rows != self.rows or rows < 0)
        self.rows = rows
