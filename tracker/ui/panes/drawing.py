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

    def __init__(self, *, id: str | None = None, fits_content: bool = False) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rows = -1
        self.fits_content = fits_content
        """Sized to its widest line (the body figure, centred): a wider drawing needs a
        layout too, or it is cut at its old width."""
        self.widest = -1

    def draw(self, lines: list[Text]) -> None:
        """Show ``lines`` (wrapped to the pane's width)."""
        content = Group(*lines)
        width = self.size.width
        rows = -1
        if width > 0:
            console = self.app.console
            rows = sum(len(line.wrap(console, width)) for line in lines)
        widest = max((line.cell_len for line in lines), default=0) if self.fits_content else -1
        moved = rows != self.rows or rows < 0 or widest != self.widest
        self.update(content, layout=moved)
        self.rows, self.widest = rows, widest
