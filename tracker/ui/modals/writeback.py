"""The write-back offered when a campaign fight ends: the per-PC summary
``tracker campaign writeback`` prints; y or Enter writes it back, n or Esc declines."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class WritebackScreen(ModalScreen[bool]):
    """Ask whether to write the fight back; dismissed with True (yes) or False (no)."""

    DEFAULT_CSS = """
    WritebackScreen .dialog.writeback {
        width: 72;
        max-width: 100%;
    }
    WritebackScreen #writeback-scroll {
        height: auto;
        max-height: 20;
    }
    """

    BINDINGS = [
        Binding("y,enter", "answer(True)", "write back", id="writeback-yes"),
        Binding("n,escape", "answer(False)", "not now", id="writeback-no"),
    ]

    def __init__(self, question: str, summary: Sequence[str]) -> None:
        super().__init__()
        self.question = question
        self.summary = list(summary)

    def compose(self) -> ComposeResult:
        """The question, the summary and the keys."""
        with Vertical(id="dialog", classes="dialog writeback"):
            yield Label(Text(self.question), classes="dialog-title", id="writeback-question")
            with VerticalScroll(id="writeback-scroll"):
                yield Static(Text("\n".join(self.summary)), id="writeback-summary")
            yield Static(
                Text("y / Enter write it back · n / Esc not now (campaign untouched)"),
                classes="dialog-keys",
            )

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)
