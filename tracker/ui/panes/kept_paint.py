"""A widget that hands the screen its last rows again when nothing on it changed.

Textual repaints every widget whose place on screen meets the changed rows' bounding
box, and a turn changes both the header (the top row) and the message line (the
bottom), so at every turn every widget on the table's screen is asked for all its rows,
though most of them are just as they were (the frames, the footer, the input, the panes'
borders). Textual keeps each row, but still works the widget's colours out and passes
every row through the screen's filters again, which costs about as much as drawing a
short pane. This mixin keeps the rows it handed over and gives them again while the
widget has not been refreshed, restyled or resized since; anything that would make
Textual draw the widget again (``refresh``, new styles, a new size, another part of it
asked for, another filter) makes it draw as before.
"""

from __future__ import annotations

from typing import Self

from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class KeptPaint(Widget):
    """A widget whose rows are handed over again, not made again, until it changes."""

    _kept: tuple[Region, Size, tuple[LineFilter, ...], list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop``: the last ones if nothing changed since they were made."""
        filters = tuple(self.get_line_filters())
        kept = self._kept
        if (
            kept is not None
            and kept[0] == crop
            and kept[1] == self.outer_size
            and kept[2] == filters
        ):
            return kept[3]
        strips = self.paint_rows(crop)
        self._kept = (crop, self.outer_size, filters, strips)
        return strips

    def paint_rows(self, crop: Region) -> list[Strip]:
        """Make the rows in ``crop`` (as Textual does; a widget may make them its own way)."""
        return super().render_lines(crop)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Refresh as Textual does; a repaint makes the rows again."""
        if repaint:
            self._kept = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        """New styles (a theme, focus): the rows are made again."""
        super().notify_style_update()
        self._kept = None
