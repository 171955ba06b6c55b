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

A widget with nothing round its rows but side padding (``flat_rows``: the header, the
message line, the order, the log, the side panes' drawings) frames its rows itself
(``FlatBox``), each strip once for as long as it is shown, on whatever row: Textual's
styles cache would work the box out again at every paint that changes one of its rows,
and a log that scrolls by a line shows every strip one row higher. The same framed
strip handed over again also lets the screen reuse its cut of it.

A container with no padding above or below (the panes' frames, the row of panes, the
side panes) draws nothing of its own between its top and bottom rows but its border
and background, the same on every row: Textual makes its top, one middle and its bottom
row, and the middle one stands for all the others (a long fight's first frame has four
such frames to draw whole).
"""

from __future__ import annotations

from typing import ClassVar, Self

from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from tracker.ui.panes.flat_box import FlatBox, flat_box


class KeptPaint(Widget):
    """A widget whose rows are handed over again, not made again, until it changes."""

    flat_rows: ClassVar[bool] = False
    """Nothing but side padding round the rows (checked at each style change): the
    widget frames them itself."""

    _kept: tuple[Region, Size, tuple[LineFilter, ...], list[Strip]] | None = None
    _box: FlatBox | None | bool = False
    """The widget's box, worked out once per style change (False: not yet)."""
    _framed: dict[int, tuple[Strip, Strip]] | None = None
    """The strips of the rows painted last, as drawn and as framed (by the drawn strip's
    id), for the box and width framed last."""
    _framed_for: tuple[FlatBox, int, tuple[LineFilter, ...]] | None = None
    _painted_part: tuple[Region, Size] | None = None
    """The part of the widget the screen asked for last, and the widget's size then."""

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
        size = self.outer_size
        strips = self.paint_rows(crop, filters)
        self._kept, self._painted_part = (crop, size, filters, strips), (crop, size)
        return strips

    def paint_rows(self, crop: Region, filters: tuple[LineFilter, ...]) -> list[Strip]:
        """Make the rows in ``crop``: framed here when the box is flat and all of the
        widget is asked for, else by Textual."""
        box = self._box
        if box is False:
            box = self._box = flat_box(self) if self.flat_rows else None
        width, height = self.region.size  # the size Textual draws the widget at
        if (
            crop != Region(0, 0, width, height)
            or not width
            or self.scrollbar_size_vertical
            or self.scrollbar_size_horizontal
        ):
            return super().render_lines(crop)
        if not isinstance(box, FlatBox):
            return (
                self._hollow_rows(width, height) if self._hollow() else super().render_lines(crop)
            )
        if self._framed is None or self._framed_for != (box, width, filters):
            self._framed, self._framed_for = {}, (box, width, filters)
        framed, content = self._framed, width - box.left - box.right
        shown: dict[int, tuple[Strip, Strip]] = {}
        rows = []
        for y in range(height):
            line = self.render_line(y)
            done = framed.get(id(line))
            if done is None or done[0] is not line:  # held in ``done``: no id reused
                row = box.framed(line, content, width)
                for line_filter in filters:
                    row = row.apply_filter(line_filter, box.background)
                done = (line, row)
            shown[id(line)] = done
            rows.append(done[1])
        self._framed = shown  # only the strips on screen are kept
        return rows

    def _hollow(self) -> bool:
        """Whether every row but the top and the bottom is the same (a container with
        nothing of its own inside its border: no padding above or below, no keyline)."""
        styles, kind = self.styles, type(self)
        return (
            self.is_container
            and kind.render is Widget.render
            and kind.render_line is Widget.render_line
            and not styles.padding.top
            and not styles.padding.bottom
            and styles.keyline[0] == "none"
            and self.region.height >= 3
        )

    def _hollow_rows(self, width: int, height: int) -> list[Strip]:
        """The rows of a hollow container as Textual makes them: its top, one middle row
        standing for all of them, and its bottom."""
        render = super().render_lines
        top, middle, bottom = (render(Region(0, y, width, 1))[0] for y in (0, 1, height - 1))
        return [top, *[middle] * (height - 2), bottom]

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
        self._kept = self._framed = None
        self._box = False
