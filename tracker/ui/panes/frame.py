"""The border and title round a pane whose lines scroll.

Textual draws a widget's border with its lines, so a scrolling list with a border of its
own repaints the border at every line it scrolls. The initiative and the log put their
lines in a frame instead: the frame keeps the border (and the title, whose change
repaints one row), and a scroll repaints the lines only.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from tracker.ui.panes.kept_paint import KeptPaint


class PaneFrame(Vertical, KeptPaint):
    """A pane's border and title; the pane that zooms full screen."""

    ALLOW_MAXIMIZE = True


class PaneRow(Horizontal, KeptPaint):
    """The row of panes side by side (it draws nothing of its own but their background)."""


def frame_of(widget: Widget) -> Widget:
    """The widget that carries ``widget``'s border and title (itself when not framed)."""
    parent = widget.parent
    return parent if isinstance(parent, PaneFrame) else widget
