"""A line of styled text that repaints only when its text changes.

A Static turns its content into a visual and lays it out at every update; the message
under the command bar changes at every command, so this widget keeps its strips and asks
for a repaint only when the text differs. A message longer than the width wraps to a
second row (up to ``rows``; only then is it cut, with ``…``), and the widget is as tall
as the rows it needs.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.styling import SteadyColours
from tracker.ui.plain import inert


class TextLine(SteadyColours, KeptPaint):
    """Rich ``Text`` in up to ``rows`` rows, cut with an ellipsis only after the last."""

    flat_rows = True

    DEFAULT_CSS = """
    TextLine { height: 1; }
    """

    def __init__(self, *, rows: int = 1, more: str = "", id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.text = Text()
        self.rows = rows
        """The most rows the text may take."""
        self.more = more
        """Said after the ``…`` of a text cut short (``m shows all``)."""
        self._strips: tuple[Text, int, Style, list[Strip]] | None = None
        self._rows: tuple[Text, int, list[Text]] | None = None
        """The rows of the text last wrapped, and the width they were wrapped to (the
        height is fitted from them, then they are drawn: one wrapping for both)."""

    def update(self, text: Text) -> None:
        """Show ``text`` (control characters as stand-ins); repaint only if it reads or
        looks different."""
        text = inert(text)
        if (
            text.plain == self.text.plain
            and text.spans == self.text.spans
            and (text.style == self.text.style)
        ):
            return
        self.text = text
        self._fit_height()
        self.refresh()

    def on_resize(self) -> None:
        """Another width may need another number of rows."""
        self._fit_height()

    def _fit_height(self) -> None:
        if self.rows > 1 and self.size.width > 0:
            needed = min(self.rows, len(self._wrapped(self.size.width)))
            if self.styles.height is None or self.styles.height.value != needed:
                self.styles.height = needed

    def render(self) -> Text:
        """The text (what tests and screen readers read)."""
        return self.text

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the text at the widget's width (blank below the text)."""
        width = self.size.width
        base = self.base_style
        cached = self._strips
        if cached is None or cached[:3] != (self.text, width, base):
            strips = [
                Strip(list(row.render(self.app.console)), row.cell_len)
                .apply_style(base)
                .crop_extend(0, width, base)
                for row in self._wrapped(width)
            ]
            cached = self._strips = (self.text, width, base, strips)
        strips = cached[3]
        return strips[y] if y < len(strips) else Strip.blank(width, base)

    def _wrapped(self, width: int) -> list[Text]:
        """The rows shown: the text wrapped to ``width``, the last kept row cut with
        ``…`` when more would be needed."""
        cached = self._rows
        if cached is None or cached[0] is not self.text or cached[1] != width:
            cached = self._rows = (self.text, width, self._wrap(width))
        return cached[2]

    def _wrap(self, width: int) -> list[Text]:
        if self.rows > 1 and width > 0 and not _fits(self.text, width):
            rows = list(self.text.wrap(self.app.console, width))
        else:
            rows = [self.text.copy()]
        cut = len(rows) > self.rows
        rows = rows[: self.rows]
        for row in rows:
            row.no_wrap, row.overflow, row.end = True, "ellipsis", ""
            row.truncate(width, overflow="ellipsis")
        if cut:
            tail = Text(f" … {self.more}" if self.more else " …", style=self.text.style)
            rows[-1] = _cut_at_word(rows[-1], max(0, width - tail.cell_len))
            rows[-1].append_text(tail)
        return rows

    def notify_style_update(self) -> None:
        """Styles changed (a new theme): work the colours out again."""
        super().notify_style_update()
        self._strips = None


def _cut_at_word(row: Text, width: int) -> Text:
    """``row`` in ``width`` cells, ending after a whole word (never inside a number: the
    ``…`` that follows says more is left out, once)."""
    row.rstrip()
    if row.cell_len <= width:
        return row
    kept = row.copy()
    kept.truncate(width, overflow="crop")
    space = kept.plain.rfind(" ")
    if space > 0:
        kept = kept[:space]
    kept.rstrip()
    return kept


def _fits(text: Text, width: int) -> bool:
    """Whether ``text`` is one row as it stands at ``width`` (what Rich's wrapping would
    make of it: a copy of it; most messages are one short line)."""
    plain = text.plain
    return (
        text.justify in (None, "default")
        and "\n" not in plain
        and "\t" not in plain
        and text.cell_len <= width
    )
