"""The party screen's questions: which rest (a number key), the next fight's title
(Enter makes it), and a change to one PC (pick what, type the value: treat, set, and the
write-back's edit). Esc closes any of them without changing anything."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tracker.core.campaign_changes import Change
from tracker.core.safe_text import NOTE_LIMIT, TITLE_LIMIT, visible

NUMBER_KEYS = "123456789"


def number_bindings(action: str, text: str, tip: str, prefix: str) -> list[Binding]:
    """Keys 1-9 running ``action(index)`` (index 0 for key 1); the footer shows the first."""
    return [
        Binding(
            key,
            f"{action}({index})",
            text,
            show=index == 0,
            id=f"{prefix}-{key}",
            tooltip=tip,
        )
        for index, key in enumerate(NUMBER_KEYS)
    ]


class RestScreen(ModalScreen[str | None]):
    """Pick a rest kind by its number; dismissed with the kind (None: no rest).

    Keys: 1-9 the rest with that number, Esc close.
    """

    BINDINGS = [
        *number_bindings("pick", "rest", "the rest with this number", "rest"),
        Binding("escape", "pick(-1)", "cancel", id="rest-cancel", tooltip="no rest"),
    ]

    def __init__(self, kinds: Sequence[tuple[str, str, str]], who: str) -> None:
        """``kinds``: (kind, how the text names it, its one-line summary); ``who``: the
        PCs who rest."""
        super().__init__()
        self.kinds = list(kinds)[: len(NUMBER_KEYS)]
        self.who = who

    def compose(self) -> ComposeResult:
        """The kinds, numbered, and who rests."""
        with Vertical(id="dialog", classes="dialog party-rest"):
            yield Label(Text("Rest"), classes="dialog-title")
            for key, (_, label, summary) in zip(NUMBER_KEYS, self.kinds, strict=False):
                line = Text.assemble((f"{key} ", "bold"), (label, "bold"), f" — {summary}")
                yield Static(line, classes="rest-kind")
            yield Static(Text(f"Who rests: {visible(self.who)}"), id="rest-who")
            yield Static(Text("1-9 rest · Esc close"), classes="dialog-keys")

    def action_pick(self, index: int) -> None:
        """Close with the kind numbered ``index`` (a key past the list does nothing)."""
        if index < 0:
            self.dismiss(None)
        elif index < len(self.kinds):
            self.dismiss(self.kinds[index][0])


class FightScreen(ModalScreen[str | None]):
    """The next fight's title (prefilled); dismissed with it, or None.

    Keys: Enter make the fight, Esc close.
    """

    BINDINGS = [Binding("escape", "close", "cancel", id="fight-cancel", tooltip="make no fight")]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        """``title``: the suggested title; ``lines``: who goes, who is left out."""
        super().__init__()
        self.suggested = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        """The title field, who goes, the keys."""
        with Vertical(id="dialog", classes="dialog party-fight"):
            yield Label(Text("Next fight"), classes="dialog-title")
            field = Input(self.suggested, max_length=TITLE_LIMIT, id="fight-title", compact=True)
            field.select_on_focus = False
            yield field
            yield Static(Text("\n".join(visible(line) for line in self.lines)), id="fight-who")
            yield Static(Text("Enter make it and play it · Esc close"), classes="dialog-keys")

    def on_mount(self) -> None:
        """Start in the title."""
        self.query_one("#fight-title", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: make the fight with this title (empty: the suggested one)."""
        event.stop()
        self.dismiss(event.value.strip() or self.suggested)

    def action_close(self) -> None:
        """Close without making a fight."""
        self.dismiss(None)


Apply = Callable[[Change, str], str]
"""Make a change with the value typed; empty when done, else why not (one line)."""


class ChangeForm(ModalScreen[bool]):
    """Pick one change (a list) and type its value; dismissed True once ``apply`` made
    it, False when closed. A refusal is one line in the form, which stays open.

    Keys: up/down choose (from the value field too), Enter on the list goes to the value
    (or makes a change that needs none), Enter in the value makes it, Esc close.
    """

    DEFAULT_CSS = """
    ChangeForm #change-list {
        height: auto;
        max-height: 10;
    }
    ChangeForm #change-error {
        display: none;
    }
    ChangeForm #change-error.-shown {
        display: block;
    }
    """

    BINDINGS = [
        Binding("escape", "close", "cancel", id="change-cancel", tooltip="change nothing"),
        Binding("up", "step(-1)", "previous", show=False, id="change-up"),
        Binding("down", "step(1)", "next", show=False, id="change-down"),
    ]

    def __init__(self, title: str, changes: Sequence[Change], field: str, apply: Apply) -> None:
        """``title``: what is changed, of whom; ``changes``: the choices; ``field``: what
        the value is (``Value``, ``Note``); ``apply``: makes the change."""
        super().__init__()
        self.title_text = title
        self.changes = list(changes)
        self.field = field
        self.apply = apply

    def compose(self) -> ComposeResult:
        """The title, the choices, the value field, a line for a refusal, the keys."""
        with Vertical(id="dialog", classes="dialog party-change"):
            yield Label(Text(visible(self.title_text)), classes="dialog-title")
            options = (
                Option(Text(visible(c.label)), id=str(i)) for i, c in enumerate(self.changes)
            )
            yield OptionList(*options, id="change-list")
            yield Label(Text(self.field), id="change-field-label")
            # select_on_focus: the first key typed replaces the prefilled value
            yield Input(max_length=NOTE_LIMIT, id="change-value", compact=True)
            yield Static(id="change-error", classes="dialog-error")
            keys = "↑↓ choose · Enter, type the value, Enter makes it · Esc close"
            yield Static(Text(keys), classes="dialog-keys")

    def on_mount(self) -> None:
        """Start on the first choice (in the value field when it is the only one)."""
        listing = self.query_one("#change-list", OptionList)
        listing.highlighted = 0
        self._prefill()
        alone = len(self.changes) == 1 and self.changes[0].typed
        (self.query_one("#change-value", Input) if alone else listing).focus()

    def chosen(self) -> Change | None:
        """The highlighted change."""
        index = self.query_one("#change-list", OptionList).highlighted
        return self.changes[index] if index is not None and self.changes else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Another choice: its value in the field."""
        event.stop()
        self._prefill()

    def _prefill(self) -> None:
        change = self.chosen()
        typed = change is not None and change.typed
        field = self.query_one("#change-value", Input)
        field.value = change.value if change is not None and typed else ""
        field.placeholder = change.hint if change is not None and typed else "Enter makes it"
        if not typed and field.has_focus:  # the list keeps the keyboard: Enter makes it
            self.query_one("#change-list", OptionList).focus()
        field.disabled = not typed
        field.cursor_position = len(field.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on the list: to the value field, or the change itself if it needs none."""
        event.stop()
        change = self.chosen()
        if change is not None and not change.typed:
            self.make(change, change.value)
        elif change is not None:
            self.query_one("#change-value", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the value field: make the change."""
        event.stop()
        change = self.chosen()
        if change is not None:
            self.make(change, event.value.strip())

    def make(self, change: Change, value: str) -> None:
        """Make the change: close, or say in one line why not."""
        problem = self.apply(change, value)
        if not problem:
            self.dismiss(True)
            return
        said = self.query_one("#change-error", Static)
        said.update(Text(visible(problem)))
        said.add_class("-shown")

    def action_step(self, step: int) -> None:
        """Up/down from the value field: the previous or next choice."""
        listing = self.query_one("#change-list", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_close(self) -> None:
        """Close without a change."""
        self.dismiss(False)
