"""The table's screen: the panes, and every key of the fight.

Every key is a ``Binding`` with an id (rebindable in ``keymap.toml``) and a tooltip
(``app_keys``), shown in the Footer only where it applies (``key_offer``). An action
runs a command line through the app, or opens one of its dialogs; looking back, every
key that would change the fight is refused in a sentence.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tracker.core.model import EncounterState
from tracker.core.outcome import Outcome
from tracker.core.roles import DAMAGE, HEAL
from tracker.rules.shipped import ruleset_docs
from tracker.store.encounter_file import EncounterFile
from tracker.ui import screen_actions
from tracker.ui.app_keys import (
    FOOTER_RANK,
    TABLE_KEYS,
)
from tracker.ui.key_offer import KeyOffer
from tracker.ui.keymap import read_keymap
from tracker.ui.log_room import LogRoom
from tracker.ui.modals.help import HelpScreen
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.panes.command_bar import CommandBar, CommandInput, example_line
from tracker.ui.panes.frame import PaneFrame, PaneRow
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.key_footer import KeyFooter
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.panes.order_rows import row_slots
from tracker.ui.panes.pane_widths import InitiativeFrame
from tracker.ui.panes.selected_pane import SelectedPane
from tracker.ui.panes.status import StatusPane
from tracker.ui.phones_watch import follow_phones
from tracker.ui.reminder_keys import ReminderKeys, by_key, identity
from tracker.ui.table_host import TableHost

SMALLEST = (80, 24)
"""The smallest screen the table is laid out for (columns, rows)."""


def too_small_text(width: int, height: int) -> Text:
    """What a GM reads on a screen under ``SMALLEST``: the panes cut off are not gone."""
    return Text(
        f"{width}x{height}: too small, needs 80x24 — status and log cut off",
        no_wrap=True,
        overflow="ellipsis",
    )


class Presenter(Protocol):
    """A pane that shows the state and the selection (the screen hands them over)."""

    def present(self, state: EncounterState | None, selected: str) -> None:
        """Show ``state``, with ``selected`` as the combatant in focus."""


class TableScreen(KeyOffer, KeptPaint):
    """The fight: header, order, body chart, status, log, the ``:`` bar and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = list(TABLE_KEYS)

    def __init__(self, host: TableHost, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.host = host
        self.reminder_keys = ReminderKeys()
        self.log_room = LogRoom()
        """Rows the log's frame has given to the status pane."""
        self._offered: tuple[object, ...] = ()
        self._presenters: list[Presenter] = []

    def compose(self) -> ComposeResult:
        """Header, the three panes, the log, the command bar, the footer (the app hands
        the panes the state and the selection)."""
        yield EncounterHeader(id="header")
        yield Static(id="too-small")
        with PaneRow(id="panes"):
            with InitiativeFrame(id="initiative-frame"):
                yield InitiativePane(id="initiative")
            yield BodyChart(id="body")
            yield StatusPane(self.reminder_keys, id="status")
        with PaneFrame(id="log-frame"):
            yield LogPane(id="log")
        yield CommandBar(self.host.bar_source, self._bar_line, id="command-bar")
        yield KeyFooter(FOOTER_RANK)

    def on_mount(self) -> None:
        """Focus on the order, paint, then the file (the user's keymap comes with it)."""
        self.query_one(InitiativePane).focus()
        self.host.open_encounter()
        follow_phones(self, self.host.session.path, self._file_name)

    def _file_name(self) -> str:
        """The open file's name as it is now (moved while open: its new name)."""
        play = self.host.session.play
        return play.name_now() if play is not None else ""

    def present(self, state: EncounterState | None, selected: str) -> None:
        """Hand every pane the state and the selection (a pane takes no part in Textual's
        reactive binding, which costs more than the drawing at every turn)."""
        if not self._presenters:
            if not self.query(InitiativePane):  # not composed yet
                return
            self._presenters = [
                self.query_one(EncounterHeader),
                self.query_one(InitiativePane),
                self.query_one(LogPane),
                *self.query(SelectedPane),
            ]
        for pane in self._presenters:
            pane.present(state, selected)

    def opened(self, play: EncounterFile) -> None:
        """The file is open: the panes learn its ruleset, the log its journal, the keys
        the user's keymap (applied here, with the fight's keys, not while the file is
        read)."""
        self.use_keymap()
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
        self.query_one(CommandBar).example(example_line(play.encounter.state, play.encounter.verbs))

    def use_keymap(self) -> None:
        """The user's keymap (``keymap.toml``) on the table's keys; problems in toasts.
        Without one the keys stand as bound (the footer is worked out once, for the fight)."""
        known = {b.id for b in self.BINDINGS if isinstance(b, Binding) and b.id}
        keymap = read_keymap(self.host.keymap_file, known)
        if keymap.keys:
            self.app.set_keymap(keymap.keys)
        for problem in [*self.host.shelf.problems, *keymap.problems]:
            self.notify(problem, severity="warning", timeout=8, markup=False)

    # --- messages from the panes ------------------------------------------------------

    def _bar_line(self, line: str) -> None:
        """Run a line entered in the ``:`` bar and give the keys back to the table."""
        outcome = self.host.run_line(line)
        bar = self.query_one(CommandBar)
        if outcome.ok:
            bar.accepted(line, outcome.message)
        else:
            bar.refused(outcome.message, line)
        if isinstance(self.app.focused, CommandInput):
            self.query_one(InitiativePane).focus()

    @on(StatusPane.Crowded)
    def _crowded(self, message: StatusPane.Crowded) -> None:
        if not self.is_attached:  # closing
            return
        for frame in self.query("#log-frame"):
            self.log_room.give(frame, message.rows, message.whole)

    def on_resize(self) -> None:
        """Another screen size: the log's frame as the stylesheet has it, until the
        status pane asks again; below 80x24 a line says what is out of sight."""
        for frame in self.query("#log-frame"):
            self.log_room.reset(frame)
        width, height = self.app.size
        small = width < SMALLEST[0] or height < SMALLEST[1]
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(too_small_text(width, height))

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted at the table goes to the ``:`` bar (its first line, as the bar
        takes a paste), to be read and run with Enter; the table's keys ignored it."""
        line = next((ln.strip() for ln in event.text.splitlines() if ln.strip()), "")
        if line:
            event.stop()
            self.host.open_command_bar(line.removeprefix(":").lstrip())

    @on(CommandInput.Left)
    def _bar_left(self) -> None:
        self.query_one(InitiativePane).focus()

    @on(InitiativePane.Picked)
    def _picked(self, message: InitiativePane.Picked) -> None:
        self.host.selected = message.slot
        if message.twice:  # as the d key: refused in a sentence while looking back
            self.call_later(self.run_action, "damage")

    # --- the actions ------------------------------------------------------------------

    def action_start_fight(self) -> None:
        """Roll initiative and begin round 1."""
        self.host.run_and_report("start")

    def action_next_turn(self) -> None:
        """End this turn and begin the next."""
        self.host.run_and_report("next")

    def action_prev_turn(self) -> None:
        """Step back to the previous turn."""
        self.host.run_and_report("prev")

    def action_select(self, step: int) -> None:
        """Move the selection up or down the initiative order."""
        state = self.host.state
        rows = row_slots(state) if state else ()
        if rows:
            index = rows.index(self.host.selected) if self.host.selected in rows else -1
            self.host.selected = rows[max(0, min(len(rows) - 1, index + step))]

    def action_damage(self) -> None:
        """Damage the selected combatant."""
        if self.host.state is not None:
            self.host.dialogs.damage(self.host.state, self.host.selected_id(), DAMAGE)

    def action_heal(self) -> None:
        """Heal the selected combatant."""
        if self.host.state is not None:
            self.host.dialogs.damage(self.host.state, self.host.selected_id(), HEAL)

    def action_ailment(self) -> None:
        """Give the selected combatant an ailment."""
        if self.host.state is not None:
            self.host.dialogs.ailment(self.host.state, self.host.selected_id())

    def action_undo(self) -> None:
        """Take back the last command."""
        self.host.run_and_report("undo")

    def action_redo(self) -> None:
        """Restore what was undone."""
        self.host.run_and_report("redo")

    def action_delay(self) -> None:
        """The selected combatant holds their turn."""
        self.host.run_and_report(f"delay {self.host.selected}")

    def action_act_now(self) -> None:
        """The selected delaying combatant acts now."""
        self.host.run_and_report(f"act {self.host.selected}")

    def action_move(self, step: int) -> None:
        """Swap the selected combatant with a neighbour in the order."""
        order = self.host.state.order if self.host.state else ()
        selected = self.host.selected
        if selected in order:
            other = order.index(selected) + step
            if 0 <= other < len(order):
                self.host.run_and_report(f"swap {selected} {order[other]}")
            else:
                edge = "top" if step < 0 else "foot"
                self.host.report(Outcome(False, f"already at the {edge} of the order"))

    def action_resolve(self, key: str) -> None:
        """Resolve a reminder with the choice that has this key."""
        if self.host.state is not None and self.host.session.rules is not None:
            choice = by_key(self.choices(self.host.state), str(key))
            if choice is not None:
                self.host.run_and_report(choice.line)
            else:
                self.query_one(CommandBar).say(f"no reminder choice on {key} — see Status")

    def action_resolve_choice(self, who: str, key: str, seq: int, label: str) -> None:
        """Resolve a reminder with a clicked choice (if it is still open)."""
        if self.host.state is not None and self.host.session.rules is not None:
            for choice in self.choices(self.host.state):
                if identity(choice.reminder) == (who, key, seq) and choice.label == label:
                    self.host.run_and_report(choice.line)
                    return

    def action_every_choice(self) -> None:
        """Every way to resolve the open reminders, in a list to pick from."""
        if self.host.state is not None and self.host.session.rules is not None:
            self.host.dialogs.choices(self.host.state, self.choices(self.host.state))

    def action_whole_message(self) -> None:
        """The message under the bar in full (one cut short ends in ``m shows all``)."""
        self.host.dialogs.message(self.query_one(CommandBar).message_text)

    def action_command_bar(self) -> None:
        """Focus the ``:`` bar."""
        self.host.open_command_bar()

    def action_add_combatant(self) -> None:
        """The add-combatant dialog."""
        if self.host.state is not None:
            self.host.dialogs.add_combatant(self.host.state)

    def action_notes(self) -> None:
        """Edit the GM's note on the selected combatant."""
        if self.host.state is not None:
            self.host.dialogs.notes(self.host.state, self.host.selected_id())

    def action_roll_dice(self) -> None:
        """The dice roller."""
        if self.host.state is not None:
            self.host.dialogs.dice(self.host.state, self.host.selected_id())

    def action_next_theme(self) -> None:
        """Cycle through the bundled and user themes."""
        self.host.next_theme()

    async def action_quit(self) -> None:
        """``q``: leave (everything is saved already); the key is the screen's, the
        leaving the app's."""
        await self.app.action_quit()

    def action_remove(self) -> None:
        """Take the selected combatant out (after asking)."""
        self.host.confirm_remove(self.host.selected_id())

    def action_end_fight(self) -> None:
        """End the fight (after asking)."""
        self.host.confirm("End the fight?", "end")

    def action_export(self) -> None:
        """The export dialog: the round log to Markdown, HTML, text or JSON."""
        if self.host.finish_saving() is None:
            self.host.dialogs.export()

    def action_copy_round(self) -> None:
        """Copy this round's log as Markdown (and save it under recaps/)."""
        play, state = self.host.session.play, self.host.state
        if play is not None and state is not None and self.host.finish_saving() is None:
            self.host.report(screen_actions.copy_round(self.app, play, state.round))

    def action_zoom(self) -> None:
        """The focused pane full screen, or back to every pane."""
        screen_actions.zoom(self.app)

    def action_body_chart(self) -> None:
        """The selected combatant's body chart full screen (again: back)."""
        screen_actions.body_chart(self.app)

    def action_look_back(self) -> None:
        """Show the turn before this one (again: back to the fight)."""
        self.host.look_back()

    def action_look_step(self, step: int) -> None:
        """A turn earlier (-1) or later (1); past the last turn, back to the fight."""
        self.host.look_step(step)

    def action_look_done(self) -> None:
        """Back to the fight as it stands."""
        self.host.look_done()

    def action_help(self) -> None:
        """The key table and the commands."""
        shorthand = self.query_one(InitiativePane).shorthand()
        rows = self.key_rows()
        verbs = self.host.session.verbs
        rules = self.host.session.rules
        docs = ruleset_docs(rules.id) if rules is not None else ""
        self.app.push_screen(HelpScreen(rows, verbs, shorthand, self.verb_keys(rows), docs))
