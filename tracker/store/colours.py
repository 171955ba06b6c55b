"""A theme's colour text as the TUI reads it, without Textual.

The TUI builds its themes with Textual, which takes a colour as ``#rgb``, ``#rrggbb`` (with
or without alpha), ``rgb(…)``, ``rgba(…)``, ``hsl(…)``, ``hsla(…)`` or one of its names
(``crimson``, ``ansi_red``). ``tracker themes`` and ``tracker check`` must not import
Textual (they start in a fraction of the time), so the same shapes are written here and
the names are read from ``colour_names.txt`` beside this module; ``tests/test_colour_names.py``
runs both over the same texts, so a Textual upgrade that changes either is caught.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tracker.rules.user_files import read_regular

_SHAPED = re.compile(
    r"""
    \#([0-9a-fA-F]{3})$|
    \#([0-9a-fA-F]{4})$|
    \#([0-9a-fA-F]{6})$|
    \#([0-9a-fA-F]{8})$|
    rgb\(\s*(-?\d+\.?\d*\s*,\s*-?\d+\.?\d*\s*,\s*-?\d+\.?\d*)\s*\)$|
    rgba\(\s*(-?\d+\.?\d*\s*,\s*-?\d+\.?\d*\s*,\s*-?\d+\.?\d*\s*,\s*-?\d+\.?\d*)\s*\)$|
    hsl\(\s*(-?\d+\.?\d*\s*,\s*-?\d+\.?\d*%\s*,\s*-?\d+\.?\d*%)\s*\)$|
    hsla\(\s*(-?\d+\.?\d*\s*,\s*-?\d+\.?\d*%\s*,\s*-?\d+\.?\d*%\s*,\s*-?\d+\.?\d*)\s*\)$
    """,
    re.VERBOSE,
)
"""Textual's own pattern (``textual.color.RE_COLOR``), matched as Textual matches it."""


@cache
def colour_names() -> frozenset[str]:
    """The colour names the TUI takes (``colour_names.txt``: one a line, ``#`` comments)."""
    text = read_regular(Path(__file__).with_name("colour_names.txt")).decode("utf-8")
    lines = (line.strip() for line in text.splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def is_colour(text: str) -> bool:
    """Whether the TUI takes ``text`` as a colour (as Textual's ``Color.parse`` does)."""
    return text in colour_names() or _SHAPED.match(text) is not None


def nearest_colour(text: str) -> str:
    """The colour name closest to a misspelt one (``crimsn``: ``crimson``), or ""."""
    import difflib  # only for a colour that is refused

    close = difflib.get_close_matches(text, sorted(colour_names()), n=1)
    return close[0] if close else ""
