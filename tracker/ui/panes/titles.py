"""Pane titles and tooltips that change only when their text does.

Setting a widget's ``border_title`` repaints the whole widget, border and all, and the
panes set theirs after every command; most commands leave the title as it was. These
helpers skip the repaint when nothing changed (a key then redraws only what it changed).
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

_TITLES: dict[int, str | Content] = {}


def retitle(widget: Widget, title: str | Content) -> None:
    """Give ``widget`` this border title, repainting it only if the title changed (a
    widget new under a reused id has no title yet, so it always gets one)."""
    if _TITLES.get(id(widget)) != title or widget.border_title is None:
        _TITLES[id(widget)] = title
        widget.border_title = title


def retip(widget: Widget, tip: str) -> None:
    """Give ``widget`` this tooltip, only if it changed."""
    if widget.tooltip != tip:
        widget.tooltip = tip
