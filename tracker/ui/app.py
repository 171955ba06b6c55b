"""The tracker's Textual App: one encounter file at the table.

The App composes a ``TableSession`` (``tracker.store.table_session``: commands, undo and
redo, replay, looking back — no Textual) with its screens: the table
(``table_screen.TableScreen``: the panes and every key), the opening of the file
(``opening``), the dialogs it opens (``table_dialogs``) and the campaign write-back
offer. Every key becomes a command line run here, or opens a dialog that builds one;
the same actions are in the palette (ctrl+p) and the ``:`` bar. The one reactive
``state`` is assigned after every command and the app hands it, with the selection, to
the panes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from textual import events, work
from textual.actions import ActionParseResult
from textual.actions import parse as parse_action
from textual.app import App, SystemCommand
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import Screen

from tracker.core.dice import Dice
from tracker.core.model import EncounterState, slot_owner
from tracker.core.outcome import Outcome
from tracker.core.protocol import DiceLike, Verb
from tracker.core.rewind import Moment
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile
from tracker.store.settings import remember_theme
from tracker.store.table_session import TableSession
from tracker.ui import screen_actions
from tracker.ui.collector import IdleCollector
from tracker.ui.key_order import KeyDone, KeyOrder
from tracker.ui.keymap import keymap_path
from tracker.ui.looking_back import LookingBack
from tracker.ui.modals.help import KeyRow
from tracker.ui.opening import HOLD_SCREEN, Opening
from tracker.ui.palette import TableCommands
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.order_rows import row_slots
from tracker.ui.plain import PlainTextApp
from tracker.ui.reminder_keys import ReminderKeys
from tracker.ui.screen_words import UI_VERBS, ScreenWords
from tracker.ui.table_dialogs import TableDialogs
from tracker.ui.table_screen import TableScreen
from tracker.ui.themes import DEFAULT_THEME, ThemeShelf, load_themes
from tracker.ui.writeback_offer import WritebackOffer


class TrackerApp(PlainTextApp[int]):
    """The table-side combat tracker for one encounter file."""

    CSS_PATH = "tracker.tcss"
    TITLE = "tracker"
    COMMANDS = App.COMMANDS | {TableCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-normal"), (160, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-medium"), (44, "-tall")]
    ALLOW_IN_MAXIMIZED_VIEW = "Footer, KeyFooter, #header, #command-bar"

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The state the journal folds to (or the board looked back at); assigned after
    every command."""

    selected: reactive[str] = reactive("", repaint=False)
    """The initiative slot under the cursor (the body and status panes show it)."""

    busy: reactive[str] = reactive("", repaint=False)
    """What keeps the tracker busy (opening, replaying), empty when idle."""

    def __init__(
        self,
        path: Path,
        dice: DiceLike | None = None,
        *,
        shelf: ThemeShelf | None = None,
        keymap_file: Path | None = None,
        settings_problem: str = "",
    ) -> None:
        super().__init__()
        self.path = path
        self.session = TableSession(path, Dice() if dice is None else dice)
        self.session.read_ahead()  # a long fight's snapshot, read while the screen starts
        self.shelf = shelf if shelf is not None else load_themes()
        self.keymap_file = keymap_file if keymap_file is not None else keymap_path()
        self.failure = ""
        self.settings_problem = settings_problem
        """Why opening the file could not be remembered in the settings (said once open)."""
        self._settings_said: set[str] = set()
        self.first_paint: float | None = None
        self.opened_paint: float | None = None
        self.collector = IdleCollector(paused=self._paused)
        self.keys = KeyOrder(self, paused=True)
        """The terminal's keys, one at a time in order (held until the file is open)."""
        self.dialogs = TableDialogs(self, self.session, self.run_line, self.report)
        self.writeback = WritebackOffer(self.report, self.push_screen)
        self.table = TableScreen(self, id="_default")
        """The table's screen: the panes and every key."""
        self.looking = LookingBack(self, self.table)
        self.words = ScreenWords(self, self, self.table)
        """The ``:`` bar's words for the screen (help, quit, theme, select …)."""
        self.then_open: Path | None = None
        """The file to play once this app exits (the party screen's next fight)."""
        self._present_due = False
        self.opening = Opening(self, self, HOLD_SCREEN)
        for theme in self.shelf.themes.values():
            self.register_theme(theme)
        if DEFAULT_THEME in self.shelf.themes:
            self.theme = DEFAULT_THEME

    def get_default_screen(self) -> Screen[Any]:
        """The table's screen."""
        return self.table

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Run an action; a table key that would change the fight while an earlier turn
        is shown is refused in one line instead of doing nothing."""
        if await super().run_action(action, default_namespace, namespaces):
            return True
        _, name, parameters = parse_action(action) if isinstance(action, str) else action
        if default_namespace not in (None, self, self.table):
            return False
        if not self.table.held_back(name):
            reason = self.table.why_not(name, parameters)
            if reason is not None:
                self.report(Outcome(False, reason))
            return reason is not None
        refused = self.session.refuse_while_looking()
        if refused is not None:
            self.report(refused)
        return True

    async def on_event(self, event: events.Event) -> None:
        """A key or paste from the terminal goes to its widget only after the one before
        has done all it does (``key_order``)."""
        await self.keys.hand_over(event, super().on_event)

    def on_key_done(self, done: KeyDone) -> None:
        """A key has been through every widget it went to."""
        self.keys.arrived(done)

    def finishing(self) -> bool:
        """Whether an undo or redo is still replaying the journal: the keys typed meanwhile
        wait for it, then run (``key_order.Finishing``)."""
        return self.busy == "replaying"

    @property
    def reminder_keys(self) -> ReminderKeys:
        """The number keys handed out to the reminders' choices."""
        return self.table.reminder_keys

    def key_rows(self) -> list[KeyRow]:
        """(keys, description, tooltip, id) for each of the table's keys."""
        return self.table.key_rows()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette commands as the table has them (``screen_actions``)."""
        commands = super().get_system_commands(screen)
        return screen_actions.system_commands(self, commands, self.path.parent)

    # --- what the screens, keys and palette read ------------------------------------

    @property
    def play(self) -> EncounterFile | None:
        """The open encounter file (None while opening)."""
        return self.session.play

    @property
    def rules(self) -> Ruleset | None:
        """The encounter's ruleset, once the file is open."""
        return self.session.rules

    def bar_source(self) -> tuple[EncounterState | None, Mapping[str, Verb], Ruleset | None]:
        """What the command bar completes from."""
        return self.state, self.session.verbs, self.rules

    def selected_id(self) -> str:
        """The selected combatant's id (``""``: nobody)."""
        return slot_owner(self.selected) if self.selected else ""

    # --- opening and closing --------------------------------------------------------

    def open_encounter(self) -> None:
        """Paint the empty screen, then open the file in a worker (``opening``)."""
        self.opening.start()

    def _painted_first(self) -> None:
        """The empty screen is painted: read the file (``Opening.painted_first``)."""
        self.opening.painted_first()

    def _opened(self, play: EncounterFile) -> None:
        """The file is read: show the fight (``Opening.opened``)."""
        self.opening.opened(play)
        self.say_unsaved(self.settings_problem)

    def _paused(self) -> None:
        """The GM has paused after commands: build the journal's next snapshot now."""
        if not self.busy:  # not while a replay's worker writes to the journal
            self.session.prepare_snapshot()

    def on_unmount(self) -> None:
        """Release the file (and its lock) when the app goes away."""
        self.collector.stop()
        self.writeback.close()
        self.session.close()

    def watch_busy(self, busy: str) -> None:
        """The header says what keeps the tracker busy."""
        for header in self.table.query(EncounterHeader):
            header.busy = busy

    # --- running commands -----------------------------------------------------------

    def run_line(self, line: str) -> Outcome:
        """Run one command line; the outcome says what it did or why it was refused."""
        words = line.strip().lstrip(":").split()
        if words and words[0].casefold() in UI_VERBS:
            return self.words.run(words)
        refused = self.session.refusal(self.busy) or self.finish_saving()
        if refused is not None:
            return refused
        if self.session.replays_long(line):
            self.busy = "replaying"  # claimed here, on the UI thread, before the worker runs
            self._replay(line)
            return Outcome(True, f"{words[0]}: replaying the journal…")
        ran = self.session.run(line, meanwhile=self.show)
        if self.session.saving:  # the frame is painted first, then the disk syncs it
            self.call_after_refresh(self._finish_saving, ran.ended)
        elif ran.ended and self.play is not None:
            self.call_later(self.writeback.offer, self.play)
        self._collect_after_frame()
        if self.play is not None:  # moved while open: the header names it where it is now
            self.table.query_one(EncounterHeader).file_name = self.play.name_now()
        if ran.question:
            self.call_later(self.confirm, ran.question, ran.anyway)
        if ran.outcome.ok:
            self.collector.command_ran()
        return ran.outcome

    def _finish_saving(self, ended: bool) -> None:
        """The command's frame is painted: wait for its save; then, if it ended the
        fight, offer the campaign's write-back."""
        if self.finish_saving() is None and ended and self.play is not None:
            self.writeback.offer(self.play)

    def finish_saving(self) -> Outcome | None:
        """Finish the last command's save (before anything hands the fight on: the next
        command, an export, quitting); if it failed, the fight as it stands without that
        command is drawn and the refusal shown (and returned)."""
        failed = self.session.finish_saving()
        if failed is not None:
            if self.play is not None:
                self.show(self.play.encounter.state)
            self.report(failed)
        return failed

    async def action_quit(self) -> None:
        """Leave, once the last command is on disk (if its save failed, say so and stay)."""
        if self.finish_saving() is None:
            await super().action_quit()

    @work(thread=True, exclusive=True, group="replay")
    def _replay(self, line: str) -> None:
        self.call_from_thread(self._replayed, self.session.replay(line))

    def _replayed(self, outcome: Outcome) -> None:
        self.busy = ""
        if self.play is not None and outcome.ok:
            self.show(self.play.encounter.state)
        self.report(outcome)

    def report(self, outcome: Outcome) -> Outcome:
        """Show an outcome under the command bar (a refusal as an error)."""
        self.table.query_one(CommandBar).say(
            ("✗ " if not outcome.ok else "") + outcome.message, "done" if outcome.ok else "error"
        )
        return outcome

    def run_and_report(self, line: str) -> Outcome:
        """Run a line from a key or the palette and show the outcome."""
        return self.report(self.run_line(line))

    # --- showing the state ----------------------------------------------------------

    def show(self, state: EncounterState) -> None:
        """Show the fight's ``state``; the selection follows the turn (the panes are
        handed both here, once, not again by the watchers)."""
        before, selected = self.state, self.selected
        self._present_due = True
        self.state = state
        rows = row_slots(state)
        turn_moved = before is None or before.current != state.current
        if state.current and (turn_moved or self.selected not in rows):
            self.selected = state.current
        elif self.selected not in rows:
            self.selected = rows[0] if rows else ""
        if self.selected == selected:  # else the selection's watcher offered them
            self.table.offer_keys()
        self._present()

    def watch_state(self) -> None:
        """A new state (a command, looking back): the panes show it."""
        self._present_soon()

    def watch_selected(self) -> None:
        """Another combatant selected: the keys that apply may change, the panes follow."""
        self.table.offer_keys()
        self._present_soon()
        self._collect_after_frame()

    def _collect_after_frame(self) -> None:
        """Collect the young garbage of this change once its frame is painted (once a frame)."""
        if self.collector.frame_due():
            self.call_after_refresh(self.collector.after_frame)

    def _present_soon(self) -> None:
        """Hand the panes the state and the selection once the current message is handled
        (a new state and a new selection arriving together are drawn once)."""
        if not self._present_due:
            self._present_due = True
            self.call_next(self._present_if_due)

    def _present_if_due(self) -> None:
        if self._present_due:  # not already done by the command that asked
            self._present()

    def _present(self) -> None:
        """Hand every pane of the table's screen the state and the selection, now (a
        command does this itself, so that all of it is in the same frame)."""
        self._present_due = False
        self.table.present(self.state, self.selected)

    def select(self, slot: str) -> None:
        """Show this slot (or combatant) in the body and status panes."""
        if self.state is not None and slot_owner(slot) in self.state.combatants:
            rows = row_slots(self.state)
            self.selected = (
                slot
                if slot in rows
                else next((r for r in rows if slot_owner(r) == slot_owner(slot)), slot)
            )

    # --- looking back ---------------------------------------------------------------

    def look_at(self, moment: Moment) -> None:
        """Show the board at ``moment``."""
        self.looking.look_at(moment)

    def look_back(self) -> None:
        """Show the turn before this one (again: back to the fight)."""
        self.looking.back()

    def look_step(self, step: int) -> None:
        """A turn earlier (-1) or later (1); past the last turn, back to the fight."""
        self.looking.step(step)

    def look_done(self) -> None:
        """Back to the fight as it stands."""
        self.looking.done()

    # --- themes and dialogs ---------------------------------------------------------

    def use_theme(self, name: str) -> None:
        """Switch to a theme by name."""
        if name in self.shelf.themes:
            self.theme = name

    def choose_theme(self, name: str) -> None:
        """Switch to the theme the GM chose, and remember it for this file (settings)."""
        self.use_theme(name)
        self.say_unsaved(remember_theme(self.theme, self.play.path if self.play else None))

    def say_unsaved(self, problem: str) -> None:
        """Say why the settings could not be saved, once a session for each reason (an
        unwritable config folder is said at opening, not again at every theme)."""
        if problem and problem not in self._settings_said:
            self._settings_said.add(problem)
            said = f"Not remembered for next time (file, theme): {problem}"
            self.notify(said, severity="warning", timeout=10, markup=False)

    def next_theme(self) -> None:
        """Cycle through the bundled and user themes."""
        if self.shelf.names:
            self.choose_theme(screen_actions.next_theme(self.shelf.names, self.theme))
            self.notify(f"Theme: {self.theme}", timeout=2, markup=False)

    def open_command_bar(self, text: str = "") -> None:
        """Focus the ``:`` bar with ``text`` typed."""
        self.table.query_one(CommandBar).open(text)

    def confirm(self, question: str, line: str) -> None:
        """Ask a yes/no question, then run ``line`` on yes."""
        self.dialogs.confirm(question, line)

    def confirm_remove(self, cid: str) -> None:
        """Ask, then take a combatant out of the fight."""
        if self.state is not None and cid:
            name = self.state.combatant(cid).name
            self.confirm(f"Take {name} out of the fight?", f"remove {cid}")
