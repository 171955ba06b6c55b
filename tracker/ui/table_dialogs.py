"""The table's dialogs: each builds one command line (damage, ailment, add, note, dice,
a reminder's choices, yes/no) or shows something (the bar's message, the export)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App

from tracker.core.library import EmptyLibrary, Library
from tracker.core.model import EncounterState
from tracker.core.outcome import Outcome
from tracker.core.roles import ADD, CONDITION, DAMAGE, NOTE
from tracker.store.table_session import TableSession
from tracker.ui.modals.add_combatant import AddCombatantScreen
from tracker.ui.modals.ailment import AilmentScreen
from tracker.ui.modals.choices import ChoicesScreen
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.modals.dice_roller import DiceRollerScreen
from tracker.ui.modals.message import MessageScreen
from tracker.ui.modals.notes import NotesScreen
from tracker.ui.outcome import Runner
from tracker.ui.reminder_keys import Choice

Report = Callable[[Outcome], object]
"""Shows an outcome under the command bar."""


class TableDialogs:
    """Opens the table's dialogs over ``app`` for the encounter in ``session``; each
    runs its line through ``run_line`` and its outcome is shown with ``report``."""

    def __init__(self, app: App[Any], session: TableSession, run_line: Runner, report: Report):
        self.app = app
        self.session = session
        self.run_line = run_line
        self.report = report

    def _done(self, outcome: Outcome | None) -> None:
        if outcome is not None:
            self.report(outcome)

    def library(self) -> Library:
        """The stat blocks and roll tables of the open encounter (none before one opens)."""
        play = self.session.play
        return play.library if play is not None else EmptyLibrary()

    def damage(self, state: EncounterState, target: str, role: str = DAMAGE) -> None:
        """The damage (or heal) dialog for ``target``, for the verb playing ``role``."""
        verb = self.session.role_verb(role)
        if verb is not None and target:
            rules = self.session.rules_or_fail()
            screen = DamageScreen(self.run_line, state, rules, verb, target)
            self.app.push_screen(screen, self._done)

    def ailment(self, state: EncounterState, target: str, name: str = "") -> None:
        """The ailment picker for ``target``, with ``name`` typed in its filter."""
        verb = self.session.role_verb(CONDITION)
        if verb is not None and target:
            rules = self.session.rules_or_fail()
            screen = AilmentScreen(self.run_line, state, rules, verb, target, name)
            self.app.push_screen(screen, self._done)

    def add_combatant(self, state: EncounterState) -> None:
        """The add-combatant dialog."""
        verb = self.session.role_verb(ADD)
        if verb is not None:
            screen = AddCombatantScreen(self.run_line, state, verb, self.library())
            self.app.push_screen(screen, self._done)

    def notes(self, state: EncounterState, cid: str) -> None:
        """The GM's note on one combatant."""
        verb = self.session.role_verb(NOTE)
        if verb is not None and cid in state.combatants:
            screen = NotesScreen(self.run_line, state.combatants[cid], verb)
            self.app.push_screen(screen, self._done)

    def dice(self, state: EncounterState, cid: str) -> None:
        """The dice roller."""
        self.app.push_screen(DiceRollerScreen(self.run_line, state, cid))

    def choices(self, state: EncounterState, choices: list[Choice]) -> None:
        """Every way to resolve the open reminders, in a list to pick from."""

        def chosen(line: str | None) -> None:
            if line:
                self.report(self.run_line(line))

        if choices:
            self.app.push_screen(ChoicesScreen(state, choices), chosen)

    def message(self, message: Text) -> None:
        """The message under the bar in full."""
        if message.plain:
            self.app.push_screen(MessageScreen(message))

    def confirm(self, question: str, line: str) -> None:
        """Ask a yes/no question, then run ``line`` on yes."""

        def answer(yes: bool | None) -> None:
            if yes:
                self.report(self.run_line(line))

        self.app.push_screen(ConfirmScreen(question), answer)

    def export(self) -> None:
        """The export dialog: the round log to Markdown, HTML, text or JSON."""
        from tracker.ui.export_screen import ExportScreen

        def written(path: Path | None) -> None:
            if path is not None:
                self.report(Outcome(True, f"log written to {path}"))

        if self.session.play is not None:
            self.app.push_screen(ExportScreen(self.session.play.loaded), written)
