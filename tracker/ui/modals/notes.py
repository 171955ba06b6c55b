"""The GM's standing note on one combatant ("has the bridge key", "flees below 3 HP"):
a ``notes`` command, so it is in the journal and undone like any other. Empty clears."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from tracker.core.model import Combatant
from tracker.core.protocol import Verb
from tracker.core.safe_text import NOTE_LIMIT, visible
from tracker.ui.modals.dialog import CommandDialog, quote
from tracker.ui.outcome import Runner
from tracker.ui.plain import plain


class NotesScreen(CommandDialog):
    """Edit ``notes WHO TEXT`` (``-`` when emptied) for one combatant."""

    def __init__(self, runner: Runner, fighter: Combatant, verb: Verb) -> None:
        super().__init__(runner)
        self.fighter = fighter
        self.verb = verb

    def compose(self) -> ComposeResult:
        """The note as it reads now, ready to edit."""
        with Vertical(id="dialog", classes="dialog"):
            title = plain(f"Note on {self.fighter.name} — the GM's only")
            yield Label(title, classes="dialog-title")
            yield Input(
                visible(" ".join(self.fighter.notes.split())),  # the box shows no control byte
                placeholder="e.g. carries the bridge key; flees below 3 HP",
                max_length=NOTE_LIMIT,
                id="notes-text",
                compact=True,
                select_on_focus=False,
            )
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static("Enter keep · empty clears · Esc close", classes="dialog-keys")

    def on_mount(self) -> None:
        """Start in the text."""
        self.start_in(self.query_one("#notes-text", Input))
        self.refresh_preview()

    @on(Input.Changed)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    def command_line(self) -> str:
        """``notes orc carries the key`` (``notes orc -`` to clear)."""
        text = self.query_one("#notes-text", Input).value.strip()
        return f"{self.verb.name} {quote(self.fighter.id)} {text or '-'}"
