"""The ailment picker: only the ruleset's catalogue, by category, with conflicts shown.

Type to filter, ↑/↓ to move, Enter to apply. Where the ruleset allows one ailment
per category (``Ruleset.one_per_category``), one whose category the target already holds
is marked; the ruleset decides (and says in place) whether it is refused.
A ruleset without a catalogue takes any name typed.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import Verb
from tracker.rules.base import AilmentSpec, Ruleset
from tracker.ui.modals.dialog import CommandDialog, FieldSelect, quote, target_options
from tracker.ui.outcome import Runner
from tracker.ui.plain import inert, plain


def conflict(fighter: Combatant, spec: AilmentSpec, rules: Ruleset) -> str:
    """What the target already holds in the ailment's category (``""``: nothing, or the
    ruleset lets a combatant hold several of a category)."""
    if not spec.category or not rules.one_per_category:
        return ""
    held = fighter.in_category(spec.category)
    if held is None or held.name.casefold() == spec.name.casefold():
        return ""
    return held.name


class AilmentScreen(CommandDialog):
    """Build ``ail WHO NAME [rounds=N] [options]`` from the catalogue and run it."""

    BINDINGS = [
        Binding("down", "move(1)", "next ailment", show=False, id="ailment-down"),
        Binding("up", "move(-1)", "previous ailment", show=False, id="ailment-up"),
    ]

    def __init__(
        self,
        runner: Runner,
        state: EncounterState,
        rules: Ruleset,
        verb: Verb,
        target: str,
        name: str = "",
    ) -> None:
        super().__init__(runner)
        self.state = state
        self.rules = rules
        self.verb = verb
        self.target = target
        self.first_name = name
        self.catalogue = rules.catalogue_for(state)

    def compose(self) -> ComposeResult:
        """Target, filter, the catalogue, rounds, options, preview, refusal, keys."""
        with Vertical(id="dialog", classes="dialog"):
            yield Label(plain(f"Ailment — {self.verb.summary}"), classes="dialog-title")
            yield Label("Target")
            yield FieldSelect(
                target_options(self.state),
                value=self.target,
                allow_blank=False,
                id="ailment-target",
                compact=True,
            )
            yield Label("Ailment" if self.catalogue else "Condition (any name)")
            yield Input(
                value=self.first_name,
                placeholder="type to filter",
                id="ailment-filter",
                compact=True,
            )
            yield OptionList(id="ailment-list")
            yield Label("Rounds (0: until cured)", id="ailment-rounds-label")
            yield Input(placeholder="0", type="integer", id="ailment-rounds", compact=True)
            yield Label("Options")
            yield Input(placeholder=self.verb.usage, id="ailment-options", compact=True)
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static(
                "Enter apply · ↑↓ pick · Tab next field · Esc close", classes="dialog-keys"
            )

    def on_mount(self) -> None:
        """Fill the list and start in the filter."""
        takes_rounds = "rounds=" in self.verb.usage
        self.query_one("#ailment-rounds", Input).display = takes_rounds
        self.query_one("#ailment-rounds-label", Label).display = takes_rounds
        listed = self.query_one("#ailment-list", OptionList)
        listed.display = bool(self.catalogue)
        listed.set_class(takes_rounds, "-with-rounds")
        listed.can_focus = False  # ↑↓ in the filter move it; Tab goes on to Rounds
        self._fill()
        self.start_in(self.query_one("#ailment-filter", Input))

    @property
    def fighter(self) -> Combatant:
        """The target."""
        return self.state.combatant(self.target)

    def matching(self) -> list[AilmentSpec]:
        """Catalogue entries matching the filter."""
        wanted = self.query_one("#ailment-filter", Input).value.strip().casefold()
        return [
            s
            for s in self.catalogue
            if wanted in s.name.casefold() or wanted in s.category.casefold()
        ]

    def _fill(self) -> None:
        options = self.query_one("#ailment-list", OptionList)
        options.clear_options()
        options.add_options([Option(self._label(spec), id=spec.name) for spec in self.matching()])
        if options.option_count:
            options.highlighted = 0
        self.refresh_preview()

    def _label(self, spec: AilmentSpec) -> Text:
        """The name, then what the combatant holds (on the first row, never wrapped
        away from the name by a long summary), then the category and the summary."""
        label = Text(spec.name, style="bold")
        if self.fighter.condition(spec.name):
            label.append("  ✓\u00a0has\u00a0it", style="bold")
        held = conflict(self.fighter, spec, self.rules)
        if held:
            label.append(f"  ⚠ already {held} ({spec.category})", style="bold")
        if spec.category:
            label.append(f"  {spec.category}", style="italic")
        if spec.summary:
            label.append(f" · {spec.summary}")
        return inert(label)

    def action_move(self, step: int) -> None:
        """Move the highlight in the list while typing in the filter."""
        options = self.query_one("#ailment-list", OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()
        self.refresh_preview()

    @on(Input.Changed, "#ailment-filter")
    def _filter(self) -> None:
        self.clear_error()
        self._fill()

    @on(Select.Changed, "#ailment-target")
    def _new_target(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.target = event.value
            self._fill()

    @on(Input.Changed, "#ailment-rounds, #ailment-options")
    @on(OptionList.OptionHighlighted)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    @on(OptionList.OptionSelected)
    def _enter(self) -> None:
        self.submit()

    def picked(self) -> str:
        """The ailment chosen: the highlighted entry, or the typed name when the catalogue
        has none that matches (the ruleset takes a name of the GM's own, or says why not)."""
        options = self.query_one("#ailment-list", OptionList)
        index = options.highlighted
        if self.catalogue and index is not None and options.option_count:
            return options.get_option_at_index(index).id or ""
        return self.query_one("#ailment-filter", Input).value.strip()

    def missing(self) -> str:
        """Say what to pick or type."""
        if self.catalogue:
            return "pick an ailment first (type to filter, ↑↓ to pick)"
        return "type the condition's name first"

    def command_line(self) -> str:
        """``ail unit01 Burning rounds=2``."""
        name = self.picked()
        if not name:
            return ""
        line = f"{self.verb.name} {quote(self.target)} {quote(name)}"
        rounds = self.query_one("#ailment-rounds", Input).value.strip()
        if rounds and rounds != "0":
            line += f" rounds={rounds}"
        options = self.query_one("#ailment-options", Input).value.strip()
        return f"{line} {options}" if options else line
