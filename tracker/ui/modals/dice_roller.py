"""The dice roller: roll an expression (``2d10+3``, ``d100``, ``5d6``) into the log.

Every roll is a ``roll`` command (``gm-roll`` behind the screen: the players never see
it), so the faces are recorded in the journal. The dialog stays open and lists the rolls
made, newest first; Esc closes it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from tracker.core.model import EncounterState
from tracker.ui.modals.dialog import (
    CommandDialog,
    FieldCheckbox,
    FieldSelect,
    quote,
    target_options,
)
from tracker.ui.outcome import Runner
from tracker.ui.plain import inert


class DiceRollerScreen(CommandDialog):
    """Build ``roll EXPR [WHO] [for=WHAT]`` (or ``gm-roll …``), run it, show the result."""

    def __init__(self, runner: Runner, state: EncounterState, who: str = "") -> None:
        super().__init__(runner)
        self.state = state
        self.who = who
        self.results: list[str] = []

    def compose(self) -> ComposeResult:
        """Expression, who, purpose, preview, results."""
        with Vertical(id="dialog", classes="dialog"):
            yield Label("Roll dice — the faces go into the log", classes="dialog-title")
            yield Label("Dice")
            yield Input(placeholder="e.g. 2d10+3, d100, 4d6", id="dice-expr", compact=True)
            yield Label("Who rolls (optional)")
            yield FieldSelect(
                target_options(self.state),
                prompt="nobody in particular",
                value=self.who or Select.NULL,
                id="dice-who",
                compact=True,
            )
            yield Label("For (optional)")
            yield Input(placeholder="e.g. perception", id="dice-for", compact=True)
            yield FieldCheckbox(
                "Behind the screen: the players never see it", id="dice-secret", compact=True
            )
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static(id="dice-results", classes="dice-results")
            yield Static("Enter roll · Tab next field · Esc close", classes="dialog-keys")

    def on_mount(self) -> None:
        """Start in the dice field."""
        self.start_in(self.query_one("#dice-expr", Input))
        self.refresh_preview()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    def command_line(self) -> str:
        """``roll 2d10+3 unit01 for=perception`` (``gm-roll …`` behind the screen)."""
        expr = self.query_one("#dice-expr", Input).value.strip().replace(" ", "")
        if not expr:
            return ""
        secret = self.query_one("#dice-secret", Checkbox).value
        words = ["gm-roll" if secret else "roll", expr]
        who = self.chosen(self.query_one("#dice-who", Select))
        if who:
            words.append(who)
        purpose = self.query_one("#dice-for", Input).value.strip()
        if purpose:
            words.append("for=" + quote(purpose))
        return " ".join(words)

    def submit(self) -> None:
        """Roll, keep the dialog open, and list the result on top ("(GM)" before a roll
        behind the screen, as the log shows it)."""
        line = self.command_line()
        if not line:
            self.refuse("type the dice to roll, e.g. 2d10+3")
            return
        outcome = self.runner(line)
        if not outcome.ok:
            self.refuse(outcome.message)
            return
        secret = line.startswith("gm-roll ")
        self.results.insert(0, f"(GM) {outcome.message}" if secret else outcome.message)
        results = inert(Text("\n".join(self.results[:8])), lines=True)
        self.query_one("#dice-results", Static).update(results)
