"""What the TUI benchmark (``bench_tui.py``) opens and compares against: a long generated
fight (and a copy of it with a journal snapshot), and two bare Textual apps with the
tracker's layout — one whose key changes one line, one whose key rewrites every pane.
"""

from __future__ import annotations

import random
import shutil
import sys
import time
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tracker.core.codec import to_table  # noqa: E402
from tracker.core.dice import Dice  # noqa: E402
from tracker.core.session import Encounter  # noqa: E402
from tracker.rules.registry import load_ruleset  # noqa: E402
from tracker.store.encounter_file import EncounterFile, initial_state  # noqa: E402
from tracker.store.journal import write_document  # noqa: E402
from tracker.store.locator import Locator  # noqa: E402
from tracker.store.upgrade import CURRENT_FORMAT  # noqa: E402
from tracker.ui.app import TrackerApp  # noqa: E402
from tracker.ui.panes.body_chart import BodyChart  # noqa: E402
from tracker.ui.panes.command_bar import CommandBar  # noqa: E402
from tracker.ui.panes.frame import PaneFrame  # noqa: E402
from tracker.ui.panes.header import EncounterHeader  # noqa: E402
from tracker.ui.panes.initiative import InitiativePane  # noqa: E402
from tracker.ui.panes.log_pane import LogPane  # noqa: E402
from tracker.ui.panes.pane_widths import InitiativeFrame  # noqa: E402
from tracker.ui.panes.status import StatusPane  # noqa: E402
from tracker.ui.panes.text_line import TextLine  # noqa: E402


def big_encounter(path: Path, combatants: int, events: int) -> None:
    """Write a basic-ruleset fight with ``combatants`` and at least ``events`` events."""
    head = {
        "format": CURRENT_FORMAT,  # a file of today's format: no upgrade on the first key
        "encounter": {"title": "The big brawl", "ruleset": "basic"},
        "combatants": [
            {
                "id": f"c{i}",
                "name": f"Fighter {i}",
                "side": "pc" if i % 4 == 0 else "enemy",
                "stats": {"hp": 1000, "init": i % 5},
            }
            for i in range(combatants)
        ],
    }
    rules = load_ruleset("basic")
    fight = Encounter(initial_state(head, rules, Locator(path)), rules)
    dice, pick = Dice(seed=1), random.Random(2)
    fight.run("start", dice)
    while len(fight.events) < events:
        who = f"c{pick.randrange(combatants)}"
        line = pick.choice(
            [f"dmg {who} 1", f"heal {who} 1", "next", "next", f"ail {who} Prone rounds=2"]
        )
        fight.run(line, dice)
    write_document(path, head, [to_table(e) for e in fight.events])


def with_snapshot(source: Path, path: Path) -> None:
    """A copy of ``source`` played one more command, which writes a snapshot as play does
    (the copy has none and more than ``snapshot.EVERY`` events)."""
    shutil.copyfile(source, path)
    with EncounterFile(path) as play:
        play.execute("note a snapshot follows", Dice(seed=1))
    assert b"\n# snapshot " in path.read_bytes()


class BareApp(App[None]):
    """The same widgets, empty, with no encounter behind them; ``n`` updates the header."""

    CSS_PATH = str(ROOT / "tracker" / "ui" / "tracker.tcss")
    BINDINGS = [Binding("n", "tick", "next")]
    HORIZONTAL_BREAKPOINTS = TrackerApp.HORIZONTAL_BREAKPOINTS  # the same layout rules
    VERTICAL_BREAKPOINTS = TrackerApp.VERTICAL_BREAKPOINTS

    def __init__(self) -> None:
        super().__init__()
        self.first_paint: float | None = None
        self.started = 0.0
        self.ticks = 0

    def compose(self) -> ComposeResult:
        """Header, three panes, log, bar, footer — nothing in them."""
        yield EncounterHeader(id="header")
        with Horizontal(id="panes"):
            with InitiativeFrame(id="initiative-frame"):
                yield InitiativePane(id="initiative")
            yield BodyChart(id="body")
            yield StatusPane(id="status")
        with PaneFrame(id="log-frame"):
            yield LogPane(id="log")
        yield CommandBar(lambda: (None, {}, None), lambda line: None, id="command-bar")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Note the first paint."""
        self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.first_paint = time.perf_counter()

    def started_at(self) -> float:
        """When the last tick started."""
        return self.started

    def action_tick(self) -> None:
        """Change one line of text."""
        self.started = time.perf_counter()
        self.ticks += 1
        self.query_one("#command-message", TextLine).update(Text(f"tick {self.ticks}"))


class RepaintApp(BareApp):
    """The bare layout with a Static of text in every pane; ``n`` rewrites them all, so
    this times Textual painting as much of the screen as a turn changes (and more)."""

    def compose(self) -> ComposeResult:
        """Header, three panes, the log and the bar, each a Static; the footer."""
        yield Static(id="header")
        with Horizontal(id="panes"):
            for pane in ("initiative", "body", "status"):
                yield Static(id=pane)
        with PaneFrame(id="log-frame"):
            yield Static(id="log")
        yield Static(id="command-bar")  # nothing focusable: the keys reach the app
        yield Footer(compact=True)

    def action_tick(self) -> None:
        """Rewrite every pane's text."""
        self.started = time.perf_counter()
        self.ticks += 1
        for pane in ("header", "initiative", "body", "status", "log"):
            lines = [
                f"{pane} {self.ticks} · row {row} · Wounds {row}/{self.ticks}" for row in range(40)
            ]
            self.query_one(f"#{pane}", Static).update("\n".join(lines))
