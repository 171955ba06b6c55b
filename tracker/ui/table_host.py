"""What the table's screen asks of the app that holds it (``TrackerApp``), as a protocol:
the screen is a view of the app's session and state, and imports no app."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from tracker.core.model import EncounterState
from tracker.core.outcome import Outcome
from tracker.core.protocol import Verb
from tracker.rules.base import Ruleset
from tracker.store.table_session import TableSession
from tracker.ui.table_dialogs import TableDialogs
from tracker.ui.themes import ThemeShelf


class TableHost(Protocol):
    """What the table's screen asks of the app that holds it (``TrackerApp``)."""

    state: EncounterState | None
    selected: str
    session: TableSession
    dialogs: TableDialogs
    shelf: ThemeShelf
    keymap_file: Path

    def open_encounter(self) -> None:
        """Paint the empty screen, then open the file."""
        ...

    def bar_source(self) -> tuple[EncounterState | None, Mapping[str, Verb], Ruleset | None]:
        """What the command bar completes from."""
        ...

    def show(self, state: EncounterState) -> None:
        """Show the fight's state."""
        ...

    def run_line(self, line: str) -> Outcome:
        """Run one command line."""
        ...

    def run_and_report(self, line: str) -> Outcome:
        """Run a line and show its outcome."""
        ...

    def report(self, outcome: Outcome) -> Outcome:
        """Show an outcome under the bar."""
        ...

    def finish_saving(self) -> Outcome | None:
        """Wait for the last command's save; its refusal (shown) if it failed."""
        ...

    def selected_id(self) -> str:
        """The selected combatant's id."""
        ...

    def look_back(self) -> None:
        """Show the turn before this one (again: back to the fight)."""
        ...

    def look_step(self, step: int) -> None:
        """A turn earlier or later."""
        ...

    def look_done(self) -> None:
        """Back to the fight."""
        ...

    def next_theme(self) -> None:
        """The next colour theme."""
        ...

    def confirm(self, question: str, line: str) -> None:
        """Ask, then run ``line`` on yes."""
        ...

    def confirm_remove(self, cid: str) -> None:
        """Ask, then take a combatant out."""
        ...

    def open_command_bar(self, text: str = "") -> None:
        """Focus the ``:`` bar."""
        ...
