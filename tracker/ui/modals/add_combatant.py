"""The add-combatant modal: name, side, and the ruleset's stats as ``key=value`` words.

The stats field suggests the keys the other combatants of this encounter use, so the
modal fits any ruleset without knowing it.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from tracker.core.model import SIDES, EncounterState
from tracker.ui.modals.dialog import CommandDialog, FieldSelect, quote
from tracker.ui.outcome import Runner


def stat_example(state: EncounterState) -> str:
    """``hp=12 init=3``: the stats of a combatant already here, as a hint."""
    for fighter in state.combatants.values():
        if fighter.stats:
            return " ".join(f"{k.replace(' ', '_')}={v}" for k, v in fighter.stats.items())
    return "stat=N …"


class AddCombatantScreen(CommandDialog):
    """Build ``add NAME side=… [stat=N …] [hidden]`` and run it."""

    def __init__(self, runner: Runner, state: EncounterState, usage: str) -> None:
        super().__init__(runner)
        self.state = state
        self.usage = usage

    def compose(self) -> ComposeResult:
        """Name, side, stats, hidden, preview, refusal, keys."""
        with Vertical(id="dialog", classes="dialog"):
            yield Label(f"Add a combatant — {self.usage}", classes="dialog-title", markup=False)
            yield Label("Name")
            yield Input(placeholder="e.g. Goblin archer", id="add-name", compact=True)
            yield Label("Side")
            yield FieldSelect(
                [(side, side) for side in SIDES],
                value="enemy",
                allow_blank=False,
                id="add-side",
                compact=True,
            )
            yield Label("Stats")
            yield Input(placeholder=stat_example(self.state), id="add-stats", compact=True)
            yield Checkbox("hidden from the players", id="add-hidden")
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static("Enter add · Tab next field · Esc close", classes="dialog-keys")

    def on_mount(self) -> None:
        """Start in the name field."""
        self.query_one("#add-name", Input).focus()
        self.refresh_preview()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    def command_line(self) -> str:
        """``add 'Goblin archer' side=enemy hp=7 init=2``."""
        name = self.query_one("#add-name", Input).value.strip()
        if not name:
            return ""
        side = self.chosen(self.query_one("#add-side", Select)) or "enemy"
        words = ["add", quote(name), f"side={side}"]
        stats = self.query_one("#add-stats", Input).value.strip()
        if stats:
            words.append(stats)
        if self.query_one("#add-hidden", Checkbox).value:
            words.append("hidden=yes")
        return " ".join(words)
