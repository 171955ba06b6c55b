"""Readable colours for the players' page: text on a theme's coloured backgrounds.

A theme names its colours for a terminal; on the page the acting row is filled with the
theme's ``secondary`` colour and the badges with ``warning``. The text on them is
whichever of the theme's own ``foreground`` and ``background`` reads better there (WCAG
contrast), or black or white when neither reaches :data:`READABLE`, so an orange or green
fill never carries light-on-light text.
"""

from __future__ import annotations

from tracker.export.theme import Palette

READABLE = 4.5
"""The contrast body text needs (WCAG AA)."""


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_on(palette: Palette, fill: str) -> str:
    """The theme's foreground or background, whichever reads better on ``fill``; black or
    white when neither is readable there."""
    best = max((palette.foreground, palette.background), key=lambda c: contrast(c, fill))
    if contrast(best, fill) >= READABLE:
        return best
    return max((best, "#000000", "#ffffff"), key=lambda c: contrast(c, fill))


def on_colours(palette: Palette) -> dict[str, str]:
    """``on-secondary`` and ``on-warning``: the text colour for each coloured fill."""
    return {
        "on-secondary": text_on(palette, palette.secondary),
        "on-warning": text_on(palette, palette.warning),
    }
