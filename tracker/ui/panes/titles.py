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

from tracker.ui.plain import plain

_TITLES: dict[int, str | Content] = {}
_TIPS: dict[int, str] = {}


def retitle(widget: Widget, title: str | Content) -> None:
    """Give ``widget`` this border title (a ``str`` is plain text, never markup),
    repainting it only if the title changed (a widget new under a reused id has no
    title yet, so it always gets one)."""
    if _TITLES.get(id(widget)) == title and widget.border_title is not None:
        return
    first = widget.border_title is None or not widget.is_mounted
    _TITLES[id(widget)] = title
    shown = plain(title) if isinstance(title, str) else title
    if first or not hasattr(widget, "_border_title"):
        widget.border_title = shown
        return
    # Textual repaints the whole widget for a new title; only its top row changes.
    widget._border_title = shown.expand_tabs(4).split()[0]
    offset = widget.content_offset
    widget.refresh(Region(-offset.x, -offset.y, widget.outer_size.width, 1))


def retip(widget: Widget, tip: str) -> None:
    """Give ``widget`` this tooltip, as plain text (a condition's name in it is never
    read as markup), only if it changed."""
    if _TIPS.get(id(widget)) != tip or widget.tooltip is None:
        _TIPS[id(widget)] = tip
        widget.tooltip = plain(tip, lines=True)
