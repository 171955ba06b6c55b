"""The message under the command bar in full (``m``), for one too long for its two rows.

Esc, Enter or ``m`` closes it.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class MessageScreen(ModalScreen[None]):
    """The whole of the last message, wrapped; it scrolls if it is longer than the screen."""

    BINDINGS = [Binding("escape,enter,m", "close", "close", id="message-close")]

    def __init__(self, message: Text) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        """The message and the keys."""
        with VerticalScroll(id="dialog", classes="dialog"):
            yield Label("The message in full", classes="dialog-title")
            yield Static(self.message, id="message-text")
            yield Static("Esc / Enter close", classes="dialog-keys")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
