"""The launcher's "new encounter" dialog: a title and a ruleset, then the file is made.

Enter creates the file (through the ``create`` callback the launcher gives, which answers
with the new path or a one-line refusal shown in place); Esc closes without making any.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tracker.core.errors import TrackerError
from tracker.core.safe_text import TITLE_LIMIT, visible
from tracker.rules.registry import load_ruleset, ruleset_ids
from tracker.ui.modals.dialog import FieldSelect
from tracker.ui.plain import plain

Create = Callable[[str, str], "Path | str"]
"""(title, ruleset id) -> the new file, or why it could not be made (one line)."""


def ruleset_options() -> list[tuple[Text, str]]:
    """(label, id) for every installed ruleset that loads."""
    options = []
    for rid in ruleset_ids():
        try:
            options.append((Text(visible(f"{rid} — {load_ruleset(rid).title}")), rid))
        except TrackerError:
            continue
    return options


class NewEncounterScreen(ModalScreen[Path | None]):
    """Ask a title and a ruleset; dismissed with the new file (None: cancelled)."""

    BINDINGS = [
        Binding("escape", "cancel", "cancel", id="new-cancel", tooltip="make nothing"),
        Binding("enter", "create", "create", show=False, id="new-create"),
    ]

    def __init__(self, create: Create, ruleset: str = "") -> None:
        super().__init__()
        self.create = create
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        """The title field, the ruleset list, the keys."""
        options = ruleset_options()
        ids = [rid for _, rid in options]
        first = self.ruleset if self.ruleset in ids else (ids[0] if ids else "")
        with Vertical(id="dialog", classes="dialog"):
            yield Label("New encounter", classes="dialog-title")
            yield Label("Title")
            yield Input(
                placeholder="e.g. Ambush at the ford",
                max_length=TITLE_LIMIT,
                id="new-title",
                compact=True,
            )
            yield Label("Ruleset")
            yield FieldSelect(
                options, value=first, allow_blank=False, id="new-ruleset", compact=True
            )
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static("Enter create · Esc close", classes="dialog-keys")

    def on_mount(self) -> None:
        """Start in the title."""
        self.query_one("#new-title", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the title creates."""
        event.stop()
        self.action_create()

    def action_create(self) -> None:
        """Make the file and close with it, or say why not and stay open."""
        title = self.query_one("#new-title", Input).value.strip()
        ruleset = self.query_one("#new-ruleset", FieldSelect).value
        if not title:
            self.refuse("give the encounter a title")
            return
        made = self.create(title, ruleset if isinstance(ruleset, str) else "")
        if isinstance(made, Path):
            self.dismiss(made)
        else:
            self.refuse(made)

    def refuse(self, reason: str) -> None:
        """Show why nothing was made."""
        self.query_one("#dialog-error", Static).update(plain(f"✗ {reason}"))

    def action_cancel(self) -> None:
        """Close, making nothing."""
        self.dismiss(None)
