"""A scrollable list of styled lines drawn with Textual's line API.

Only the lines on screen are turned into strips, and only lines that changed are
repainted, so a 5,000-line log or a 100-row initiative order costs little to update.
One line may carry the cursor (the ``lines--cursor`` component style).

A line may also be handed over not made yet (``None``): the view asks ``make_line`` for
it when it is first shown, and :meth:`LinesView.fill_later` makes the rest once the
frame is painted, a page at a time (a long order's first frame builds the rows it
shows, not all of them).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from operator import is_not

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import on
from textual.events import Resize
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.styling import SteadyColours, solid_style
from tracker.ui.plain import inert

WARM_AHEAD = 3
"""Rows from the bottom of the view at which the cursor's next page is made ready."""
FILL_SLICE = 25
"""Lines not made yet that :meth:`LinesView.fill_later` makes at a time."""


class LinesView(SteadyColours, KeptPaint, ScrollView):
    """Rich ``Text`` lines in a scrolling view; ``cursor`` is the highlighted line (-1: none).

    ``room`` rounds the scrollable height up to a multiple of itself.
    """

    room = 1

    flat_rows = True

    COMPONENT_CLASSES = {"lines--cursor"}

    DEFAULT_CSS = """
    LinesView > .lines--cursor { background: $primary 30%; text-style: bold; }
    LinesView:focus > .lines--cursor { background: $primary 50%; }
    """

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._lines: list[Text | None] = []
        """The lines shown, made inert (None: not made yet, ``make_line`` makes it)."""
        self._given: list[Text | None] = []
        """The lines as handed to ``set_lines`` (``_lines`` holds them made inert)."""
        self._cells: list[int] = []
        """Each line's width in cells."""
        self._widest = 0
        """The widest line's cells (kept as lines come, not looked for again in a long log)."""
        self._strips: dict[int, tuple[Text, Strip]] = {}
        self._finished: dict[int, tuple[Text, tuple[object, ...], Strip]] = {}
        """Each line's finished strip, with what it was finished for."""
        self.cursor = -1
        self._pass: tuple[int, int, int, Style] | None = None
        self._fill_due = False
        """Whether the lines not made yet are due to be made (``fill_later``)."""

    @property
    def allow_vertical_scroll(self) -> bool:
        """The lines scroll (wheel, keys, the cursor) whenever there are more than the view
        shows, with or without a scrollbar on screen (``overflow-y: hidden`` hides it)."""
        return not self._check_disabled() and self.is_scrollable and self.max_scroll_y > 0

    @property
    def lines(self) -> Sequence[Text]:
        """The lines shown, top to bottom (those not made yet are made now)."""
        return [self._line_at(index) for index in range(len(self._lines))]

    @property
    def plain_lines(self) -> list[str]:
        """The lines as plain text (what a reader sees, without colours)."""
        return [line.plain for line in self.lines]

    def make_line(self, index: int) -> Text:
        """Line ``index``, handed over as None (not made yet) and now shown: a view that
        hands such lines over makes them here."""
        return Text()

    def set_lines(self, lines: Sequence[Text | None], cursor: int = -1) -> None:
        """Replace every line (and the cursor); repaint the lines that changed. A
        control character in a line is shown as its stand-in, never sent to the terminal.
        A line may be None: made when it is shown (``make_line``)."""
        given, shown = self._given, self._lines
        self._given = list(lines)
        kept = min(len(given), len(lines))
        fresh = [_inert(line) for line in lines[kept:]]
        made = shown[:kept]  # a line handed over again (the same object): checked already
        for index in compress(count(), map(is_not, self._given, given)):
            made[index] = _inert(self._given[index])
        made += fresh
        old, old_cursor = self._lines, self.cursor
        self._lines, self.cursor = made, cursor
        if len(old) != len(made):
            self._cells = [_cells(line) for line in made]
            self._widest = max(self._cells, default=0)
            self._resize()
            return
        changed = list(compress(count(), map(is_not, old, made)))
        narrowed = False
        for index in changed:
            before, self._cells[index] = self._cells[index], _cells(made[index])
            narrowed = narrowed or before == self._widest
        if narrowed:  # the widest line may have changed: looked for again
            self._widest = max(self._cells, default=0)
        else:
            self._widest = max([self._widest, *(self._cells[i] for i in changed)])
        if old_cursor != cursor:
            changed += [i for i in (old_cursor, cursor) if i >= 0]
        self._resize(changed)

    def add_lines(self, lines: list[Text]) -> None:
        """Append lines at the bottom (control characters shown as stand-ins)."""
        self._given.extend(lines)
        lines = [inert(line) for line in lines]
        first = len(self._lines)
        self._lines.extend(lines)
        cells = [line.cell_len for line in lines]
        self._cells.extend(cells)
        self._widest = max([self._widest, *cells])
        self._resize(list(range(first, len(self._lines))))

    def _line_at(self, index: int) -> Text:
        """Line ``index``, made now if it was handed over not made yet."""
        line = self._lines[index]
        if line is None:
            given = self.make_line(index)
            self._given[index], line = given, inert(given)
            self._lines[index], self._cells[index] = line, line.cell_len
            if line.cell_len > self._widest:
                wide, self._widest = self.scroll_width(), line.cell_len
                if self.scroll_width() != wide:  # the size changes after this frame
                    self.call_later(self._resize, [])
        return line

    def fill_later(self) -> None:
        """Make the lines not made yet once the frame is painted, a slice at a time (a
        key pressed meanwhile is not kept waiting for all of them)."""
        if not self._fill_due:
            self._fill_due = True  # after the frame's own after-refresh callbacks
            self.call_after_refresh(self.call_later, self._fill)

    def _fill(self) -> None:
        self._fill_due = False
        due = [index for index, line in enumerate(self._lines) if line is None]
        for index in due[:FILL_SLICE]:
            self._line_at(index)
        if len(due) > FILL_SLICE:
            self._fill_due = True
            self.call_later(self._fill)

    def scroll_width(self) -> int:
        """How wide the lines scroll: the widest line's cells (lines not made yet count
        as none)."""
        return self._widest

    def _resize(self, changed: list[int] | None = None) -> None:
        """Fit the scrollable size to the lines (as wide as the widest: a pane whose
        lines all fit shows no horizontal scrollbar); repaint ``changed`` (None: all)."""
        rows = -(-len(self._lines) // self.room) * self.room
        size = Size(self.scroll_width(), rows)
        if size != self.virtual_size:
            self._grow(size)
            self.refresh()
        elif changed is None:
            self.refresh()
        else:
            self._refresh_rows(changed)

    def _grow(self, size: Size) -> None:
        """Set the scrollable size; growing taller under a scrollbar already shown (or
        with none to show) needs no layout pass, anything else does."""
        old = self.virtual_size
        shown = self.show_vertical_scrollbar
        if (shown or self.styles.overflow_y == "hidden") and (
            size.width == old.width and size.height > old.height
        ):
            self.set_reactive(Widget.virtual_size, size)
            if shown:
                self.vertical_scrollbar.window_virtual_size = size.height
        else:
            self.virtual_size = size

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """A new size from the layout: a cursor on screen before it stays on screen (the
        GM who makes the terminal bigger or smaller still sees the selected row)."""
        shown = self._cursor_shown(self.container_size.height - self._below())
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        height = self.scrollable_content_region.height
        if shown and not self._cursor_shown(height):
            y = max(0, min(self.cursor - 1, len(self._lines) - height))
            self.scroll_to(y=y, animate=False, immediate=True)
        return resized

    def _below(self) -> int:
        """The rows the horizontal scrollbar takes (0: none shown)."""
        return self.scrollbar_size_horizontal if self.show_horizontal_scrollbar else 0

    def _cursor_shown(self, height: int) -> bool:
        """Whether the cursor's line is among the ``height`` lines in view."""
        top = int(self.scroll_y)
        return 0 <= self.cursor < len(self._lines) and top <= self.cursor < top + height

    @on(Resize)
    def _repaint_resized(self) -> None:
        """Paint every line again at the new size: a scroll position that the new height
        moved during the layout pass would otherwise leave the old lines on screen."""
        self.refresh()

    def _refresh_rows(self, rows: list[int]) -> None:
        """Repaint the rows on screen among ``rows``, in one refresh (each refresh call
        costs a message check of its own)."""
        top, height = int(self.scroll_offset.y), self.size.height
        width = max(self.virtual_size.width, self.size.width)
        shown = [Region(0, row - top, width, 1) for row in set(rows) if top <= row < top + height]
        if shown:
            self.refresh(*shown)

    def move_cursor(self, index: int) -> None:
        """Put the cursor on line ``index`` and scroll it into view: a cursor that leaves
        the view brings it a page on, the cursor a third of the way down (so that a turn
        moving down a long order scrolls once a page, not at every turn)."""
        previous, self.cursor = self.cursor, index
        height = self.scrollable_content_region.height
        top = int(self.scroll_offset.y)
        if 0 <= index < len(self._lines) and height > 0 and not top <= index < top + height:
            self.scroll_to(y=max(0, index - 1), animate=False, immediate=False)
        elif 0 <= index < len(self._lines) and height <= 0:
            self.scroll_to_region(
                Region(0, index, 1, 1), animate=False, immediate=False, x_axis=False
            )
        if previous != index:  # else the rows handed with the cursor repainted it
            self._refresh_rows([previous, index])
        if height > 0 and top + height - WARM_AHEAD <= index < top + height:
            self.call_after_refresh(self._warm, top + height - 1, height)

    def _warm(self, first: int, count: int) -> None:
        """Finish the strips of the page the cursor moves to next, after the frame is
        on screen, so the turn that scrolls there paints cached lines."""
        scroll_x, _ = self.scroll_offset
        width, base = self.scrollable_content_region.width, self.base_style
        for index in range(first, min(first + count, len(self._lines))):
            self._finished_strip(index, False, scroll_x, width, base)

    def scroll_to_last(self) -> None:
        """Scroll so that the last line sits at the bottom of the view (now, and again
        after a pending layout pass, which may move the scroll position)."""
        self._bottom()
        self.call_after_refresh(self._bottom)

    def _bottom(self) -> None:
        """Scroll to the last line, unless there already (scrolling to where the view is
        costs Textual's whole scroll round: the scrollbar, the watchers, a repaint)."""
        height = self.scrollable_content_region.height
        y = max(0, len(self._lines) - height)
        if y == self.scroll_y and y == self.scroll_target_y:
            return
        if self.follows_quietly(y):
            self.set_reactive(Widget.scroll_y, float(y))
            self.set_reactive(Widget.scroll_target_y, float(y))
            self.refresh()
        else:
            self.scroll_to(y=y, animate=False, immediate=True)

    def follows_quietly(self, y: int) -> bool:
        """Whether moving down to row ``y`` (the bottom) needs nothing of a scroll but the
        lines painted there: no scrollbar to move, nothing in flight, nobody to tell
        (subclasses say; the view here always scrolls as Textual does)."""
        return False

    def notify_style_update(self) -> None:
        """Styles changed (a new theme, focus): drop the cached strips."""
        super().notify_style_update()
        self._strips.clear()
        self._finished.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Render the lines in ``crop``; the scroll position, width and colours are read
        once for the pass, not once per line."""
        scroll_x, scroll_y = self.scroll_offset
        self._pass = (scroll_x, scroll_y, self.scrollable_content_region.width, self.base_style)
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        """The strip for screen row ``y``."""
        if self._pass is None:  # called outside a render pass
            scroll_x, scroll_y = self.scroll_offset
            width, base = self.scrollable_content_region.width, self.base_style
        else:
            scroll_x, scroll_y, width, base = self._pass
        index = y + scroll_y
        if index >= len(self._lines):
            return Strip.blank(width, base)
        return self._finished_strip(index, index == self.cursor, scroll_x, width, base)

    def _finished_strip(
        self, index: int, at_cursor: bool, scroll_x: int, width: int, base: Style
    ) -> Strip:
        """Line ``index`` styled and cropped, kept while the line and all that finished
        it are unchanged (a line scrolled to another row needs no new segments)."""
        line, key = self._line_at(index), (scroll_x, width, at_cursor, base)
        finished = self._finished.get(index)
        if finished is not None and finished[0] is line and finished[1] == key:
            return finished[2]
        strip = self._finish(index, at_cursor, scroll_x, width, base)
        self._finished[index] = (line, key, strip)
        return strip

    def _finish(self, index: int, at_cursor: bool, scroll_x: int, width: int, base: Style) -> Strip:
        style = base
        strip = self._strip(index)
        if at_cursor:
            cursor = solid_style(self, "lines--cursor")
            style = base + cursor
            strip = _in_colour(strip, Style(color=cursor.color))
        return strip.apply_style(style).crop_extend(scroll_x, scroll_x + width, style)

    def _strip(self, index: int) -> Strip:
        line = self._line_at(index)
        cached = self._strips.get(index)
        if cached is not None and cached[0] is line:
            return cached[1]
        strip = Strip(list(line.render(self.app.console)), line.cell_len)
        self._strips[index] = (line, strip)
        return strip

    def style_of(self, component: str) -> Style:
        """A component class's style as a Rich style (for building lines)."""
        return solid_style(self, component)


def _inert(line: Text | None) -> Text | None:
    return None if line is None else inert(line)


def _cells(line: Text | None) -> int:
    return 0 if line is None else line.cell_len


def _in_colour(strip: Strip, colour: Style) -> Strip:
    """The cursor's colour over the line's own (a red name on a gold bar cannot be read),
    except on text with a background of its own (a badge keeps its dark-on-amber); the
    line's bold, strike and dim stay."""
    return Strip(
        [
            seg
            if seg.style is None or seg.style.bgcolor is not None
            else Segment(seg.text, seg.style + colour, seg.control)
            for seg in strip
        ],
        strip.cell_length,
    )
