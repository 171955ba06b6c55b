"""What every page is sent: one follow loop over the GM's file, one rendered fragment.

The stage looks at the file every ``every`` seconds (:class:`FileFollower`: one
``os.stat``, the new bytes only when it grew). When something changed it rebuilds the
players' view once, renders it once, and wakes every stream: each stream then writes the
newest fragment (a slow page skips to the newest, it never queues old ones).
"""

from __future__ import annotations

import asyncio
from typing import Any

from tracker.export.player_log import player_log
from tracker.export.player_view import player_board, reveals
from tracker.export.theme import DARK, Palette, load_palette, theme_file
from tracker.store.follow import Catch, FileFollower
from tracker.web.page import PlayersView, fragment, look_of

FOLLOW_EVERY = 0.1
"""Seconds between two looks at the file."""


class Stage:
    """The fight as the players see it now, and a way to wait for the next change.

    ``version`` grows with every change; ``html`` is the fragment for that version.
    """

    def __init__(self, follower: FileFollower, every: float = FOLLOW_EVERY) -> None:
        self.follower = follower
        self.every = every
        self.version = 0
        self.view: PlayersView | None = None
        self.html = ""
        self.palette: Palette = DARK
        self.closing = False
        self._changed = asyncio.Event()
        self._problem = False

    def look(self, catch: Catch | None = None) -> bool:
        """Look at the file (or take ``catch``); True when the page changed."""
        catch = self.follower.poll() if catch is None else catch
        problem = bool(catch.problem)
        loaded = self.follower.loaded
        if loaded is None or not (catch.changed or problem != self._problem or self.view is None):
            return False
        self._problem = problem
        reveal = reveals(loaded.head)
        encounter = loaded.encounter
        self.palette = load_palette(_theme_name(loaded.head, loaded.rules.theme))
        self.view = PlayersView(
            board=player_board(encounter.state, loaded.rules, reveal),
            log=tuple(player_log(encounter.initial, encounter.events, loaded.rules, reveal)),
            problem=problem,
            look=look_of(self.palette),
        )
        html = fragment(self.view)
        if html == self.html:
            return False
        self.html = html
        self.version += 1
        self._wake()
        return True

    def _wake(self) -> None:
        woken, self._changed = self._changed, asyncio.Event()
        woken.set()

    def wake(self) -> None:
        """Wake every stream now, with no change (each sends a ping; a replaced one ends)."""
        self._wake()

    async def next_change(self, since: int, timeout: float) -> bool:
        """Wait until the version is past ``since`` (True) or ``timeout`` s pass (False)."""
        if self.version != since or self.closing:
            return True
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def follow(self) -> None:
        """Look at the file every ``every`` seconds until closed."""
        while not self.closing:
            await asyncio.sleep(self.every)
            self.look()

    def close(self) -> None:
        """Stop following and wake every stream so it can end."""
        self.closing = True
        self._wake()


def _theme_name(head: dict[str, Any], fallback: str) -> str:
    """The file's theme; its ruleset's when it names none or one not installed (as the
    TUI does)."""
    table = head.get("encounter", {})
    wanted = table.get("theme", "") if isinstance(table, dict) else ""
    usable = isinstance(wanted, str) and wanted and theme_file(wanted) is not None
    return wanted if usable else fallback
