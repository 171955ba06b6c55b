"""The colours of an encounter's theme, read from its TOML file, for the HTML export.

A theme file (``themes/NAME.toml``, or the user's ``~/.config/tracker/themes/NAME.toml``)
holds Textual theme colours as ``primary = "#e8471d"`` … at the top level or under a
``[theme]`` table. Missing or unreadable colours fall back to ``DARK`` (or ``LIGHT``
when the file says ``dark = false``); a missing file means the dark default.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from tracker.paths import bundled_dir, user_config_dir
from tracker.rules.shipped import shipped_folders
from tracker.rules.user_files import loads_toml, read_regular

_HEX = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


@dataclass(frozen=True)
class Palette:
    """The colours an export uses: text, background, and the theme's accents."""

    name: str
    background: str
    foreground: str
    surface: str
    primary: str
    secondary: str
    accent: str
    success: str
    warning: str
    error: str
    dark: bool = True


DARK = Palette(
    name="default-dark",
    background="#121212",
    foreground="#e0e0e0",
    surface="#1e1e1e",
    primary="#0178d4",
    secondary="#004578",
    accent="#ffa62b",
    success="#4ebf71",
    warning="#ffa62b",
    error="#ba3c5b",
)
LIGHT = Palette(
    name="default-light",
    background="#f5f5f5",
    foreground="#1e1e1e",
    surface="#e6e6e6",
    primary="#004578",
    secondary="#0178d4",
    accent="#b35c00",
    success="#2e7d32",
    warning="#b35c00",
    error="#b00020",
    dark=False,
)
COLOURS = tuple(f.name for f in fields(Palette) if f.name not in ("name", "dark"))


def theme_file(name: str) -> Path | None:
    """The theme's file: the user's folder first, then the bundled themes."""
    if not name or "/" in name or "\\" in name:
        return None
    for folder in (user_config_dir() / "themes", bundled_dir("themes"), *shipped_folders("themes")):
        path = folder / f"{name}.toml"
        if path.is_file():
            return path
    return None


def load_palette(name: str) -> Palette:
    """The palette of theme ``name`` (the dark default if it cannot be read)."""
    path = theme_file(name)
    if path is None:
        return DARK
    try:
        data = loads_toml(read_regular(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return DARK
    return palette_from(name, data)


def palette_from(name: str, data: Mapping[str, Any]) -> Palette:
    """A palette from a parsed theme table; bad or missing colours take the default's."""
    nested = data.get("theme")
    table: Mapping[str, Any] = nested if isinstance(nested, dict) else data
    dark = table.get("dark", True) is not False
    base = DARK if dark else LIGHT
    picked = {key: _colour(table.get(key), getattr(base, key)) for key in COLOURS}
    return Palette(name=name, dark=dark, **picked)


def _colour(value: object, fallback: str) -> str:
    """``#rrggbb`` from a theme value (``#rgb`` widened), else ``fallback``."""
    if not isinstance(value, str) or not _HEX.fullmatch(value.strip()):
        return fallback
    digits = value.strip()[1:].lower()
    return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits)
