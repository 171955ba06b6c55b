"""The party screen's two questions: which rest (a number key), and the next fight's
title (Enter makes it). Esc closes either without changing anything."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tracker.core.safe_text import TITLE_LIMIT, visible

REST_KEYS = "123456789"


class RestScreen(ModalScreen[str | None]):
    """Pick a rest kind by its number; dismissed with the kind (None: no rest).

    Keys: 1-9 the rest with that number, Esc close.
    """

    BINDINGS = [
        *(
            Binding(
                key,
                f"pick({index})",
                "rest",
                show=index == 0,
                id=f"rest-{key}",
                tooltip="the rest with this number",
            )
            for index, key in enumerate(REST_KEYS)
        ),
        Binding("escape", "pick(-1)", "cancel", id="rest-cancel", tooltip="no rest"),
    ]

    def __init__(self, kinds: Sequence[tuple[str, str, str]], who: str) -> None:
        """``kinds``: (kind, how the text names it, its one-line summary); ``who``: the
        PCs who rest."""
        super().__init__()
        self.kinds = list(kinds)[: len(REST_KEYS)]
        self.who = who

    def compose(self) -> ComposeResult:
        """The kinds, numbered, and who rests."""
        with Vertical(id="dialog", classes="dialog party-rest"):
            yield Label(Text("Rest"), classes="dialog-title")
            for key, (_, label, summary) in zip(REST_KEYS, self.kinds, strict=False):
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
