"""The palette's Screenshot, saved beside the encounter file.

Textual saves into the user's Downloads folder and, where there is none, says only
"Failed to save screenshot"; it also writes the file in place, so a full disk left half
an SVG behind. The tracker saves the SVG into the encounter's own folder (the GM knows
where that is), whole or not at all (a new file, never through a link), and says in one
line where it went, or why it could not.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from textual.app import App

from tracker.store.durable import create_file

_RESERVED = ' <>:"/\\|?*.'
"""Characters a screenshot's file name never holds (they become ``_``)."""


def _file_name(title: str, now: datetime) -> str:
    """``TITLE DATE-TIME.svg`` with every reserved character (and space) as ``_``."""
    stem = f"{title} {now.isoformat()}"
    for reserved in _RESERVED:
        stem = stem.replace(reserved, "_")
    return stem + ".svg"


def save_screen(app: App[Any], folder: Path) -> str:
    """Save an SVG of ``app``'s screen into ``folder``; the one line to tell the GM."""
    path = folder / _file_name(app.title, datetime.now())
    try:
        create_file(path, app.export_screenshot().encode("utf-8"))
    except OSError as error:
        return f"no screenshot: {folder} cannot be written ({error.strerror or error})"
    return f"screenshot saved: {path}"
