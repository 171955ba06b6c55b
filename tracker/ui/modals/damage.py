"""The damage (and heal) modal: target, amount, location picked or rolled, the ruleset's
options. Keyboard only: type the amount, Tab through the fields, Enter applies, Esc closes.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from tracker.core.model import EncounterState
from tracker.core.protocol import Verb
from tracker.core.roles import HEAL
from tracker.rules.base import Ruleset
from tracker.ui.modals.dialog import CommandDialog, FieldSelect, quote, target_options
from tracker.ui.outcome import Runner
from tracker.ui.plain import plain

ROLLED = ""
AMOUNT = r"[0-9dDkKhHlL!+\- ]*"
"""A number, or dice for rulesets that roll damage (``2d10+4``); the rules check it."""


class DamageScreen(CommandDialog):
    """Build ``dmg WHO N [@LOCATION] [options]`` (or ``heal …``) and run it."""

    def __init__(
        self, runner: Runner, state: EncounterState, rules: Ruleset, verb: Verb, target: str
    ) -> None:
        super().__init__(runner)
        self.state = state
        self.rules = rules
        self.verb = verb
        self.target = target

    def compose(self) -> ComposeResult:
        """Title, target(s), amount, location, options, preview, refusal, keys (what the
        verb's ``asks`` says: one target or several, one amount or several dice)."""
        title = "Heal" if self.verb.role == HEAL else "Damage"
        with Vertical(id="dialog", classes="dialog"):
            yield Label(plain(f"{title} — {self.verb.summary}"), classes="dialog-title")
            yield from self._target_field()
            yield from self._amount_field()
            yield Label("Location", id="damage-location-label")
            yield FieldSelect(
                self._locations(self.target),
                value=ROLLED,
                allow_blank=False,
                id="damage-location",
                compact=True,
            )
            yield Label("Options", id="damage-options-label")
            yield Static(plain(self.options_usage), id="damage-usage", classes="dialog-usage")
            yield Input(placeholder="none", id="damage-options", compact=True)
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static("Enter apply · Tab next field · Esc close", classes="dialog-keys")

    def _target_field(self) -> ComposeResult:
        if self.several:
            yield Label("Targets (names or ids, comma-separated)")
            yield Input(self.target, id="damage-targets", compact=True, select_on_focus=False)
            return
        yield Label("Target")
        yield FieldSelect(
            target_options(self.state),
            value=self.target,
            allow_blank=False,
            id="damage-target",
            compact=True,
        )

    def _amount_field(self) -> ComposeResult:
        if self.verb.asks.amount == "highest":
            yield Label("Each attacker's die (the highest counts)")
            yield Input(placeholder="d6 d8 d10", restrict=AMOUNT, id="damage-amount", compact=True)
            return
        yield Label("Amount")
        yield Input(placeholder="how much", restrict=AMOUNT, id="damage-amount", compact=True)

    @property
    def options_usage(self) -> str:
        """What the options field takes: the verb's usage after its target and amount,
        whole (wrapped: persona's runs to 160 cells, a one-row placeholder cut it)."""
        return " ".join(self.verb.usage.split()[3:]) or "none"

    @property
    def several(self) -> bool:
        """Whether the dialog asks for several targets."""
        return self.verb.asks.targets == "several"

    def on_mount(self) -> None:
        """Start in the amount field; hide the location for rulesets without any, and
        the options for a verb that takes none (basic's ``dmg WHO N``)."""
        self._show_locations()
        for field in ("#damage-options-label", "#damage-usage", "#damage-options"):
            self.query_one(field).display = self.options_usage != "none"  # no empty field
        self.start_in(self.query_one("#damage-amount", Input))
        self.refresh_preview()

    def _locations(self, target: str) -> list[tuple[Text, str]]:
        fighter = self.state.combatant(target)
        names = self.rules.location_names(fighter)
        first = "rolled (the rules pick)" if self.verb.role != HEAL else "anywhere"
        return [(Text(first), ROLLED), *((Text(name.capitalize()), name) for name in names)]

    def _show_locations(self) -> None:
        has = not self.several and len(self._locations(self.target)) > 1
        self.query_one("#damage-location", Select).display = has
        self.query_one("#damage-location-label", Label).display = has

    @on(Select.Changed, "#damage-target")
    def _new_target(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.target:
            self.target = event.value
            self.query_one("#damage-location", Select).set_options(self._locations(self.target))
            self._show_locations()
        self.refresh_preview()

    @on(Select.Changed, "#damage-location")
    @on(Input.Changed)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    def command_line(self) -> str:
        """``dmg unit01 12 @core exploit`` (``hurt a,b 3 5`` for several targets and the
        highest of several dice)."""
        amount = self._amount()
        targets = self._targets()
        if not amount or not targets:
            return ""
        words = [self.verb.name, targets, *amount]
        location = None if self.several else self.chosen(self.query_one("#damage-location", Select))
        if location:
            words.append("@" + location.replace(" ", "-"))
        options = self.query_one("#damage-options", Input).value.strip()
        line = " ".join(quote(w) for w in words)
        return f"{line} {options}" if options else line

    def missing(self) -> str:
        """Name the empty field: the amount, or the targets."""
        if not self._amount():
            return "type the amount first (the Amount field: a number, or dice)"
        return "name a target first (Targets: names or ids, comma-separated)"

    def _amount(self) -> list[str]:
        typed = self.query_one("#damage-amount", Input).value.strip()
        if self.verb.asks.amount == "highest":
            return typed.split()
        return [typed] if typed else []

    def _targets(self) -> str:
        if not self.several:
            return self.target
        typed = self.query_one("#damage-targets", Input).value
        return ",".join(name.strip() for name in typed.split(",") if name.strip())
