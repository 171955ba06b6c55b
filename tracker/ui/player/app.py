"""The player view's App: a read-only screen that follows the GM's encounter file.

It never opens the file for writing and never takes the writer lock: a ``FileFollower``
looks at the file four times a second (one ``os.stat``; the new bytes only when it
grew) and the board and log are rebuilt from what players may see
(``tracker.export.player_view`` and ``player_log``). Its keys change only the screen.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive

from tracker.export.player_log import PlayerLine, player_log
from tracker.export.player_view import PlayerBoard, player_board, reveals
from tracker.store.follow import Catch, FileFollower
from tracker.ui.plain import PlainFooter, PlainTextApp
from tracker.ui.player.cards import OrderPane
from tracker.ui.player.header import BoardHeader, TurnBanner
from tracker.ui.player.log_pane import PlayerLogPane
from tracker.ui.themes import DEFAULT_THEME, ThemeShelf, load_themes

FOLLOW_EVERY = 0.25
"""Seconds between two looks at the file."""


STALE = "the GM's file cannot be read just now; this is how it last stood"


class PlayerApp(PlainTextApp[int]):
    """The fight as the players see it, following the GM's file.

    Keys: ``l`` large type (a TV across the table), ``t`` next colour theme, ``q`` quit.
    """

    CSS_PATH = "player.tcss"
    TITLE = "tracker view"
    ENABLE_COMMAND_PALETTE = False
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    BINDINGS = [
        Binding(
            "l",
            "toggle_large",
            "large type",
            id="large-type",
            tooltip="a big layout for a screen across the table",
        ),
        Binding("t", "next_theme", "theme", id="theme", tooltip="next colour theme"),
        Binding(
            "q", "quit", "quit", id="quit", tooltip="close the view (the GM's file is untouched)"
        ),
    ]

    board: reactive[PlayerBoard | None] = reactive(None)
    """What players may see of the fight now."""

    log_lines: reactive[tuple[PlayerLine, ...]] = reactive(())
    """The players' log."""

    problem: reactive[str] = reactive("")
    """Why the file cannot be read right now ("" when all is well)."""

    large: reactive[bool] = reactive(False)
    """Whether the large-type layout is on."""

    def __init__(
        self,
        follower: FileFollower,
        *,
        large: bool = False,
        shelf: ThemeShelf | None = None,
        every: float = FOLLOW_EVERY,
    ) -> None:
        super().__init__()
        self.follower = follower
        self.shelf = shelf if shelf is not None else load_themes()
        self.every = every
        self._file_theme = ""
        self.set_reactive(PlayerApp.large, large)

    def compose(self) -> ComposeResult:
        """Header, the big banner (large type only), the order and the log, the footer."""
        yield BoardHeader(id="header").data_bind(PlayerApp.board, PlayerApp.problem)
        yield TurnBanner(id="banner").data_bind(PlayerApp.board, PlayerApp.problem)
        with Horizontal(id="panes"):
            yield OrderPane(id="order").data_bind(PlayerApp.board)
            yield PlayerLogPane(id="log").data_bind(lines_shown=PlayerApp.log_lines)
        yield PlainFooter(compact=True)

    def on_mount(self) -> None:
        """Themes, the layout, a first look at the file, then a look every ``every`` s."""
        for theme in self.shelf.themes.values():
            self.register_theme(theme)
        self.watch_large(self.large)
        self.follow()
        self.set_interval(self.every, self.follow)

    def follow(self) -> None:
        """Look at the file; show what changed."""
        self.show(self.follower.poll())

    def show(self, catch: Catch) -> None:
        """Rebuild the board and the log when the file brought something new."""
        # Players never see why (a hidden name, the GM's folders): only that it is stale.
        self.problem = STALE if catch.problem else ""
        loaded = self.follower.loaded
        if loaded is None or not (catch.changed or self.board is None):
            return
        wanted = str(loaded.head.get("encounter", {}).get("theme", "")) or loaded.rules.theme
        if wanted != self._file_theme:  # the file's theme, once (the t key may change it)
            self._file_theme = wanted
            self._use_theme(wanted)
        reveal = reveals(loaded.head)
        encounter = loaded.encounter
        self.board = player_board(encounter.state, loaded.rules, reveal)
        self.log_lines = tuple(
            player_log(encounter.initial, encounter.events, loaded.rules, reveal)
        )

    def _use_theme(self, wanted: str) -> None:
        if wanted in self.shelf.themes:
            self.theme = wanted
        elif DEFAULT_THEME in self.shelf.themes:
            self.theme = DEFAULT_THEME

    def watch_large(self, large: bool) -> None:
        """Switch the stylesheet's large-type layout on or off."""
        self.screen.set_class(large, "-large")

    def action_toggle_large(self) -> None:
        """Large type on or off."""
        self.large = not self.large

    def action_next_theme(self) -> None:
        """Cycle through the bundled and user themes."""
        names = self.shelf.names
        if names:
            index = names.index(self.theme) + 1 if self.theme in names else 0
            self.theme = names[index % len(names)]
