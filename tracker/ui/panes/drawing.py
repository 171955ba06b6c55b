"""A pane drawing that repaints only the rows that changed.

A side pane shows another combatant after most commands, but many of its rows stay as
they were (the frame of a figure, blank rows, the same heading). A Static would repaint
the whole pane, and Textual then composes every pane beside it on those rows too; this
widget keeps each row's strip, compares, and repaints only the rows that differ. It
takes the pane's whole width (a centred figure is centred by padding its lines) and at
least its visible height (short drawings end in blank rows), so its size changes, and a
layout pass is asked for, only when the lines outgrow the pane.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.console import Console, Group
from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.strip import Strip

from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.styling import SteadyColours
from tracker.ui.plain import inert


class Drawing(SteadyColours, KeptPaint):
    """Lines of styled text, wrapped to the pane, repainted row by row."""

    DEFAULT_CSS = """
    Drawing { height: auto; min-height: 100%; width: 100%; }
    """

    flat_rows = True

    def __init__(self, *, id: str | None = None, centred: bool = False) -> None:  # noqa: A002
        super().__init__(id=id)
        self.centred = centred
        """The lines are one block, centred in the pane (the body figure)."""
        self.lines: list[Text] = []
        self._strips: list[Strip] = []
        self._width = 0
        """The width the strips were made for."""
        self._maker: Callable[[int], list[Text]] | None = None
        self._rows_of: dict[tuple[Hashable, int], list[Strip]] = {}
        """The rows each line of the last drawing took, by what the line shows."""
        self._pass_width: int | None = None
        """The width read for the rows being painted (None: not painting)."""

    @property
    def content(self) -> Group:
        """What the drawing shows, as Rich renderables (tests read it as text)."""
        return Group(*self.lines)

    @property
    def rows(self) -> list[Strip]:
        """The rows drawn, top to bottom, before the pane's colours (below them, to the
        pane's height, the drawing paints blank rows)."""
        return list(self._strips)

    def draw(self, lines: list[Text], made_for: Callable[[int], list[Text]] | None = None) -> None:
        """Show ``lines`` (wrapped to the pane's width), padded to fill the pane; a
        control character is shown as its stand-in, never sent to the terminal.
        ``made_for`` makes the lines for another width (lines that depend on it): a
        layout that gives the drawing another width before it is painted has them made
        again as it is painted, so that the frame shows them as they will stay."""
        lines = [inert(line, lines=True) for line in lines]
        self.lines, self._maker = lines, made_for
        width = self.size.width
        if width <= 0:  # not laid out yet: drawn when it is (on_resize)
            return
        old = self._strips
        if self._restrip(lines, width):
            self.refresh(layout=True)  # a new height: Textual lays the screen out
            return
        strips = self._strips
        changed = [
            Region(0, row, width, 1)
            for row in range(max(len(old), len(strips)))
            if _row(old, row) != _row(strips, row)
        ]
        if changed:
            self.refresh(*changed)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows drawn (the pane's whole height at least: ``min-height``, so that a
        pane laid out anew is filled in the same layout pass)."""
        return len(self._strips)

    def on_resize(self, event: Resize) -> None:
        """A new width: the lines made again for it (if they depend on it), wrapped again."""
        width = event.size.width
        if width != (self._strips[0].cell_length if self._strips else -1):
            maker = self._maker
            self.draw(self.lines if maker is None else maker(width), maker)

    def _strips_for(self, lines: list[Text], width: int) -> list[Strip]:
        shown = _centred(lines, width) if self.centred else lines
        return self._reused_rows(shown, width)

    def _reused_rows(self, lines: list[Text], width: int) -> list[Strip]:
        """The rows of ``lines``; a line that reads and looks as one of the last drawing's
        keeps its rows (the same strips: nothing rendered again, nothing repainted)."""
        if any(line.end != "\n" for line in lines):  # lines that run on: drawn as one
            self._rows_of = {}
            return rendered_rows(lines, width, self.app.console)
        last = self._rows_of
        made: dict[tuple[Hashable, int], list[Strip]] = {}
        rows: list[Strip] = []
        for line in lines:
            key = (_look(line), width)
            found = made.get(key) or last.get(key)
            if found is None:
                found = rendered_rows([line], width, self.app.console)
            made[key] = found
            rows += found
        self._rows_of = made
        return rows

    def _visible_rows(self) -> int:
        region = getattr(self.parent, "scrollable_content_region", None)
        return int(region.height) if region is not None else 0

    def _made_again(self, width: int) -> None:
        """Make the lines (when they depend on the width) and strips for the ``width``
        the drawing is painted at; a height that changes with them is set once painted."""
        if self._maker is not None:
            self.lines = [inert(line, lines=True) for line in self._maker(width)]
        if self._restrip(self.lines, width):
            self.call_later(self.refresh, layout=True)

    def _restrip(self, lines: list[Text], width: int) -> bool:
        """Make the strips of ``lines`` at ``width``; whether the drawing's height (at
        least the pane's) changed with them."""
        rows, room = len(self._strips), self._visible_rows()
        self._strips, self._width = self._strips_for(lines, width), width
        return max(len(self._strips), room) != max(rows, room)

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows in ``crop``; the width is read once for them, not once a row (reading
        it walks up to the screen)."""
        self._pass_width = self.size.width
        try:
            return super().render_lines(crop)
        finally:
            self._pass_width = None

    def render_line(self, y: int) -> Strip:
        """Row ``y``, in the pane's colours."""
        width = self.size.width if self._pass_width is None else self._pass_width
        if width > 0 and width != self._width:  # never a row made for another width
            self._made_again(width)
        style = self.base_style
        if y >= len(self._strips):
            return Strip.blank(width, style)
        return self._strips[y].apply_style(style).crop_extend(0, width, style)


