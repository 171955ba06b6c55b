"""What the command palette asks of the app it serves (``TrackerApp``), as a protocol: the
palette offers the app's actions and imports no app (no import cycle)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tracker.core.rewind import Moment
from tracker.ui.party_host import PartyHost
from tracker.ui.table_host import TableHost
from tracker.ui.table_screen import TableScreen


@runtime_checkable
class PaletteHost(TableHost, PartyHost, Protocol):
    """The table's app as the palette sees it: its screen's actions and its own."""

    table: TableScreen

    def select(self, slot: str) -> None:
        """Show this slot (or combatant) in the body and status panes."""
        ...

    def confirm_remove(self, cid: str) -> None:
        """Ask, then take a combatant out of the fight."""
        ...

    def look_at(self, moment: Moment) -> None:
        """Show the board at ``moment``."""
        ...

    def look_done(self) -> None:
        """Back to the fight as it stands."""
        ...

    def choose_theme(self, name: str) -> None:
        """Switch to the theme the GM chose."""
        ...

    def next_theme(self) -> None:
        """Cycle through the themes."""
        ...

    def open_command_bar(self, text: str = "") -> None:
        """Focus the ``:`` bar with ``text`` typed."""
        ...

    async def action_quit(self) -> None:
        """Leave the app (everything is saved already)."""
        ...
