"""One line of styled text that repaints only when its text changes.

A Static turns its content into a visual and lays it out at every update; the header
and the message under the command bar change at every command and are one line each, so
this widget keeps the line's strip and asks for a repaint only when the text differs.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from tracker.ui.panes.styling import SteadyColours
from tracker.ui.plain import inert


class TextLine(SteadyColours):
    """A single line of Rich ``Text``, cut with an ellipsis at the widget's width."""

    DEFAULT_CSS = """
    TextLine { height: 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.text = Text()
        self._strip: tuple[Text, int, Style, Strip] | None = None

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
        self.refresh()

    def render(self) -> Text:
        """The line (what tests and screen readers read)."""
        return self.text

    def render_line(self, y: int) -> Strip:
        """The line's strip at the widget's width (row 0; nothing below it)."""
        width = self.size.width
        base = self.base_style
        if y > 0:
            return Strip.blank(width, base)
        cached = self._strip
        if cached is not None and cached[:3] == (self.text, width, base):
            return cached[3]
        text = self.text.copy()
        text.no_wrap, text.overflow, text.end = True, "ellipsis", ""
        text.truncate(width, overflow="ellipsis")
        strip = Strip(list(text.render(self.app.console)), text.cell_len)
        strip = strip.apply_style(base).crop_extend(0, width, base)
        self._strip = (self.text, width, base, strip)
        return strip

    def notify_style_update(self) -> None:
        """Styles changed (a new theme): work the colours out again."""
        super().notify_style_update()
        self._strip = None
