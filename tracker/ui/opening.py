"""Opening the encounter file at the table: the empty screen is painted first, then the
file is locked, read and repaired in a worker while the screen waits undrawn, the fight
is handed to the panes and drawn in one frame, and only then is the rest of opening done
(the holder's note, stale temp files: ``TableSession.settle``; a campaign fight ended but
not written back says so under the bar), in a worker again; keys
typed meanwhile wait for it (``key_order``), a command from the palette is answered
"one moment — opening the encounter".

The app (``TrackerApp``) holds one ``Opening`` and names two of its steps itself —
``_painted_first`` (the empty screen is up) and ``_opened`` (the file is read) — so that
tests and the bench can time them; each hands over to the opening here.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any, Protocol

from textual.app import App
from textual.timer import Timer

from tracker.core.errors import TrackerError, one_line
from tracker.core.model import EncounterState
from tracker.core.outcome import Outcome
from tracker.store.encounter_file import EncounterFile
from tracker.store.journal_repair import tail_note
from tracker.store.table_session import TableSession
from tracker.ui.collector import IdleCollector
from tracker.ui.key_order import KeyOrder
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.table_screen import TableScreen
from tracker.ui.themes import ThemeShelf, starting_theme
from tracker.ui.writeback_offer import unwritten_note

HOLD_SCREEN = 0.5
"""Seconds the screen waits, undrawn, for the file to open (a longer reading shows the
screen meanwhile: a resized terminal is drawn again, the header says "opening")."""


class OpeningHost(Protocol):
    """What the opening asks of the app that holds it (``TrackerApp``)."""

    session: TableSession
    table: TableScreen
    shelf: ThemeShelf
    collector: IdleCollector
    keys: KeyOrder
    busy: str
    failure: str
    first_paint: float | None
    opened_paint: float | None

    def show(self, state: EncounterState) -> None:
        """Show the fight's state."""
        ...

    def report(self, outcome: Outcome) -> Outcome:
        """Say an outcome under the command bar."""
        ...

    def use_theme(self, name: str) -> None:
        """Switch to a theme by name."""
        ...

    def _painted_first(self) -> None:
        """The empty screen is painted (hands over to :meth:`Opening.painted_first`)."""
        ...

    def _opened(self, play: EncounterFile) -> None:
        """The file is read (hands over to :meth:`Opening.opened`)."""
        ...


class Opening:
    """Opens ``host``'s encounter file on its table's screen (``app`` is the same app,
    for what Textual does: timers, workers, the screen's drawing)."""

    def __init__(self, app: App[Any], host: OpeningHost, hold: float = HOLD_SCREEN) -> None:
        self.app = app
        self.host = host
        self.hold = hold
        """Seconds the screen is held undrawn while the file is read."""
        self._held = ExitStack()
        """Holds the screen's drawing while the file is read (:meth:`painted_first`)."""
        self._hold_timer: Timer | None = None

    def start(self) -> None:
        """Paint the empty screen, then open the file in a worker."""
        host = self.host
        host.table.query_one(EncounterHeader).file_name = host.session.path.name
        host.busy = "opening"
        self.app.call_after_refresh(host._painted_first)

    def painted_first(self) -> None:
        """The empty screen is up: now read the file (in a worker, off the screen's way).
        The screen is not drawn again while the worker reads (a frame drawn meanwhile
        would slow the reading down, and show nothing new): the fight's first frame is
        the next one, unless the reading takes longer than ``hold`` seconds."""
        self.host.first_paint = time.perf_counter()
        self._held.enter_context(self.app.batch_update())
        self._hold_timer = self.app.set_timer(self.hold, self._held.close)
        self.host.collector.before_reading()
        self.app.run_worker(self._read, name="open", group="open", exclusive=True, thread=True)

    def _read(self) -> None:
        """Lock, read and repair the file (in a worker); the screen is handed the fight,
        and the rest of opening waits until it is painted (:meth:`_painted_opened`)."""
        try:
            play = self.host.session.open(settle=False)
        except (TrackerError, OSError) as err:
            self.app.call_from_thread(self._failed, one_line(err))
            return
        self.app.call_from_thread(self.host._opened, play)

    def _failed(self, message: str) -> None:
        self._held.close()
        self.host.failure = message
        self.app.exit(1, return_code=1)

    def opened(self, play: EncounterFile) -> None:
        """Show the opened file (the screen held until the panes have it all); a new
        encounter (nobody in it) starts in the add dialog."""
        host, table = self.host, self.host.table
        if self._hold_timer is not None:
            self._hold_timer.stop()
        self._held.enter_context(self.app.batch_update())
        table.opened(play)
        theme, theme_note = starting_theme(play, host.shelf)
        host.use_theme(theme)
        host.busy = ""
        host.show(play.encounter.state)
        table.call_next(self._draw_opened)
        host.collector.start()
        self.app.set_interval(0.5, host.collector.tick)
        self._say_repairs(play)
        if theme_note:
            self.app.notify(theme_note, severity="warning", timeout=10, markup=False)
        if not play.encounter.state.combatants:
            table.action_add_combatant()

    def _say_repairs(self, play: EncounterFile) -> None:
        """A torn tail moved aside, a command a crash cut short: one toast each."""
        if play.recovered is not None and play.loaded.torn is not None:
            note = tail_note(play.path, play.loaded.torn, play.recovered)
            self.app.notify(note, severity="warning", timeout=10, markup=False)
        for line in play.repaired:
            self.app.notify(line, severity="warning", timeout=10, markup=False)

    def _draw_opened(self) -> None:
        """Let the screen draw the fight once every pane has asked for what it changed
        (a frame drawn before the order's frame asked for its new width would lay the
        panes out as they were, and the next frame would move them)."""
        self._held.close()
        self.host.table.check_idle()  # the screen lays out and paints at its next idle
        self.app.call_after_refresh(self._painted_opened)

    def _painted_opened(self) -> None:
        """The fight is on the screen: now the rest of opening (the holder's note, stale
        temp files), in a worker that no frame waits for; commands are refused until it
        is done (``TableSession.refusal``) — keys typed meanwhile wait for it — and the
        log's earlier events are read after it (``TableSession.open``)."""
        self.host.opened_paint = time.perf_counter()
        self.app.run_worker(self._settle, name="settle", group="settle", thread=True)

    def _settle(self) -> None:
        """Finish opening (in a worker): a campaign fight that ended but was not written
        back says so; then the keys typed meanwhile reach the fight."""
        try:
            play = self.host.session.play
            note = unwritten_note(play) if play is not None else ""
            self.host.session.settle()
            if note:
                self.app.call_from_thread(self.host.report, Outcome(True, note))
        finally:
            self.app.call_from_thread(self.host.keys.resume)
