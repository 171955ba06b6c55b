"""The initiative pane: the order, who is acting, and each combatant's state at a glance.

Every row is ``MARK INIT NAME SUMMARY BADGES``. The mark says, in a glyph and not by
colour alone, whether the combatant is acting (▶), delaying (⏸), surprised (!),
down (↓), dead (✝) or done for the round (✓); hidden combatants carry ◌ before the name.
The summary comes from the ruleset in a long and a short form (``Wounds 2/4``, ``W 2/4``),
coloured by how hurt the combatant is; badges are the conditions, most urgent first, with
their level and rounds left. The row fits the pane's width without cutting a number
(``row_fit``); the rows and what each is made of are worked out in ``order_rows``.
"""

from __future__ import annotations

from itertools import compress, count
from operator import is_not, or_

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.theme import Theme

from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.rules.base import Ruleset
from tracker.ui.panes.frame import frame_of
from tracker.ui.panes.lines_view import LinesView
from tracker.ui.panes.order_line import Built, row_line
from tracker.ui.panes.order_rows import (
    SHORTHAND_MOST,
    Order,
    Row,
    RowFacts,
    legend_text,
    order_of,
    shown_name,
    summary_parts,
)
from tracker.ui.panes.order_title import order_title
from tracker.ui.panes.pane_widths import InitiativeFrame
from tracker.ui.panes.row_fit import name_column, row_cells, whole_cells
from tracker.ui.panes.styling import forget_styles
from tracker.ui.panes.titles import retip, retitle

SHOWN_MARGIN = 4
"""Rows built beyond those the next frame shows, above and below."""


