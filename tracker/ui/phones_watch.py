"""What the header follows while the GM is idle: how many phones ``tracker serve`` has
connected, and the encounter file's name where it was moved (renamed) while open.

``tracker serve`` writes the count to a small file in the user's runtime folder
(:mod:`tracker.web.phones`); the GM's app looks at it, and at where its open file is now
(a ``stat`` and an ``fstat``), every ``EVERY`` seconds, and hands both to the header
(which redraws only what changed).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widget import Widget

from tracker.ui.panes.header import EncounterHeader
from tracker.web.phones import pages_open

EVERY = 2.0
"""Seconds between two looks at the count and the file's name."""


def follow_phones(screen: Widget, path: Path, name_now: Callable[[], str] | None = None) -> None:
    """Keep the count of connected pages in ``screen``'s header up to date (while the
    screen lives, dialogs over it or not), and the file's name (``name_now``: the open
    file's name now, empty before it is open)."""

    def look() -> None:
        name = name_now() if name_now is not None else ""
        for header in screen.query(EncounterHeader):
            header.phones = pages_open(path)
            if name:
                header.file_name = name

    look()
    screen.set_interval(EVERY, look)
