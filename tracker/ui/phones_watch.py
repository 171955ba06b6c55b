"""The header's count of the players' pages: how many phones ``tracker serve`` has connected.

``tracker serve`` writes the count to a small file in the user's runtime folder
(:mod:`tracker.web.phones`); the GM's app looks at it every ``EVERY`` seconds (a stat
and a directory listing) and hands the number to the header.
"""

from __future__ import annotations

from pathlib import Path

from textual.widget import Widget

from tracker.ui.panes.header import EncounterHeader
from tracker.web.phones import pages_open

EVERY = 2.0
"""Seconds between two looks at the count."""


def follow_phones(screen: Widget, path: Path) -> None:
    """Keep the count of connected pages in ``screen``'s header up to date (while the
    screen lives, dialogs over it or not)."""

    def look() -> None:
        for header in screen.query(EncounterHeader):
            header.phones = pages_open(path)

    look()
    screen.set_interval(EVERY, look)
