"""Every way to resolve the open reminders, in one list: the choices past the ninth key
are reached here (``0``), the keyed ones too. Enter picks, Esc closes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tracker.core.model import EncounterState
from tracker.ui.plain import inert
from tracker.ui.reminder_keys import Choice


def choice_label(state: EncounterState, choice: Choice) -> Text:
    """``[3] Sachiel: shake off Burning — Physique test → fail``."""
    reminder = choice.reminder
    fighter = state.combatants.get(reminder.who)
    name = fighter.name if fighter is not None else ""
    said = reminder.text if name in reminder.text else f"{name}: {reminder.text}"
    text = Text(f"[{choice.key}] " if choice.key else "    ", style="bold")
    text.append(said)
    text.append(f" → {choice.label}", style="bold")
    return inert(text)


class ChoicesScreen(ModalScreen[str | None]):
    """Pick one choice; dismissed with its command line (None: closed)."""

    BINDINGS = [Binding("escape", "close", "close", id="choices-close")]

    def __init__(self, state: EncounterState, choices: Sequence[Choice]) -> None:
        super().__init__()
        self.state = state
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        """The list and the keys."""
        with Vertical(classes="dialog", id="choices"):
            yield Label("Resolve a reminder", classes="dialog-title")
            yield OptionList(
                *(
                    Option(choice_label(self.state, c), id=str(i))
                    for i, c in enumerate(self.choices)
                ),
                id="choices-list",
            )
            yield Static("↑↓ choose · Enter resolve · Esc close", classes="dialog-keys")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Close with the chosen line (once: a second Enter in a burst finds it closed)."""
        if self.is_active:
            self.dismiss(self.choices[event.option_index].line)

    def action_close(self) -> None:
        """Close, resolving nothing."""
        if self.is_active:
            self.dismiss(None)
