"""The order as the players see it: one card per combatant, the acting one marked.

A card's first line is ``MARK INIT NAME  HEALTH  BADGES`` (a glyph for the state, not
colour alone); badges that do not fit go on to a line of their own, whole, never cut
off the edge. The lines under it are the details (tracks, locations, injuries), which
the large-type layout leaves out, and a short screen shows for the acting card only.
Classes say the side (``-pc``, ``-enemy`` …) and the state (``-acting``, ``-out``); the
stylesheet does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.theme import Theme
from textual.widgets import Static

from tracker.export.cells import fit_cells
from tracker.export.player_view import PlayerBoard, PlayerRow
from tracker.ui.panes.styling import solid_style
from tracker.ui.plain import inert

NAME_WIDTH = 18
SIDES = ("pc", "ally", "enemy", "neutral")
BADGE_INDENT = 6
"""Cells before a badge that went on to a line of its own (under the name)."""


def card_rows(head: Text, badges: Sequence[Text], width: int) -> list[Text]:
    """``head`` then each badge after a space, a badge that does not fit starting a new
    row under the name: every badge whole on screen, none cut off the edge."""
    rows = [head.copy()]
    for badge in badges:
        row = rows[-1]
        if row.cell_len + 1 + badge.cell_len > width and row.cell_len > BADGE_INDENT:
            rows.append(Text(" " * BADGE_INDENT, end=""))
            row = rows[-1]
        elif row.cell_len > BADGE_INDENT:
            row.append(" ")
        row.append_text(badge)
    return rows


class CardLine(Static):
    """A card's first line, and the badges that wrap under it."""

    def __init__(self) -> None:
        super().__init__(classes="card-line")
        self.head = Text()
        self.badges: list[Text] = []

    def show(self, head: Text, badges: list[Text]) -> None:
        """Draw ``head`` and ``badges`` (laid out again at every width)."""
        self.head, self.badges = head, badges
        self.refresh(layout=True)

    def rows(self, width: int) -> list[Text]:
        """The rows at ``width`` cells."""
        return card_rows(self.head, self.badges, max(width, 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the badges need at ``width``."""
        return len(self.rows(width))

    def render(self) -> Text:
        """The rows at the line's width."""
        return Text("\n", no_wrap=True, end="").join(self.rows(self.size.width))


class CombatantCard(Vertical):
    """One combatant: its line and, below it, its details."""

    COMPONENT_CLASSES = {"card--mark", "card--value", "card--badge", "card--name"}

    def __init__(self, row: PlayerRow) -> None:
        super().__init__(classes="card")
        self.row = row
        self._ready = False

    def compose(self) -> ComposeResult:
        """The line and the details."""
        yield CardLine()
        yield Static(classes="card-details")

    def on_mount(self) -> None:
        """Draw, and draw again when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)
        self._ready = True
        self.show(self.row)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self.show, self.row)

    def show(self, row: PlayerRow) -> None:
        """Draw ``row``."""
        self.row = row
        for side in SIDES:
            self.set_class(row.side == side, f"-{side}")
        self.set_class(row.acting, "-acting")
        self.set_class(row.out, "-out")
        if not self._ready:
            return
        self.query_one(CardLine).show(inert(self._line(row)), [inert(b) for b in self._badges(row)])
        self.set_class(not row.details, "-bare")
        details = inert(Text("\n".join(row.details)), lines=True)
        self.query_one(".card-details", Static).update(details)

    def _line(self, row: PlayerRow) -> Text:
        line = Text(no_wrap=True, end="")
        line.append(f"{row.mark} ", solid_style(self, "card--mark"))
        line.append(f"{row.initiative:>3} ", solid_style(self, "card--value"))
        line.append(fit_cells(row.name, NAME_WIDTH), solid_style(self, "card--name"))
        line.append(f"  {row.health}")
        return line

    def _badges(self, row: PlayerRow) -> list[Text]:
        style = solid_style(self, "card--badge")
        return [Text(f" {ailment} ", style, end="") for ailment in row.ailments]


class OrderPane(VerticalScroll, can_focus=False):
    """Every combatant the players may see, in initiative order."""

    board: reactive[PlayerBoard | None] = reactive(None)
    """The board shown."""

    def watch_board(self, board: PlayerBoard | None) -> None:
        """Update the cards in place, or lay them out again when the order changed."""
        if board is None or not self.is_mounted:
            return
        self.border_title = "Initiative"
        cards = list(self.query(CombatantCard))
        if [c.row.slot for c in cards] == [r.slot for r in board.rows]:
            for card, row in zip(cards, board.rows, strict=True):
                card.show(row)
        else:
            self.remove_children(CombatantCard)
            self.mount_all([CombatantCard(row) for row in board.rows])
        acting = [c for c in self.query(CombatantCard) if c.row.acting]
        if acting:
            self.call_after_refresh(self.scroll_to_widget, acting[0], animate=False)

    def on_mount(self) -> None:
        """Show what arrived before mounting."""
        self.watch_board(self.board)
