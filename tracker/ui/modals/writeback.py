"""The write-back offered when a campaign fight ends: the per-PC summary
``tracker campaign writeback`` prints, each PC numbered and checked. A number key takes
that PC in or out (as ``--skip PC``), and the summary says so at once; y or Enter writes
back the checked PCs, n or Esc declines."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tracker.core.campaign import PartyMember
from tracker.core.safe_text import visible
from tracker.store.campaign_fight import WriteBack

TOGGLE_KEYS = "123456789"


class WritebackScreen(ModalScreen[WriteBack | None]):
    """Ask whether to write the fight back; dismissed with the write-back of the checked
    PCs (the others skipped), or None when the GM declines.

    Keys: 1-9 take a PC in or out, y / Enter write back, n / Esc not now.
    """

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
        Binding(
            "y,enter",
            "answer(True)",
            "write back",
            id="writeback-yes",
            tooltip="write the checked PCs back to the campaign",
        ),
        Binding(
            "n,escape",
            "answer(False)",
            "not now",
            id="writeback-no",
            tooltip="leave the campaign untouched",
        ),
        *(
            Binding(
                key,
                f"take({index})",
                "in / out",
                show=index == 0,
                id=f"writeback-{key}",
                tooltip="take the PC with this number in or out of the write-back",
            )
            for index, key in enumerate(TOGGLE_KEYS)
        ),
    ]

    def __init__(self, question: str, plan: WriteBack, party: Mapping[str, PartyMember]) -> None:
        """``plan``: what the fight left on each PC; ``party``: the PCs as they stand."""
        super().__init__()
        self.question = question
        self.plan = plan
        self.party = party
        self.pcs = list(plan.after)[: len(TOGGLE_KEYS)]
        """The PCs a number key takes in or out, in the summary's order."""
        self.left_out: set[str] = set()
        """The PCs the GM took out (left as they were)."""

    def compose(self) -> ComposeResult:
        """The question, the summary and the keys."""
        with Vertical(id="dialog", classes="dialog writeback"):
            yield Label(Text(self.question), classes="dialog-title", id="writeback-question")
            with VerticalScroll(id="writeback-scroll"):
                yield Static(self.summary(), id="writeback-summary")
            yield Static(
                Text(
                    "1-9 take a PC in or out · y / Enter write back the checked · "
                    "n / Esc not now (campaign untouched)"
                ),
                classes="dialog-keys",
            )

    def summary(self) -> Text:
        """The per-PC summary, each PC checked ([x]) or left as they were ([ ])."""
        plan = self.plan
        ended = "" if plan.ended else " (the fight has not ended)"
        out = Text(visible(f"Fight {plan.link}: {plan.title}{ended}"))
        for key, who in zip(TOGGLE_KEYS, self.pcs, strict=False):
            name = visible(self.party[who].name)
            if who in self.left_out:
                out.append(f"\n[ ] {key} {name}: skipped (stays as they were)", "dim")
                continue
            lines = plan.lines.get(who, [])
            out.append(f"\n[x] {key} ", "bold")
            out.append(f"{name}:" + ("" if lines else " no change"))
            for line in lines:
                out.append(f"\n      {visible(line)}")
        for who in plan.skipped:
            out.append(f"\n    {visible(self.party[who].name)}: skipped (stays as they were)")
        return out

    def action_take(self, index: int) -> None:
        """Take the PC numbered ``index + 1`` in or out of the write-back."""
        if index >= len(self.pcs):
            return
        who = self.pcs[index]
        self.left_out.symmetric_difference_update({who})
        self.query_one("#writeback-summary", Static).update(self.summary())

    def action_answer(self, yes: bool) -> None:
        """Close with the checked PCs' write-back, or None."""
        self.dismiss(self.plan.choose(self.left_out) if yes else None)
