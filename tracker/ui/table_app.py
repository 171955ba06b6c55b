"""The base of the tracker's App: the open encounter, its one reactive ``state``, and
running command lines through ``EncounterFile.execute`` (autosave before the screen moves).

``TrackerApp`` (app.py) adds the screen, the keys and the palette on top of this.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from textual import work
from textual.reactive import reactive

from tracker.core.dice import Dice
from tracker.core.errors import TrackerError, one_line
from tracker.core.events import HISTORY_TYPES
from tracker.core.grammar import resolve
from tracker.core.hidden_names import HiddenNamed
from tracker.core.model import EncounterState, slot_owner
from tracker.core.protocol import DiceLike, Verb
from tracker.core.roles import CONDITION, DAMAGE, role_verb
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile
from tracker.store.errors import JournalError
from tracker.store.journal_repair import tail_note
from tracker.store.settings import Settings, remember_theme
from tracker.ui.collector import IdleCollector
from tracker.ui.modals.ailment import AilmentScreen
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.outcome import Outcome
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.panes.command_bar import CommandBar, example_line
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane, order_rows
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.panes.selected_pane import SelectedPane
from tracker.ui.panes.status import StatusPane
from tracker.ui.plain import PlainTextApp
from tracker.ui.themes import DEFAULT_THEME, ThemeShelf, load_themes

if TYPE_CHECKING:
    from tracker.store.campaign_fight import WriteBack
    from tracker.store.campaign_file import CampaignFile

UI_VERBS = ("help", "quit", "q", "theme", "select", "export")
REPLAY_IN_WORKER_AFTER = 3000


class Presenter(Protocol):
    """A pane of the table's screen that shows the state and the selection (the app
    hands them over; a pane takes no part in Textual's reactive binding, which costs
    more than the drawing at every turn)."""

    def present(self, state: EncounterState | None, selected: str) -> None:
        """Show ``state``, with ``selected`` as the combatant in focus."""


class TableApp(PlainTextApp[int]):
    """The encounter in play and the commands run on it (no keys, no layout)."""

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The state the journal folds to; assigned after every command."""

    selected: reactive[str] = reactive("", repaint=False)
    """The initiative slot under the cursor (the body and status panes show it)."""

    busy: reactive[str] = reactive("", repaint=False)
    """What keeps the tracker busy (opening, replaying), empty when idle."""

    def __init__(
        self, path: Path, dice: DiceLike | None = None, *, shelf: ThemeShelf | None = None
    ) -> None:
        super().__init__()
        self.path = path
        self.dice: DiceLike = Dice() if dice is None else dice
        self.shelf = shelf if shelf is not None else load_themes()
        self.play: EncounterFile | None = None
        self.failure = ""
        self.first_paint: float | None = None
        self.opened_paint: float | None = None
        self.replay_in_worker_after = REPLAY_IN_WORKER_AFTER
        self._history: tuple[int, str, str] = (-1, "", "")
        self._offered: tuple[object, ...] = ()
        self._presenters: list[Presenter] = []
        self._present_due = False
        self.collector = IdleCollector()
        self.campaign_open: CampaignFile | None = None
        """The campaign whose write-back is being offered (locked until answered)."""
        self.then_open: Path | None = None
        """The file to play once this app exits (the party screen's next fight)."""
        for theme in self.shelf.themes.values():
            self.register_theme(theme)
        if DEFAULT_THEME in self.shelf.themes:
            self.theme = DEFAULT_THEME

    # --- opening and closing ----------------------------------------------------------

    def open_encounter(self) -> None:
        """Paint the empty screen, then open the file in a worker."""
        self.query_one(EncounterHeader).file_name = self.path.name
        self.busy = "opening"
        self.call_after_refresh(self._painted_first)

    def _painted_first(self) -> None:
        """The empty screen is up: now read the file (in a worker, off the screen's way)."""
        self.first_paint = time.perf_counter()
        self._open()

    def _painted_opened(self) -> None:
        self.opened_paint = time.perf_counter()

    @work(thread=True, exclusive=True, group="open")
    def _open(self) -> None:
        try:
            play = EncounterFile(self.path)
        except (TrackerError, OSError) as err:
            self.call_from_thread(self._failed, one_line(err))
            return
        self.call_from_thread(self._opened, play)

    def _failed(self, message: str) -> None:
        self.failure = message
        self.exit(1, return_code=1)

    def _opened(self, play: EncounterFile) -> None:
        self.play = play
        for pane in (
            self.query_one(InitiativePane),
            self.query_one(BodyChart),
            self.query_one(StatusPane),
        ):
            pane.rules = play.rules
        self.query_one(LogPane).encounter = play.encounter
        header = self.query_one(EncounterHeader)
        header.rules = play.rules
        header.ruleset_title = play.rules.id
        self.query_one(CommandBar).example(example_line(play.encounter.state, self.verbs))
        self.use_theme(self._starting_theme(play))
        self.busy = ""
        self._show(play.encounter.state)
        self.call_after_refresh(self._painted_opened)
        self.collector.start()
        self.set_interval(0.5, self.collector.tick)
        if play.recovered is not None and play.loaded.torn is not None:
            self.notify(
                tail_note(play.path, play.loaded.torn, play.recovered),
                severity="warning",
                timeout=10,
                markup=False,
            )
        for line in play.repaired:
            self.notify(line, severity="warning", timeout=10, markup=False)

    def _starting_theme(self, play: EncounterFile) -> str:
        table = play.loaded.head.get("encounter", {})
        settings = Settings.load()  # the theme the GM chose for this file wins; then the
        # file's own, its ruleset's, and the one the GM chose last (for a file naming none)
        chosen = settings.file_themes.get(str(play.path.absolute()), "")
        named = (chosen, str(table.get("theme", "")), play.rules.theme, settings.theme)
        for wanted in named:
            if wanted in self.shelf.themes:
                return wanted
        return DEFAULT_THEME

    def on_unmount(self) -> None:
        """Release the file (and its lock) when the app goes away."""
        self.collector.stop()
        if self.campaign_open is not None:
            self.campaign_open.close()
            self.campaign_open = None
        if self.play is not None:
            self.play.close()
            self.play = None

    # --- what the panes, keys and palette read ----------------------------------------

    @property
    def rules(self) -> Ruleset | None:
        """The encounter's ruleset, once the file is open."""
        return self.play.rules if self.play is not None else None

    def rules_or_fail(self) -> Ruleset:
        """The ruleset; TrackerError while the file is still opening."""
        if self.play is None:
            raise TrackerError("the encounter is still opening")
        return self.play.rules

    @property
    def verbs(self) -> Mapping[str, Verb]:
        """Every command this encounter understands."""
        return self.play.encounter.verbs if self.play is not None else {}

    def role_verb(self, role: str) -> Verb | None:
        """The encounter's verb playing ``role`` (``tracker.core.roles``), if any."""
        return role_verb(self.verbs, role)

    def bar_source(self) -> tuple[EncounterState | None, Mapping[str, Verb], Ruleset | None]:
        """What the command bar completes from."""
        return self.state, self.verbs, self.rules

    def selected_id(self) -> str:
        """The selected combatant's id (``""``: nobody)."""
        return slot_owner(self.selected) if self.selected else ""

    def can_undo(self) -> bool:
        """Whether there is a command to take back (a short look from the end)."""
        return self.play is not None and self.play.encounter.undo_target() is not None

    def can_redo(self) -> bool:
        """Whether there is something to restore: only right after undo or redo."""
        if self.play is None or not self.play.encounter.events:
            return False
        last = self.play.encounter.events[-1]
        return isinstance(last, HISTORY_TYPES) and self.play.encounter.redo_target() is not None

    def encounter_undo_redo(self) -> tuple[str, str]:
        """What undo and redo would take back or restore now (``""``: nothing)."""
        if self.play is None:
            return "", ""
        encounter = self.play.encounter
        seq = len(encounter.events)
        if self._history[0] != seq:
            undo = encounter.undo_target()
            redo = encounter.redo_target() if self.can_redo() else None
            self._history = (
                seq,
                encounter.describe_batch(undo) if undo else "",
                encounter.describe_batch(redo) if redo else "",
            )
        return self._history[1], self._history[2]

    # --- running commands -------------------------------------------------------------

    def run_line(self, line: str) -> Outcome:
        """Run one command line; the outcome says what it did or why it was refused."""
        words = line.strip().lstrip(":").split()
        if words and words[0].casefold() in UI_VERBS:
            return self._screen_word(words)
        if self.play is None or self.busy:
            return Outcome(False, f"one moment — {self.busy or 'opening'} the encounter")
        refused = self.refuse_while_looking()
        if refused is not None:
            return refused
        if (
            words
            and words[0].casefold() in ("undo", "redo")
            and (len(self.play.encounter.events) > self.replay_in_worker_after)
        ):
            self.busy = "replaying"  # claimed here, on the UI thread, before the worker runs
            self._replay(line)
            return Outcome(True, f"{words[0]}: replaying the journal…")
        was_over = self.play.encounter.state.phase == "ended"
        try:  # the panes are drawn while the disk syncs; painted once it has
            events = self.play.execute(line, self.dice, meanwhile=self._show)
        except JournalError as err:  # not saved, so taken back: draw what stands
            self._show(self.play.encounter.state)
            return Outcome(False, one_line(err))
        except HiddenNamed as err:  # ask before a hidden name reaches the players
            self.call_later(self.confirm, err.question, err.anyway)
            return Outcome(False, one_line(err))
        except TrackerError as err:
            return Outcome(False, one_line(err))
        self.collector.command_ran()
        if not was_over and self.play.encounter.state.phase == "ended":
            self.call_later(self.offer_writeback)
        return Outcome(True, "; ".join(e.text for e in events if e.text) or line)

    @work(thread=True, exclusive=True, group="replay")
    def _replay(self, line: str) -> None:
        assert self.play is not None
        try:
            events = self.play.execute(line, self.dice)
        except TrackerError as err:
            self.call_from_thread(self._replayed, Outcome(False, one_line(err)))
            return
        said = "; ".join(e.text for e in events if e.text)
        self.call_from_thread(self._replayed, Outcome(True, said))

    def _replayed(self, outcome: Outcome) -> None:
        self.busy = ""
        if self.play is not None and outcome.ok:
            self._show(self.play.encounter.state)
        self.report(outcome)

    def _show(self, state: EncounterState) -> None:
        before = self.state
        self.state = state
        rows = [row.slot for row in order_rows(state)]
        turn_moved = before is None or before.current != state.current
        if state.current and (turn_moved or self.selected not in rows):
            self.selected = state.current
        elif self.selected not in rows:
            self.selected = rows[0] if rows else ""
        self.offer_keys()
        self._present()

    def watch_state(self) -> None:
        """A new state (a command, looking back): the panes show it."""
        self._present_soon()

    def watch_selected(self) -> None:
        """Another combatant selected: the keys that apply may change, the panes follow."""
        self.offer_keys()
        self._present_soon()

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
        if not self._presenters:
            table = self.screen_stack[0]
            self._presenters = [
                table.query_one(EncounterHeader),
                table.query_one(InitiativePane),
                table.query_one(LogPane),
                *table.query(SelectedPane),
            ]
        for pane in self._presenters:
            pane.present(self.state, self.selected)

    def offer_keys(self) -> None:
        """Refresh the Footer, but only when the keys that apply have changed (a Footer
        rebuild costs more than the rest of a command)."""
        signature = self.key_signature()
        if signature != self._offered:
            self._offered = signature
            self.refresh_bindings()

    def key_signature(self) -> tuple[object, ...]:
        """What decides which keys apply now (the App with keys fills this in)."""
        return ()

    def refuse_while_looking(self) -> Outcome | None:
        """Why a command cannot run now that the screen shows the past (None: it can)."""
        return None

    def _screen_word(self, words: list[str]) -> Outcome:
        verb, rest = words[0].casefold(), words[1:]
        if verb in ("help", "export"):
            self.call_later(self.run_action, verb)
        elif verb in ("quit", "q"):
            self.exit(0)
        elif verb == "theme":
            if rest and rest[0] not in self.shelf.themes:
                return Outcome(
                    False, f"no theme {rest[0]!r} — themes: {', '.join(self.shelf.names)}"
                )
            if rest:
                self.choose_theme(rest[0])
            else:
                self.call_later(self.run_action, "next_theme")
        elif verb == "select":
            return self._select_word(rest)
        return Outcome(True, " ".join(words))

    def _select_word(self, rest: list[str]) -> Outcome:
        if self.state is None or not rest:
            return Outcome(False, "'select' needs a combatant, e.g. 'select goblin'")
        try:
            self.select(resolve(self.state, rest[0]))
        except TrackerError as err:
            return Outcome(False, one_line(err))
        return Outcome(True, f"selected {self.state.combatant(self.selected).name}")

    def report(self, outcome: Outcome) -> Outcome:
        """Show an outcome under the command bar (a refusal as an error)."""
        self.query_one(CommandBar).say(
            ("✗ " if not outcome.ok else "") + outcome.message, "done" if outcome.ok else "error"
        )
        return outcome

    def run_and_report(self, line: str) -> Outcome:
        """Run a line from a key or the palette and show the outcome."""
        return self.report(self.run_line(line))

    # --- choosing what shows ----------------------------------------------------------

    def select(self, slot: str) -> None:
        """Show this slot (or combatant) in the body and status panes."""
        if self.state is not None and slot_owner(slot) in self.state.combatants:
            rows = [row.slot for row in order_rows(self.state)]
            self.selected = (
                slot
                if slot in rows
                else next((r for r in rows if slot_owner(r) == slot_owner(slot)), slot)
            )

    def use_theme(self, name: str) -> None:
        """Switch to a theme by name."""
        if name in self.shelf.themes:
            self.theme = name

    def choose_theme(self, name: str) -> None:
        """Switch to the theme the GM chose, and remember it for this file (settings)."""
        self.use_theme(name)
        problem = remember_theme(self.theme, self.play.path if self.play is not None else None)
        if problem:
            self.notify(problem, severity="warning", timeout=6, markup=False)

    def open_command_bar(self, text: str = "") -> None:
        """Focus the ``:`` bar with ``text`` typed."""
        self.query_one(CommandBar).open(text)

    def open_damage(self, target: str, role: str = DAMAGE) -> None:
        """The damage (or heal) modal for ``target``, for the verb playing ``role``."""
        verb = self.role_verb(role)
        if self.state is None or verb is None or not target:
            return
        self.push_screen(
            DamageScreen(self.run_line, self.state, self.rules_or_fail(), verb, target),
            self._modal_done,
        )

    def open_ailment(self, target: str, name: str = "") -> None:
        """The ailment picker for ``target``, with ``name`` typed in its filter."""
        verb = self.role_verb(CONDITION)
        if self.state is None or verb is None or not target:
            return
        self.push_screen(
            AilmentScreen(self.run_line, self.state, self.rules_or_fail(), verb, target, name),
            self._modal_done,
        )

    def confirm(self, question: str, line: str) -> None:
        """Ask a yes/no question, then run ``line`` on yes."""

        def answer(yes: bool | None) -> None:
            if yes:
                self.run_and_report(line)

        self.push_screen(ConfirmScreen(question), answer)

    def confirm_remove(self, cid: str) -> None:
        """Ask, then take a combatant out of the fight."""
        if self.state is not None and cid:
            name = self.state.combatant(cid).name
            self.confirm(f"Take {name} out of the fight?", f"remove {cid}")

    # --- a campaign fight ends ----------------------------------------------------------

    def offer_writeback(self) -> None:
        """The fight just ended: if it is a campaign fight, offer its write-back (the
        campaign file is locked while the GM decides, as ``campaign writeback`` does)."""
        from tracker.store.campaign_fight import WrittenAlready
        from tracker.store.campaign_party import campaign_path

        if self.play is None:
            return
        encounter = self.play.path
        try:
            where = campaign_path(self.play.loaded.head, encounter)
        except TrackerError as err:
            self.report(Outcome(False, one_line(err)))
            return
        if where is None:
            return
        where = Path(os.path.normpath(where))
        later = f"`tracker campaign writeback {where} {encounter}` writes it back later"
        if not where.is_file():
            self.report(Outcome(False, f"campaign file {where} not found: {later}"))
            return
        try:
            campaign, plan = _plan(where, encounter)
        except WrittenAlready as err:
            self.report(Outcome(True, one_line(err)))
            return
        except (TrackerError, OSError) as err:
            self.report(Outcome(False, f"no write-back: {one_line(err)} — {later}"))
            return
        self.campaign_open = campaign
        title = f"{campaign.campaign.state.title} ({where.name})"
        question = f"Write fight {plan.link} back to {title}?"

        def answer(chosen: WriteBack | None) -> None:
            self.campaign_open = None
            try:
                if chosen is None:
                    self.report(Outcome(True, f"not written back: {title} untouched; {later}"))
                    return
                campaign.keep(chosen.event(campaign))
                self.report(Outcome(True, f"Fight {plan.link} written back to {title}"))
            except (TrackerError, OSError) as err:
                self.report(Outcome(False, f"not written back: {one_line(err)}; {later}"))
            finally:
                campaign.close()

        party = campaign.campaign.state.party
        self.push_screen(WritebackScreen(question, plan, party), answer)

    def _modal_done(self, outcome: Outcome | None) -> None:
        if outcome is not None:
            self.report(outcome)


def _plan(where: Path, encounter: Path) -> tuple[CampaignFile, WriteBack]:
    """Open (lock) the campaign and plan the encounter's write-back; the campaign is
    closed again when planning fails."""
    from tracker.store.campaign_fight import plan_writeback
    from tracker.store.campaign_file import CampaignFile

    campaign = CampaignFile(where)
    try:
        return campaign, plan_writeback(campaign, encounter)
    except BaseException:
        campaign.close()
        raise
