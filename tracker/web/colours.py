"""Readable colours for the players' page: text on a theme's coloured backgrounds.

A theme names its colours for a terminal; on the page the acting row is filled with the
theme's ``secondary`` colour and the badges with ``warning``. The text on them is
whichever of the theme's own ``foreground`` and ``background`` reads better there (WCAG
contrast), or black or white when neither reaches :data:`READABLE`, so an orange or green
fill never carries light-on-light text. Text drawn in a theme's own colour (the section
headings in ``accent``, the turn and the marks in ``primary``) keeps that colour where it
reads on the page's background and surface, else is taken towards black or white just
far enough that it does (:func:`readable_text`).
"""

from __future__ import annotations

from tracker.export.contrast import READABLE, contrast, readable_text
from tracker.export.theme import Palette


def text_on(palette: Palette, fill: str) -> str:
    """The theme's foreground or background, whichever reads better on ``fill``; black or
    white when neither is readable there."""
    best = max((palette.foreground, palette.background), key=lambda c: contrast(c, fill))
    if contrast(best, fill) >= READABLE:
        return best
    return max((best, "#000000", "#ffffff"), key=lambda c: contrast(c, fill))


def on_colours(palette: Palette) -> dict[str, str]:
    """``on-secondary`` and ``on-warning``: the text colour for each coloured fill;
    ``accent-text`` and ``primary-text``: the theme's accent and primary as text that
    reads on the page's background and surface."""
    page = (palette.background, palette.surface)
    return {
        "on-secondary": text_on(palette, palette.secondary),
        "on-warning": text_on(palette, palette.warning),
        "accent-text": readable_text(palette.accent, page),
        "primary-text": readable_text(palette.primary, page),
    }