def _row(strips: list[Strip], row: int) -> Strip | None:
    """Row ``row`` of ``strips`` (None: a blank row below them)."""
    return strips[row] if row < len(strips) else None


def _centred(lines: list[Text], width: int) -> list[Text]:
    """The lines as one block, moved right so that the block is centred in ``width``."""
    widest = max((line.cell_len for line in lines), default=0)
    indent = (width - widest) // 2
    if indent <= 0:
        return lines
    pad = " " * indent
    return [Text(pad) + line if line.plain else line for line in lines]


def _look(line: Text) -> Hashable:
    """Everything that decides how ``line`` is drawn (two lines alike draw alike)."""
    return (
        line.plain,
        tuple(line.spans),
        line.style,
        line.justify,
        line.overflow,
        line.no_wrap,
        line.tab_size,
    )


def rendered_rows(lines: list[Text], width: int, console: Console) -> list[Strip]:
    """The rows ``lines`` take at ``width`` (wrapped, padded to the width), each line that
    fits as it is drawn directly (most do: Rich's wrapping is most of a pane's cost)."""
    if any(line.end != "\n" for line in lines):  # a line that runs on into the next one
        return _wrapped(Group(*lines), width, console)
    rows: list[Strip] = []
    for line in lines:
        row = _one_row(line, width, console)
        rows += [row] if row is not None else _wrapped(line, width, console)
    return rows


def _one_row(line: Text, width: int, console: Console) -> Strip | None:
    """``line`` as one row, as Rich would draw it, if it fits as it is (else None)."""
    plain = line.plain
    if line.cell_len > width or line.justify not in (None, "default"):
        return None
    if "\n" in plain or "\t" in plain:
        return None
    if line.spans:
        segments = [segment for segment in line.render(console) if segment.text]
    else:  # Rich applies a line's own style as a span, which render alone would not
        style = console.get_style(line.style) if line.style else None
        segments = [Segment(plain, style)] if plain else []
    gap = width - line.cell_len
    if gap:
        segments.append(Segment(" " * gap))
    return Strip(segments, width)


def _wrapped(renderable: Group | Text, width: int, console: Console) -> list[Strip]:
    options = console.options.update_width(width)
    return [Strip(row, width) for row in console.render_lines(renderable, options, pad=True)]
