"""The initiative pane: the order, who is acting, and each combatant's state at a glance.

Every row is ``MARK INIT NAME SUMMARY BADGES``. The mark says, in a glyph and not by
colour alone, whether the combatant is acting (▶), delaying (⏸), surprised (!),
down (↓), dead (✝) or done for the round (✓); hidden combatants carry ◌ before the name.
The summary comes from the ruleset (``W 2/4``, ``HP 7/12``); badges are the ailments.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.theme import Theme

from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.export.cells import fit_cells
from tracker.rules.base import Ruleset
from tracker.ui.panes.lines_view import LinesView
from tracker.ui.panes.styling import forget_styles

NAME_WIDTH = 14
SUMMARY_WIDTH = 9
LEGEND = (
    ("▶", "acting now"),
    ("⏸", "delaying"),
    ("!", "surprised"),
    ("↓", "down"),
    ("✝", "dead"),
    ("✓", "has acted this round"),
    ("◌", "hidden from players"),
)


@dataclass(frozen=True)
class Row:
    """One initiative row: the slot it stands for and its glyph."""

    slot: str
    mark: str


def order_rows(state: EncounterState) -> list[Row]:
    """Rows in play order: the order, then those delaying, then anyone not placed yet."""
    rows = [
        Row(slot, _mark(state, slot))
        for slot in state.order
        if slot_owner(slot) in state.combatants
    ]
    rows += [Row(slot, "⏸") for slot in state.delayed]
    placed = {slot_owner(r.slot) for r in rows}
    rows += [
        Row(c.id, _mark(state, c.id))
        for c in state.combatants.values()
        if c.id not in placed and c.status != "removed"
    ]
    return [r for r in rows if state.combatant(r.slot).status != "removed"]


def _mark(state: EncounterState, slot: str) -> str:
    fighter = state.combatant(slot)
    if state.current == slot:
        return "▶"
    if fighter.status == "dead":
        return "✝"
    if fighter.status == "down":
        return "↓"
    if slot in state.surprised and state.round <= 1 and slot not in state.acted:
        return "!"
    if slot in state.acted:
        return "✓"
    return " "


def badge(name: str, level: int) -> str:
    """A compact ailment badge: ``Burn2``, ``Pron``."""
    short = name.replace(" ", "")[:4]
    return f"{short}{level}" if level else short


class InitiativePane(LinesView, can_focus=True):
    """The initiative order; the cursor row is the selected combatant.

    Click a row to select it; the keys that move the selection are the app's.
    """

    COMPONENT_CLASSES = {
        "initiative--pc",
        "initiative--ally",
        "initiative--enemy",
        "initiative--neutral",
        "initiative--mark",
        "initiative--out",
        "initiative--badge",
        "initiative--value",
        "initiative--acted",
    }

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The encounter shown (None while the file is opening)."""

    selected: reactive[str] = reactive("", repaint=False)
    """The slot under the cursor."""

    class Picked(Message):
        """The GM clicked a row: select its slot."""

        def __init__(self, slot: str) -> None:
            super().__init__()
            self.slot = slot

    def __init__(self, rules: Ruleset | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rules = rules
        self.rows: list[Row] = []
        self._made: dict[str, tuple[Combatant, str, str, Text]] = {}

    def watch_state(self, state: EncounterState | None) -> None:
        """Rebuild the rows from a new state."""
        self.rebuild()

    def watch_selected(self, slot: str) -> None:
        """Move the cursor to the selected slot."""
        self.move_cursor(self._index(slot))

    def on_mount(self) -> None:
        """Draw again when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def _restyle(self) -> None:
        forget_styles()
        self._made.clear()
        self.rebuild()

    def rebuild(self) -> None:
        """Turn the state into rows and lines."""
        state = self.state
        if state is None or self.rules is None:
            self.rows = []
            self.set_lines([Text("opening the encounter…", style="italic")])
            return
        self.rows = order_rows(state)
        styles = self._styles()
        lines = [self._row_text(state, row, styles) for row in self.rows]
        if not lines:
            lines = [Text("nobody yet — press + to add a combatant", style="italic")]
        self.set_lines(lines, self._index(self.selected))
        self.border_title = self._title(state)

    def _title(self, state: EncounterState) -> str:
        if state.phase == "setup":
            return "Initiative · not started"
        if state.phase == "ended":
            return f"Initiative · ended after round {state.round}"
        return f"Initiative · Round {state.round}"

    def _index(self, slot: str) -> int:
        for index, row in enumerate(self.rows):
            if row.slot == slot:
                return index
        return -1

    def _styles(self) -> dict[str, Style]:
        return {name.split("--")[1]: self.style_of(name) for name in self.COMPONENT_CLASSES}

    def _row_text(self, state: EncounterState, row: Row, styles: dict[str, Style]) -> Text:
        """The row's text, reused while the combatant, mark and initiative are unchanged
        (the fold keeps unchanged combatants as the same objects)."""
        fighter = state.combatant(row.slot)
        value = _initiative(state, row.slot)
        made = self._made.get(row.slot)
        if made is not None and made[0] is fighter and made[1:3] == (row.mark, value):
            return made[3]
        text = self._line(state, row, styles)
        self._made[row.slot] = (fighter, row.mark, value, text)
        return text

    def _line(self, state: EncounterState, row: Row, styles: dict[str, Style]) -> Text:
        fighter = state.combatant(row.slot)
        assert self.rules is not None
        line = Text(no_wrap=True, end="")
        line.append(f"{row.mark} ", styles["mark"])
        line.append(f"{_initiative(state, row.slot):>3} ", styles["value"])
        line.append_text(_name(fighter, row.slot, styles))
        summary = self.rules.summary(fighter)[:SUMMARY_WIDTH]
        line.append(f" {summary:<{SUMMARY_WIDTH}}")
        for condition in fighter.conditions:
            line.append(" ")
            line.append(badge(condition.name, condition.level), styles["badge"])
        if row.mark in ("✓", "✝", "↓"):
            line.stylize(styles["acted"] if row.mark == "✓" else styles["out"])
        return line

    def on_click(self, event: events.Click) -> None:
        """Select the clicked row."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + int(self.scroll_offset.y)
        if 0 <= index < len(self.rows):
            self.post_message(self.Picked(self.rows[index].slot))


def _initiative(state: EncounterState, slot: str) -> str:
    value = state.initiative.get(slot)
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _name(fighter: Combatant, slot: str, styles: dict[str, Style]) -> Text:
    _, _, extra = slot.partition("@")
    name = f"{fighter.name} #{extra}" if extra else fighter.name
    if fighter.hidden:
        name = "◌" + name
    style = styles.get(fighter.side, styles["neutral"])
    if fighter.status == "dead":
        style += Style(strike=True)
    return Text(fit_cells(name, NAME_WIDTH), style=style)
