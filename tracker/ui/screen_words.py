"""The words of the ``:`` bar that act on the screen, not on the fight: ``help``,
``export``, ``quit``/``q``, ``theme [NAME]`` and ``select WHO``. The App hands them here
before the session sees the line."""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App

from tracker.core.errors import TrackerError, one_line
from tracker.core.grammar import resolve
from tracker.core.outcome import Outcome
from tracker.ui.table_host import TableHost
from tracker.ui.table_screen import TableScreen

UI_VERBS = ("help", "quit", "q", "theme", "select", "export")
"""The first words of a line that are the screen's, not a command of the fight."""


class ScreenWordsHost(TableHost, Protocol):
    """What the screen's words ask of the app beyond the table's screen's needs."""

    def select(self, slot: str) -> None:
        """Show this slot (or combatant) in the body and status panes."""
        ...

    def choose_theme(self, name: str) -> None:
        """Switch to the theme the GM chose, and remember it."""
        ...


class ScreenWords:
    """Runs a screen word (``UI_VERBS``) for the app: ``app`` for what Textual does (quit,
    later calls), ``host`` for the fight shown and the themes."""

    def __init__(self, app: App[Any], host: ScreenWordsHost, table: TableScreen) -> None:
        self.app = app
        self.host = host
        self.table = table

    def run(self, words: list[str]) -> Outcome:
        """Run ``words`` (the first one of ``UI_VERBS``); the outcome says what it did."""
        verb, rest = words[0].casefold(), words[1:]
        if verb in ("help", "export"):
            self.app.call_later(self.table.run_action, verb)
        elif verb in ("quit", "q"):
            self.app.exit(0)
        elif verb == "theme":
            shelf = self.host.shelf
            if rest and rest[0] not in shelf.themes:
                return Outcome(False, f"no theme {rest[0]!r} — themes: {', '.join(shelf.names)}")
            if rest:
                self.host.choose_theme(rest[0])
            else:
                self.app.call_later(self.host.next_theme)
        elif verb == "select":
            return self._select(rest)
        return Outcome(True, " ".join(words))

    def _select(self, rest: list[str]) -> Outcome:
        state = self.host.state
        if state is None or not rest:
            return Outcome(False, "'select' needs a combatant, e.g. 'select goblin'")
        try:
            self.host.select(resolve(state, rest[0]))
        except TrackerError as err:
            return Outcome(False, one_line(err))
        return Outcome(True, f"selected {state.combatant(self.host.selected).name}")
