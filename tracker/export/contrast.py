"""Colours that read: the WCAG contrast of two colours, and a theme's colour taken just far
enough towards black or white to read as text on its page (the players' page and the
HTML recap draw text in a theme's own colours, which a terminal theme picks for a dark or
light terminal, not for text on its own background)."""

from __future__ import annotations

from dataclasses import replace

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


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` taken ``share`` (0 to 1) of the way towards ``other`` (both ``#rrggbb``)."""
    channels = (
        round(int(colour[i : i + 2], 16) * (1 - share) + int(other[i : i + 2], 16) * share)
        for i in (1, 3, 5)
    )
    return "#" + "".join(f"{c:02x}" for c in channels)


def readable_text(colour: str, fills: tuple[str, ...]) -> str:
    """``colour`` if it reads on every fill; else the nearest shade of it towards black or
    white that does (black or white themselves when no shade does)."""

    def reads(shade: str) -> bool:
        return all(contrast(shade, fill) >= READABLE for fill in fills)

    for step in range(21):
        for end in ("#000000", "#ffffff"):
            shade = mix(colour, end, step / 20)
            if reads(shade):
                return shade
    return max(("#000000", "#ffffff"), key=lambda c: min(contrast(c, f) for f in fills))


def readable_palette(palette: Palette) -> Palette:
    """``palette`` with each colour a page draws text in (all but the foreground, the
    background and the surface) readable on its background: kept where it reads, else
    the nearest shade that does."""
    page = (palette.background,)
    return replace(
        palette,
        primary=readable_text(palette.primary, page),
        secondary=readable_text(palette.secondary, page),
        accent=readable_text(palette.accent, page),
        success=readable_text(palette.success, page),
        warning=readable_text(palette.warning, page),
        error=readable_text(palette.error, page),
    )
