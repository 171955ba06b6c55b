"""What every command modal shares: a framed dialog, Esc to cancel, a preview of the
command line it will run, and the refusal shown in place (the dialog stays open)."""

from __future__ import annotations

import shlex
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Select, Static

from tracker.core.model import EncounterState
from tracker.core.safe_text import visible
from tracker.ui.outcome import Outcome, Runner
from tracker.ui.panes.command_bar import ENTER_KEYS
from tracker.ui.panes.sides import side_word
from tracker.ui.plain import inert, plain


class FieldSelect(Select[str], inherit_bindings=False):
    """A dropdown in a dialog: arrows or space open it, and Enter (closed) runs the dialog
    as it does from any other field, instead of opening the list again."""

    BINDINGS = [Binding("down,space,up", "show_overlay", "Show menu", show=False)]


class FieldCheckbox(Checkbox, inherit_bindings=False):
    """A checkbox in a dialog: space ticks it, and Enter runs the dialog as it does from
    any other field, instead of ticking it."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]


class KeyHint(Static):
    """A dialog's key hint (``ctrl+s export · Tab next field · Esc close``) on one row,
    each key beside its word: when the row is too narrow for every pair, pairs are left
    out whole (the middle ones first; the first and the last, the dialog's own key and
    Esc, stay longest), as the footer shows only whole keys."""

    def __init__(self, *pairs: str, **kwargs: Any) -> None:
        super().__init__(Text(SEPARATOR.join(pairs)), **kwargs)
        self.pairs = pairs

    def on_resize(self, event: events.Resize) -> None:
        """Fit the pairs to the new width."""
        self.update(Text(SEPARATOR.join(pairs_that_fit(self.pairs, self.content_size.width))))


SEPARATOR = " · "


def pairs_that_fit(pairs: tuple[str, ...], room: int) -> list[str]:
    """The pairs, in their order, that fit ``room`` cells joined by the separator: the
    first and the last are kept longest, the others dropped from the end of the middle."""
    order = [*pairs[:1], *pairs[-1:], *pairs[1:-1]] if len(pairs) > 1 else list(pairs)
    kept: set[int] = set()
    used = -len(SEPARATOR)
    for pair in order:
        cost = len(SEPARATOR) + Text(pair).cell_len
        if used + cost > room:
            break
        used += cost
        kept.add(pairs.index(pair))
    return [pair for index, pair in enumerate(pairs) if index in kept]


def quote(word: str) -> str:
    """A word as the grammar reads it (quoted when it holds spaces)."""
    return shlex.quote(word) if any(ch.isspace() for ch in word) or not word else word


def target_options(state: EncounterState) -> list[tuple[Text, str]]:
    """(label, id) for every combatant still in the fight, roster order: the name, then
    its side in a dim word (``Rei Ayanami (on foot) · PC``)."""
    return [
        (
            Text.assemble(visible(c.name), (f" · {side_word(c.side)}", "dim")),
            c.id,
        )
        for c in state.combatants.values()
        if c.status != "removed"
    ]


class CommandDialog(ModalScreen[Outcome | None]):
    """A modal that builds one command line and runs it; dismissed with the outcome."""

    BINDINGS = [
        Binding(
            "escape",
            "cancel",
            "cancel",
            id="dialog-cancel",
            tooltip="close without changing anything",
        ),
        Binding("enter", "submit", "apply", show=False, id="dialog-apply"),
    ]

    def __init__(self, runner: Runner) -> None:
        super().__init__()
        self.runner = runner

    def command_line(self) -> str:
        """The line the dialog would run now (empty: not ready)."""
        raise NotImplementedError

    def start_in(self, field: Input) -> None:
        """Focus the field the dialog starts in now, not after the keys already typed
        (``focus()`` waits its turn): ``d3`` typed fast puts 3 in the amount."""
        self.set_focus(field)

    def missing(self) -> str:
        """What to fill in before Enter can run the dialog (its line is empty)."""
        return "fill in the fields first"

    def action_submit(self) -> None:
        """Enter from a field that does not take it itself (a closed dropdown)."""
        self.submit()

    def on_key(self, event: events.Key) -> None:
        """Enter in any text field runs the dialog there and then, so that the keys typed
        after it reach the table, not the field (the field's own Enter would run the
        dialog a message later, after the next key had gone to the field)."""
        if event.key in ENTER_KEYS and isinstance(self.focused, Input):
            event.stop()
            event.prevent_default()
            self.submit()

    def action_cancel(self) -> None:
        """Close, changing nothing."""
        if self.is_active:  # a second Esc in the same burst finds it closed already
            self.dismiss(None)

    def refresh_preview(self) -> None:
        """Show the command line the dialog will run."""
        line = self.command_line()
        preview = self.query_one("#dialog-preview", Static)
        preview.update(inert(Text(f":{line}" if line else "", no_wrap=True, overflow="ellipsis")))

    def submit(self) -> None:
        """Run the line: close on success, say why in place on refusal (once: a second
        Enter in the same burst finds the dialog closed and runs nothing)."""
        if not self.is_active:
            return
        line = self.command_line()
        if not line:
            self.refuse(self.missing())
            return
        outcome = self.runner(line)
        if outcome.ok:
            self.dismiss(outcome)
        else:
            self.refuse(outcome.message)

    def refuse(self, reason: str) -> None:
        """Show why the command was not applied."""
        self.query_one("#dialog-error", Static).update(plain(f"✗ {reason}"))

    def clear_error(self) -> None:
        """Forget the last refusal."""
        self.query_one("#dialog-error", Static).update("")

    @staticmethod
    def chosen(select: Select[str]) -> str:
        """A Select's value, or ``""`` when blank."""
        value = select.value
        return value if isinstance(value, str) else ""
