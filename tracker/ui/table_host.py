"""What the command palette drives on the fight's App, declared apart from the App.

``tracker.ui.app.TrackerApp`` is a ``TableHost``; the palette (which the App lists as its
commands provider) reads the App through this protocol, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from tracker.core.model import EncounterState
from tracker.core.protocol import Verb
from tracker.core.rewind import Moment
from tracker.rules.base import Ruleset
from tracker.ui.outcome import Outcome
from tracker.ui.themes import ThemeShelf


@runtime_checkable
class TableHost(Protocol):
    """The fight's App as the palette sees it: its state, its commands and its actions."""

    @property
    def state(self) -> EncounterState | None:
        """The fight as it stands (None while the file opens)."""

    @property
    def verbs(self) -> Mapping[str, Verb]:
        """Every command the fight knows, by name."""

    @property
    def shelf(self) -> ThemeShelf:
        """The themes on offer."""

    @property
    def looking_back(self) -> bool:
        """Whether an earlier turn is on the screen."""

    def turn_moments(self) -> list[Moment]:
        """Every turn start of the fight so far."""

    def look_at(self, moment: Moment) -> None:
        """Show the board as it stood at ``moment``."""

    def action_look_done(self) -> None:
        """Back to the fight."""

    async def action_quit(self) -> None:
        """Quit (everything is saved already)."""

    def run_and_report(self, line: str) -> Outcome:
        """Run a command line and show its outcome."""

    def encounter_undo_redo(self) -> tuple[str, str]:
        """What undo and redo would take back or restore now."""

    def rules_or_fail(self) -> Ruleset:
        """The fight's ruleset."""

    def select(self, slot: str) -> None:
        """Show a combatant in the body and status panes."""

    def selected_id(self) -> str:
        """The selected combatant's id."""

    def open_damage(self, target: str, verb: str = "dmg") -> None:
        """The damage (or heal) dialog."""

    def open_ailment(self, target: str, name: str = "") -> None:
        """The ailment picker."""

    def confirm_remove(self, cid: str) -> None:
        """Ask, then take a combatant out of the fight."""

    def choose_theme(self, name: str) -> None:
        """Switch theme."""

    def open_command_bar(self, text: str = "") -> None:
        """Focus the ``:`` bar with ``text`` typed."""

    def action_end_fight(self) -> None:
        """End the fight (after asking)."""

    def action_undo(self) -> None:
        """Undo the last command."""

    def action_redo(self) -> None:
        """Redo what undo took back."""

    def action_add_combatant(self) -> None:
        """The add-combatant dialog."""

    def action_roll_dice(self) -> None:
        """The dice roller."""

    def action_command_bar(self) -> None:
        """Focus the ``:`` bar."""

    def action_whole_message(self) -> None:
        """The message under the bar in full."""

    def action_export(self) -> None:
        """The export dialog."""

    def action_copy_round(self) -> None:
        """Copy this round's log as Markdown."""

    def action_help(self) -> None:
        """The key table and the commands."""

    def action_next_theme(self) -> None:
        """The next theme."""
