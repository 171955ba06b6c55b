"""Pane titles and tooltips that change only when their text does.

Setting a widget's ``border_title`` repaints the whole widget, border and all (and
Textual then composes every pane beside it on those rows too), and the panes set theirs
after every command. These helpers skip the repaint when nothing changed, and when the
title did change repaint only the top row, where it is drawn.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget

_TITLES: dict[int, str | Content] = {}


def retitle(widget: Widget, title: str | Content) -> None:
    """Give ``widget`` this border title, repainting it only if the title changed (a
    widget new under a reused id has no title yet, so it always gets one)."""
    if _TITLES.get(id(widget)) == title and widget.border_title is not None:
        return
    first = widget.border_title is None or not widget.is_mounted
    _TITLES[id(widget)] = title
    if first or not hasattr(widget, "_border_title"):
        widget.border_title = title
        return
    # Textual repaints the whole widget for a new title; only its top row changes.
    widget._border_title = widget.render_str(title).expand_tabs(4).split()[0]
    offset = widget.content_offset
    widget.refresh(Region(-offset.x, -offset.y, widget.outer_size.width, 1))


def retip(widget: Widget, tip: str) -> None:
    """Give ``widget`` this tooltip, only if it changed."""
    if widget.tooltip != tip:
        widget.tooltip = tip
