"""The order as the players see it: one card per combatant, the acting one marked.

A card's first line is ``MARK INIT NAME  SIDE · HEALTH  BADGES`` (a glyph for the state
and a word for a side not the players', not colour alone: ``enemy · unhurt``). The name
column is as wide as the longest name needs (at least :data:`NAME_WIDTH`, at most what
the pane leaves beside the health), so names are whole; a name longer than the room
there is goes on under itself, whole, never cut. Badges that do not fit go on to a line
of their own, whole, never cut off the edge. The lines under it are the details (tracks,
locations, injuries), which the large-type layout leaves out, and a short screen shows
for the acting card only.
Classes say the side (``-pc``, ``-enemy`` …) and the state (``-acting``, ``-out``); the
stylesheet does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.reactive import reactive
from textual.theme import Theme
from textual.widgets import Static

from tracker.core.safe_text import visible
from tracker.export.cells import pad_cells
from tracker.export.player_view import PlayerBoard, PlayerRow
from tracker.ui.panes.styling import solid_style
from tracker.ui.plain import inert

NAME_WIDTH = 18
"""The narrowest name column (short names keep the health in one place)."""
NAME_LEAST = 8
"""The narrowest a name column gets on a narrow pane (a longer name goes on under it)."""
SIDES = ("pc", "ally", "enemy", "neutral")
BADGE_INDENT = 6
"""Cells before a badge that went on to a line of its own (under the name)."""
LAYOUT_TRIES = 5
"""Refreshes the order waits for a new acting card to be laid out before scrolling to it."""


@dataclass(frozen=True)
class CardHead:
    """The parts of a card's first line: mark and initiative, the name, the health."""

    lead: Text
    name: Text
    health: str


def name_column(rows: Sequence[PlayerRow]) -> int:
    """The name column every card of ``rows`` shares: the longest name, or NAME_WIDTH."""
    return max([NAME_WIDTH, *(cell_len(visible(row.name)) for row in rows)])


def fold(text: Text, width: int) -> list[Text]:
    """``text`` in pieces of at most ``width`` cells, broken after a space when it can be."""
    plain = text.plain
    cuts: list[int] = []
    start = cells = 0
    space = -1
    for at, char in enumerate(plain):
        size = cell_len(char)
        if cells + size > width and at > start:
            start = space + 1 if space >= start else at
            cuts.append(start)
            cells = cell_len(plain[start:at])
        if char == " ":
            space = at
        cells += size
    pieces = list(text.divide(cuts))
    for piece in pieces:
        piece.rstrip()
    return pieces


def head_rows(head: CardHead, name_width: int, width: int) -> list[Text]:
    """The first line at ``width`` cells: the name padded to the shared column (narrowed
    to what the pane leaves), and a name longer than that on the rows under it."""
    indent = head.lead.cell_len
    room = width - indent - 2 - cell_len(head.health)
    column = max(min(name_width, room), NAME_LEAST)
    first, *rest = fold(head.name, column)
    line = head.lead.copy()
    line.append_text(first)
    line.append(pad_cells("", column - first.cell_len) + f"  {head.health}")
    return [line, *(Text(" " * indent, end="") + piece for piece in rest)]


def card_rows(heads: Sequence[Text], badges: Sequence[Text], width: int) -> list[Text]:
    """``heads`` then each badge after a space, a badge that does not fit starting a new
    row under the name: every badge whole on screen, none cut off the edge."""
    rows = [head.copy() for head in heads]
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
        self.head = CardHead(Text(), Text(), "")
        self.name_width = NAME_WIDTH
        self.badges: list[Text] = []

    def show(self, head: CardHead, badges: list[Text], name_width: int) -> None:
        """Draw ``head`` and ``badges`` (laid out again at every width)."""
        self.head, self.badges, self.name_width = head, badges, name_width
        self.refresh(layout=True)

    def rows(self, width: int) -> list[Text]:
        """The rows at ``width`` cells."""
        width = max(width, 1)
        return card_rows(head_rows(self.head, self.name_width, width), self.badges, width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the badges need at ``width``."""
        return len(self.rows(width))

    def render(self) -> Text:
        """The rows at the line's width."""
        return Text("\n", no_wrap=True, end="").join(self.rows(self.size.width))


class CombatantCard(Vertical):
    """One combatant: its line and, below it, its details."""

    COMPONENT_CLASSES = {"card--mark", "card--value", "card--badge", "card--name"}

    def __init__(self, row: PlayerRow, name_width: int = NAME_WIDTH) -> None:
        super().__init__(classes="card")
        self.row = row
        self.name_width = name_width
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

    def show(self, row: PlayerRow, name_width: int | None = None) -> None:
        """Draw ``row`` (its name in a column ``name_width`` cells wide)."""
        self.row = row
        self.name_width = self.name_width if name_width is None else name_width
        for side in SIDES:
            self.set_class(row.side == side, f"-{side}")
        self.set_class(row.acting, "-acting")
        self.set_class(row.out, "-out")
        if not self._ready:
            return
        badges = [inert(b) for b in self._badges(row)]
        self.query_one(CardLine).show(self._head(row), badges, self.name_width)
        self.set_class(not row.details, "-bare")
        details = inert(Text("\n".join(row.details)), lines=True)
        self.query_one(".card-details", Static).update(details)

    def _head(self, row: PlayerRow) -> CardHead:
        lead = Text(no_wrap=True, end="")
        lead.append(f"{row.mark} ", solid_style(self, "card--mark"))
        lead.append(f"{row.initiative:>3} ", solid_style(self, "card--value"))
        name = inert(Text(row.name, solid_style(self, "card--name"), end=""))
        health = " · ".join(word for word in (row.side_word, visible(row.health)) if word)
        return CardHead(inert(lead), name, health)

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
        width = name_column(board.rows)
        if [c.row.slot for c in cards] == [r.slot for r in board.rows]:
            for card, row in zip(cards, board.rows, strict=True):
                card.show(row, width)
        else:
            self.remove_children(CombatantCard)
            self.mount_all([CombatantCard(row, width) for row in board.rows])
        self._show_acting()

    def on_mount(self) -> None:
        """Show what arrived before mounting."""
        self.watch_board(self.board)

    def on_resize(self, event: events.Resize) -> None:
        """A new size, or cards of new heights (large type, a resized terminal): the
        acting card is brought back on screen (a TV shows whose turn it is)."""
        self._show_acting()

    def _show_acting(self) -> None:
        self.call_after_refresh(self._scroll_to_acting, LAYOUT_TRIES)

    def _scroll_to_acting(self, tries: int) -> None:
        """Scroll to the acting card once it has its place (new cards may not yet)."""
        acting = [c for c in self.query(CombatantCard) if c.row.acting]
        if not acting:
            return
        if not acting[0].virtual_region.size and tries > 1:
            self.call_after_refresh(self._scroll_to_acting, tries - 1)
            return
        self.scroll_to_widget(acting[0], animate=False)
