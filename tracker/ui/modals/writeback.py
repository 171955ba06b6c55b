"""The write-back offered when a campaign fight ends: the per-PC summary
``tracker campaign writeback`` prints, each PC numbered and checked. A number key takes
that PC in or out (as ``--skip PC``); e then a number edits what is written back for that
PC (a track's value; an injury, condition or death the fight left, left out or put back),
and the summary says so at once; y or Enter writes back the checked PCs as edited (one
campaign event), n or Esc declines."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tracker.core.campaign import PartyMember
from tracker.core.campaign_changes import Change, edit_planned, writeback_changes
from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible
from tracker.store.campaign_fight import MOVED_ON, OUTSIDE, UNRESOLVED, WriteBack
from tracker.ui.party_modals import NUMBER_KEYS, ChangeForm, number_bindings
from tracker.ui.plain import plain


def _under(line: str, style: str = "") -> Padding:
    """A line of a PC's summary, indented under its name (wrapped lines too)."""
    return Padding(Text(line, style), (0, 0, 0, 6), expand=False)


def _aside(line: str) -> Padding:
    """A line about a PC who is not written back, under the checked ones (wrapped lines
    under its own start)."""
    return Padding(Text(line, "dim"), (0, 0, 0, 4), expand=False)


KEYS = (
    "1-9 take a PC in or out · e then 1-9 edit a PC · y / Enter write back the checked · "
    "n / Esc not now (campaign untouched)"
)
EDIT_KEYS = "Edit which PC? 1-9 · Esc: no edit"


class WritebackScreen(ModalScreen[WriteBack | None]):
    """Ask whether to write the fight back; dismissed with the write-back of the checked
    PCs as the GM edited them (the others skipped), or None when the GM declines.

    Keys: 1-9 take a PC in or out, e then 1-9 edit that PC's write-back, y / Enter write
    back, n / Esc not now (while choosing whom to edit: no edit).
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
        Binding(
            "e",
            "edit",
            "edit",
            id="writeback-edit",
            tooltip="then a PC's number: change what is written back for them",
        ),
        *number_bindings("take", "in / out", "take the PC with this number in or out", "writeback"),
    ]

    def __init__(self, question: str, plan: WriteBack, party: Mapping[str, PartyMember]) -> None:
        """``plan``: what the fight left on each PC; ``party``: the PCs as they stand."""
        super().__init__()
        self.question = question
        self.plan = plan
        """What y writes back (the GM's edits in it), before taking PCs out."""
        self.party = party
        self.pcs = list(plan.after)[: len(NUMBER_KEYS)]
        """The PCs a number key takes in or out, in the summary's order."""
        self.left_out: set[str] = set()
        """The PCs the GM took out (left as they were)."""
        self.editing = False
        """e was pressed: the next number edits that PC."""

    def compose(self) -> ComposeResult:
        """The question, the summary and the keys."""
        with Vertical(id="dialog", classes="dialog writeback"):
            yield Label(plain(self.question), classes="dialog-title", id="writeback-question")
            with VerticalScroll(id="writeback-scroll"):
                yield Static(self.summary(), id="writeback-summary")
            yield Static(Text(KEYS), classes="dialog-keys", id="writeback-keys")

    def summary(self) -> Group:
        """The per-PC summary, each PC checked ([x]) or left as they were ([ ]), with
        what the GM edited; a line too long for the dialog wraps under its own start."""
        plan = self.plan
        ended = "" if plan.ended else " (the fight has not ended)"
        rows: list[Text | Padding] = [Text(visible(f"Fight {plan.link}: {plan.title}{ended}"))]
        for key, who in zip(NUMBER_KEYS, self.pcs, strict=False):
            name = visible(self.party[who].name)
            if who in self.left_out:
                rows.append(Text(f"[ ] {key} {name}: skipped (stays as they were)", "dim"))
                continue
            lines = plan.lines.get(who, [])
            said = f"{name}:" + ("" if lines else " no change")
            rows.append(Text.assemble((f"[x] {key} ", "bold"), said))
            if who in plan.moved_on:
                rows.append(_under(MOVED_ON, "italic"))
            rows += [_under(visible(line)) for line in lines]
            rows += [
                _under(f"edited by you: {visible(line)}", "italic") for line in plan.edits(who)
            ]
            rows += [
                _under(UNRESOLVED + visible(line), "bold") for line in plan.unresolved.get(who, [])
            ]
        for who in plan.skipped:
            rows.append(Text(f"    {visible(self.party[who].name)}: skipped (stays as they were)"))
        rows += [_aside(f"{visible(name)}: {OUTSIDE}") for name in plan.outside]
        return Group(*rows)

    def _redraw(self) -> None:
        self.query_one("#writeback-summary", Static).update(self.summary())
        keys = EDIT_KEYS if self.editing else KEYS
        self.query_one("#writeback-keys", Static).update(Text(keys))

    def action_edit(self) -> None:
        """The next number key edits that PC's write-back."""
        self.editing = True
        self._redraw()

    def action_take(self, index: int) -> None:
        """Take the PC numbered ``index + 1`` in or out (after e: edit them)."""
        editing, self.editing = self.editing, False
        if index < len(self.pcs) and editing:
            self.edit(self.pcs[index])
        elif index < len(self.pcs):
            self.left_out.symmetric_difference_update({self.pcs[index]})
        self._redraw()

    def edit(self, who: str) -> None:
        """Open the form that changes what is written back for ``who`` (taken back in)."""
        self.left_out.discard(who)
        before = self.party[who].lasting
        changes = writeback_changes(self.plan.fought(who), self.plan.after[who], before)
        if not changes:
            return

        def apply(change: Change, value: str) -> str:
            try:
                fought, planned = self.plan.fought(who), self.plan.after[who]
                after = edit_planned(fought, planned, change.key, value, self.plan.counted)
            except TrackerError as err:
                return one_line(err)
            self.plan = self.plan.edited(who, after, before)
            self._redraw()
            return ""

        title = f"Edit what is written back for {self.party[who].name}"
        self.app.push_screen(ChangeForm(title, changes, "Value", apply))

    def action_answer(self, yes: bool) -> None:
        """Close with the checked PCs' write-back, or None (while choosing whom to edit,
        n / Esc only stop choosing)."""
        if self.editing and not yes:
            self.editing = False
            self._redraw()
            return
        self.dismiss(self.plan.choose(self.left_out) if yes else None)
