"""The rows of a widget with no border, only padding at its sides, as Textual makes them.

Textual makes each row of a widget through its styles cache: it works out the
widget's background from its ancestors, its borders, outline, tint, opacity and
padding, for every row it draws again. The header and the message line change at every
turn and are one or two rows high, with nothing round them but side padding; for them
that work cost more than the text. ``FlatBox`` works the box out once per style change
and makes a row as Textual would: the padding blank in the background, the line
extended to the content's width in the background, then the screen's filters.
A widget with anything else round it (a border, an outline, a tint, opacity, padding
above or below, a border title) is drawn by Textual itself, and so is one while it
shows a scrollbar.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget


@dataclass(frozen=True)
class FlatBox:
    """A widget's side padding and the style of its background (``inner``)."""

    left: int
    right: int
    inner: RichStyle
    background: Color
    """The widget's own background (what the screen's filters are given)."""

    def framed(self, line: Strip, content: int, width: int) -> Strip:
        """``line`` fitted to ``content`` cells, the side padding round it, ``width`` in all."""
        segments = list(line.adjust_cell_length(content, self.inner))
        if self.left:
            segments.insert(0, Segment(" " * self.left, self.inner))
        if self.right:
            segments.append(Segment(" " * self.right, self.inner))
        return Strip(segments, width)


def flat_box(widget: Widget) -> FlatBox | None:
    """``widget``'s box if it is only side padding round the content (None: anything
    more, which Textual draws itself)."""
    styles = widget.styles
    top, right, bottom, left = styles.padding
    if top or bottom or widget.opacity != 1.0:
        return None
    if any(edge[0] for edge in (*styles.border, *styles.outline)):
        return None
    if styles.tint.a or styles.text_opacity != 1.0 or widget.border_title:
        return None
    if styles.has_rule("hatch") and styles.hatch != "none" or widget.border_subtitle:
        return None
    base_background, background = widget.background_colors
    inner = Style(background=base_background + background).rich_style
    return FlatBox(left, right, inner, background)