class InitiativePane(LinesView, can_focus=True):
    """The initiative order; the cursor row is the selected combatant.

    Click a row to select it, double-click to damage it; the keys that move the
    selection are the app's. Its border and title are its ``PaneFrame``'s.
    """

    ALLOW_MAXIMIZE = False

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
        "initiative--more",
        "initiative--hurt",
        "initiative--bad",
        "initiative--down",
    }

    class Picked(Message):
        """The GM clicked a row: select its slot (``twice``: a double click, damage it)."""

        def __init__(self, slot: str, twice: bool = False) -> None:
            super().__init__()
            self.slot = slot
            self.twice = twice

    def __init__(self, rules: Ruleset | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rules = rules
        self.state: EncounterState | None = None
        """The encounter shown (None while the file is opening)."""
        self.selected = ""
        """The slot under the cursor."""
        self.rows: list[Row] = []
        self._built: Built | None = None
        """The lines last built, and what they were built from."""
        self._made: dict[str, tuple[Combatant, str, float | None, tuple[int, int], Text]] = {}
        self._facts: dict[str, RowFacts] = {}
        self._column = 0
        self._fit_width = 0
        self._legend_of: list[tuple[str, str]] | None = None
        self._measured_for: tuple[object, ...] = ()
        self._styled: tuple[object, dict[str, Style]] = (None, {})
        self._shorthand: list[tuple[str, str]] = []
        self._roster: tuple[tuple[str, str], ...] = ()
        self._roster_seen: tuple[object, ...] = ()
        self._planned: int | None = None
        """The width the layout due will give the pane (None: none due, or unknown)."""
        self._waited = False
        """Whether a layout has been seen that did not give the pane ``_planned`` yet."""
        self.asked = 0
        """Cells the rows ask for: names whole, long forms (0: nothing shown yet)."""
        self.flat = False
        """True when no combatant has a body figure (the body pane draws tracks only)."""
        self.whole = 0
        """Cells the rows ask for with names whole beside their main numbers (the width
        they take below 120 columns while reminders crowd the status pane)."""

    def present(self, state: EncounterState | None, selected: str) -> None:
        """Show ``state`` with the cursor on ``selected``: the rows are built again only
        for a new state; a new selection moves the cursor (scrolling it into view). New rows
        and a new selection together repaint in one refresh: the rows are built with the
        cursor already on the new selection."""
        moved = selected != self.selected
        self.selected = selected
        if state is not self.state:
            self.state = state
            self.rebuild()
        if moved:
            self.move_cursor(self._index(selected))

    @property
    def built_width(self) -> int:
        """The width the rows were last built for."""
        return self._fit_width

    def on_mount(self) -> None:
        """Draw again when the theme changes; explain the glyphs in a tooltip."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)
        self.watch(self, "scroll_y", self._retitle, init=False)
        self.screen.screen_layout_refresh_signal.subscribe(self, self._laid_out, immediate=True)
        retip(self, legend_text())

    def on_resize(self, event: events.Resize) -> None:
        """Fit the rows to the new width (and say again which rows show)."""
        self._settled()
        self._retitle()

    def _laid_out(self, _screen: object) -> None:
        """The screen was laid out (heard at once): rows built for the width the layout
        due was to give the pane stand if it gave that width, else they are built again
        — after one more layout, as the first may have been laid out from what Textual
        kept of the panes before the frame's change reached them."""
        if self._planned is None:
            return
        if self.scrollable_content_region.width != self._planned and not self._waited:
            self._waited = True
            return
        self._settled()

    def _settled(self) -> None:
        """Laid out: the rows fit the width the pane has (built again if they were built
        for another)."""
        self._planned = None
        if self._room() != self._fit_width:
            self.rebuild()

    def _room(self) -> int:
        """The width the rows are built for: the pane's, or the one the layout due will
        give it (rows that ask for another width: built once, for that width)."""
        if self._planned is not None:
            return self._planned
        width = self.scrollable_content_region.width
        return width if width > 0 else 38

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def _restyle(self) -> None:
        forget_styles()
        self._made.clear()
        self._built = None
        self._measured_for = ()
        self._styled = (None, {})
        self.rebuild()

    def rebuild(self) -> None:
        """Turn the state into rows and lines: a row's line is made again only when its
        combatant, mark, initiative or the pane's width changed."""
        state = self.state
        if state is None or self.rules is None:
            self.rows, self._built = [], None
            self.set_lines([Text("opening the encounter…", style="italic")])
            return
        order = order_of(state)
        self.rows = list(order.rows)
        combatants = state.combatants
        fighters = tuple(map(combatants.__getitem__, order.owners))
        roster = (order.slots, fighters)
        if roster != self._roster_seen:
            self._roster_seen = roster
            self._ask(list(fighters))
        self._fit_width = self._room()
        shorthand = self._measure(list(fighters), roster)
        lines = self._row_lines(state, order, fighters)
        if not lines:  # the hint wraps: a narrow pane cut it at "add a com…"
            hint = Text("nobody yet — press + to add a combatant", style="italic")
            lines = list(hint.wrap(self.app.console, max(self._fit_width, 12)))
        self.set_lines(lines, self._index(self.selected))
        if any(line is None for line in lines):
            self.fill_later()
        self._retitle()
        if shorthand != self._legend_of:
            self._legend_of = shorthand
            retip(self, legend_text(shorthand))

    def _row_lines(
        self, state: EncounterState, order: Order, fighters: tuple[Combatant, ...]
    ) -> list[Text | None]:
        """Each row's line: those of the last rows kept where the row, its combatant and
        its initiative are the same objects and the column and styles unchanged. Only
        the rows the next frame can show are built now; the others are kept if made
        before, else left to be made when shown or once the frame is painted (None)."""
        styles = self._styles()
        key = (order.slots, self._column, self._fit_width, self._styled[0])
        built = self._built
        rows = order.rows
        if built is None or built.key != key or built.initiative != state.initiative:
            pairs = zip(rows, fighters, strict=True)
            lines = [self._kept_text(state, row, fighter) for row, fighter in pairs]
        else:
            lines = list(built.lines)
            moved = map(is_not, rows, built.rows)
            fared = map(is_not, fighters, built.fighters)
            for index in compress(count(), map(or_, moved, fared)):
                lines[index] = self._kept_text(state, rows[index], fighters[index])
        for index in self._shown_rows(len(rows)):
            if lines[index] is None:
                lines[index] = self._row_text(state, rows[index], fighters[index], styles)
        self._built = Built(key, rows, fighters, state, lines)
        return lines

    def _shown_rows(self, count: int) -> range:
        """The rows the next frame can show, and a few either side: those in view, or
        the page the cursor brings into view when it moves out of it (``move_cursor``)."""
        height = self.scrollable_content_region.height or self.app.size.height
        top = int(self.scroll_offset.y)
        cursor = self._index(self.selected)
        if cursor >= 0 and not top <= cursor < top + height:
            top = max(0, min(cursor - 1, count - height))  # as far as the rows scroll
        return range(max(0, top - SHOWN_MARGIN), min(count, top + height + SHOWN_MARGIN))

    def make_line(self, index: int) -> Text:
        """A row's line, built now that it is shown (or the order is idle)."""
        built = self._built
        assert built is not None
        row, fighter = built.rows[index], built.fighters[index]
        line = built.lines[index] = self._row_text(built.state, row, fighter, self._styled[1])
        return line

    def scroll_width(self) -> int:
        """The rows are fitted to the pane: it scrolls as wide as it is, or as the widest
        row made when one is wider (whatever rows are not made yet)."""
        return max(super().scroll_width(), self._fit_width)

    def _measure(self, fighters: list[Combatant], roster: object) -> list[tuple[str, str]]:
        """Set the name column and return the shorthand the rows use, worked out again
        only when a combatant, the order or the width changed (not at every turn)."""
        key = (self._fit_width, roster)
        if key != self._measured_for:
            self._measured_for = key
            self._column = self._name_column(fighters)
            self._shorthand = self.shorthand()
        return self._shorthand

    def _ask(self, fighters: list[Combatant]) -> None:
        """The cells the rows ask for (the long forms again when the roster's names
        changed, whole names beside the main numbers at every change); a new answer lays
        the screen out again (``pane_widths``): once, the rows built for the width that
        layout gives (``_planned``; checked when it is done, ``_laid_out``)."""
        if self.rules is None:
            return
        names = [shown_name(f, row.slot) for row, f in zip(self.rows, fighters, strict=True)]
        roster = tuple(zip((row.slot for row in self.rows), names, strict=True))
        asked, flat = self.asked, self.flat
        if roster != self._roster:
            self._roster = roster
            asked = row_cells(names, [self._facts_of(f).spelled for f in fighters])
            flat = not any(self.rules.body(f) for f in fighters)
        whole = whole_cells(names, [self._facts_of(f).main for f in fighters])
        if (asked, whole, flat) != (self.asked, self.whole, self.flat):
            self.asked, self.whole, self.flat = asked, whole, flat
            frame = frame_of(self)
            if isinstance(frame, InitiativeFrame) and frame.sized_by_rows():
                self._planned = frame.content_cells(self.screen.size.width)
                self._waited = False
            frame.refresh(layout=True)

    def _retitle(self) -> None:
        if self.state is not None:
            frame = frame_of(self)
            height = self.scrollable_content_region.height
            top, width = int(self.scroll_offset.y), frame.outer_size.width
            retitle(frame, order_title(self.state, top, height, len(self.rows), width))

    def _index(self, slot: str) -> int:
        for index, row in enumerate(self.rows):
            if row.slot == slot:
                return index
        return -1

    def _styles(self) -> dict[str, Style]:
        """The row styles by short name, worked out once per theme and focus."""
        key = (self.has_focus, self.app.theme)
        if self._styled[0] != key:
            styles = {name.split("--")[1]: self.style_of(name) for name in self.COMPONENT_CLASSES}
            self._styled = (key, styles)
        return self._styled[1]

    def _facts_of(self, fighter: Combatant) -> RowFacts:
        """A combatant's summary parts and badges, measured once per version of it (the
        fold keeps unchanged combatants as the same objects)."""
        facts = self._facts.get(fighter.id)
        if facts is None or facts.fighter is not fighter:
            assert self.rules is not None
            facts = RowFacts.of(fighter, summary_parts(self.rules, fighter), self.rules)
            self._facts[fighter.id] = facts
        return facts

    def _name_column(self, fighters: list[Combatant]) -> int:
        names, needs, marked = [], [], []
        for row, fighter in zip(self.rows, fighters, strict=True):
            facts = self._facts_of(fighter)
            names.append(shown_name(facts.fighter, row.slot))
            needs.append(facts.need)
            marked.append(facts.marked)
        return name_column(names, self._fit_width, needs, marked)

    def shorthand(self) -> list[tuple[str, str]]:
        """The short forms the rows show and what they stand for (the tooltip, the help)."""
        seen: dict[str, str] = {}
        for row in self.rows:
            facts = self._facts.get(slot_owner(row.slot))
            for short, wide in facts.shorthand if facts is not None else ():
                seen.setdefault(short, wide)
        return list(seen.items())[:SHORTHAND_MOST]

    def _kept_text(self, state: EncounterState, row: Row, fighter: Combatant) -> Text | None:
        """The row's text as made before, if still as it would be made (None: not made):
        the combatant, mark, initiative, column and width unchanged (the fold keeps
        unchanged combatants as the same objects)."""
        made = self._made.get(row.slot)
        if made is not None and made[0] is fighter and made[1:4] == self._made_for(state, row):
            return made[4]
        return None

    def _made_for(
        self, state: EncounterState, row: Row
    ) -> tuple[str, float | None, tuple[int, int]]:
        return (row.mark, state.initiative.get(row.slot), (self._column, self._fit_width))

    def _row_text(
        self, state: EncounterState, row: Row, fighter: Combatant, styles: dict[str, Style]
    ) -> Text:
        """The row's text, reused while it would be made the same (``_kept_text``)."""
        kept = self._kept_text(state, row, fighter)
        if kept is not None:
            return kept
        text = self._line(state, row, styles)
        self._made[row.slot] = (fighter, *self._made_for(state, row), text)
        return text

    def _line(self, state: EncounterState, row: Row, styles: dict[str, Style]) -> Text:
        fighter = state.combatant(row.slot)
        assert self.rules is not None
        facts = self._facts_of(fighter)
        return row_line(state, row, facts, self.rules, (self._column, self._fit_width), styles)

    def on_click(self, event: events.Click) -> None:
        """Select the clicked row."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + int(self.scroll_offset.y)
        if 0 <= index < len(self.rows):
            self.post_message(self.Picked(self.rows[index].slot, event.chain == 2))
