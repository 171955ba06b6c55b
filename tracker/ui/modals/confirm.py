"""A yes/no question (remove a combatant, end the fight): y or Enter agrees, n or Esc not."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tracker.ui.plain import plain


class ConfirmScreen(ModalScreen[bool]):
    """Ask one question; dismissed with True (yes) or False (no)."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "no", id="confirm-no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and the keys."""
        with Vertical(id="dialog", classes="dialog confirm"):
            yield Label(plain(self.question), classes="dialog-title", id="confirm-question")
            yield Static("y / Enter yes · n / Esc no", classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer (once: a second key in a burst finds it closed)."""
        if self.is_active:
            self.dismiss(yes)
