"""The players' view (``tracker view``) in this process for the player-view tests, and its
screen read while it runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.player_helpers import screen_text
from tracker.paths import bundled_dir
from tracker.store.follow import FileFollower
from tracker.ui.player.app import PlayerApp
from tracker.ui.themes import load_themes


def view(path: Path, large: bool = False) -> PlayerApp:
    """The player view on ``path``, with the bundled themes only."""
    return PlayerApp(FileFollower(path), large=large, shelf=load_themes([bundled_dir("themes")]))


async def within_a_second(pilot: Pilot[Any], app: PlayerApp, text: str) -> bool:
    """Whether ``text`` is on the screen within one second (looking every 50 ms)."""
    for _ in range(20):
        await pilot.pause(0.05)
        if text in screen_text(app):
            return True
    return False


def order_rows(app: PlayerApp) -> list[str]:
    """The order pane's rows as the terminal shows them."""
    order = app.query_one("#order").region
    return [line[order.x : order.right] for line in screen_text(app).splitlines() if line]
