"""The palette's Screenshot, saved beside the encounter file.

Textual saves into the user's Downloads folder and, where there is none, says only
"Failed to save screenshot". The tracker saves the SVG into the encounter's own folder
(the GM knows where that is) and says in one line where it went, or why it could not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App


def save_screen(app: App[Any], folder: Path) -> str:
    """Save an SVG of ``app``'s screen into ``folder``; the one line to tell the GM."""
    try:
        written = app.save_screenshot(path=str(folder))
    except OSError as error:
        return f"no screenshot: {folder} cannot be written ({error.strerror or error})"
    return f"screenshot saved: {written}"
