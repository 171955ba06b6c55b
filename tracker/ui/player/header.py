"""The player view's top: one line (title · round · whose turn), or a big banner for a TV."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.theme import Theme
from textual.widgets import Digits, Static

from tracker.core.flow import possessive
from tracker.export.player_view import PlayerBoard
from tracker.ui.panes.styling import solid_style
from tracker.ui.plain import inert


class BoardHeader(Static):
    """Title · round · whose turn · pools, and a warning when the file cannot be read."""

    COMPONENT_CLASSES = {"board-header--title", "board-header--problem"}

    board: reactive[PlayerBoard | None] = reactive(None)
    """The board shown (None until the file is read)."""

    problem: reactive[str] = reactive("")
    """Why the file cannot be read right now ("" when all is well)."""

    def on_mount(self) -> None:
        """Redraw when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self.show)

    def watch_board(self) -> None:
        """Show the new round and turn."""
        self.show()

    def watch_problem(self) -> None:
        """Show or clear the warning."""
        self.show()

    def on_resize(self) -> None:
        """Fit the line to the new width."""
        self.show()

    def show(self) -> None:
        """Compose the line: the title gives way first when the line is too long for
        the width (the round, whose turn and the pools are what players look up for).
        The warning has a line of its own under it, wrapped, so it is read whole."""
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        board = self.board
        if board is None:
            line.append("reading the encounter…")
        else:
            where = " · ".join((*board.where, *board.pools))
            whole = cell_len(board.title) + (3 + cell_len(where) if where else 0)
            if not where or self.content_size.width <= 0 or whole <= self.content_size.width:
                line.append(board.title, solid_style(self, "board-header--title"))
                line.append(f" · {where}" if where else "")
            else:
                line.append(where)
        self.set_class(bool(self.problem), "-stale")
        if not self.problem:
            self.update(inert(line))
            return
        shown = inert(line).copy()
        shown.no_wrap = False
        shown.append(f"\n{self.problem}", solid_style(self, "board-header--problem"))
        self.update(shown)


class TurnBanner(Horizontal):
    """The large-type banner: the round in big digits and whose turn it is, and under it
    the warning when the file cannot be read (large type has no header line)."""

    COMPONENT_CLASSES = {"turn-banner--problem"}

    board: reactive[PlayerBoard | None] = reactive(None)
    """The board shown."""

    problem: reactive[str] = reactive("")
    """Why the file cannot be read right now ("" when all is well)."""

    def compose(self) -> ComposeResult:
        """The round's digits and the turn's words."""
        yield Static("ROUND", id="banner-label")
        yield Digits("0", id="banner-round")
        yield Static("", id="banner-turn")

    def watch_board(self) -> None:
        """Show the round and the acting combatant."""
        self.show()

    def watch_problem(self) -> None:
        """Show or clear the warning."""
        self.show()

    def show(self) -> None:
        """The round's digits; whose turn, and the warning on the line under it."""
        board = self.board
        if board is None or not self.is_mounted:
            return
        self.query_one("#banner-round", Digits).update(str(board.round))
        turn = f"{possessive(board.acting)} turn" if board.acting else " · ".join(board.where)
        shown = inert(Text(turn, no_wrap=True, overflow="ellipsis"))
        if self.problem:  # our own words: a line break of their own
            shown.append(f"\n{self.problem}", solid_style(self, "turn-banner--problem"))
        self.query_one("#banner-turn", Static).update(shown)

    def on_mount(self) -> None:
        """Fill in what arrived before mounting; redraw when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)
        self.show()

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self.show)
