"""The tracker's Textual App: the main screen, its keys and the command palette.

Every key is a ``Binding`` with an id (rebindable in ``keymap.toml``) and a tooltip,
shown in the Footer only where it applies (``check_action``). Each action becomes a
command line run through the encounter file, or opens a modal that builds one; the same
actions are in the palette (ctrl+p) and the ``:`` bar.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from textual import on
from textual.actions import ActionParseResult
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input

from tracker.core.errors import TrackerError
from tracker.core.library import EmptyLibrary, Library
from tracker.core.model import EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.roles import ADD, CONDITION, DAMAGE, HEAL, NOTE
from tracker.store.encounter_file import EncounterFile
from tracker.ui.keymap import keymap_path, read_keymap
from tracker.ui.log_room import LogRoom
from tracker.ui.looking_back import STILL_OFFERED, LookingBackApp
from tracker.ui.modals.add_combatant import AddCombatantScreen
from tracker.ui.modals.choices import ChoicesScreen
from tracker.ui.modals.dice_roller import DiceRollerScreen
from tracker.ui.modals.help import HelpScreen, key_rows
from tracker.ui.modals.message import MessageScreen
from tracker.ui.modals.notes import NotesScreen
from tracker.ui.outcome import Outcome
from tracker.ui.palette import TableCommands
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.panes.command_bar import CommandBar, CommandInput
from tracker.ui.panes.frame import PaneFrame
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane, order_rows
from tracker.ui.panes.key_footer import KeyFooter
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.panes.pane_widths import InitiativeFrame
from tracker.ui.panes.status import StatusPane
from tracker.ui.reminder_keys import KEYS, MORE, Choice, ReminderKeys, by_key, identity
from tracker.ui.screenshot import save_screen
from tracker.ui.themes import ThemeShelf


def _key(
    key: str,
    action: str,
    description: str,
    binding_id: str,
    tooltip: str,
    show: bool = True,
    display: str | None = None,
) -> Binding:
    return Binding(
        key, action, description, show=show, key_display=display, id=binding_id, tooltip=tooltip
    )


def _resolve_binding(key: str) -> Binding:
    return _key(
        key,
        f"resolve('{key}')",
        "resolve",
        f"resolve-{key}",
        "resolve a reminder with its number key",
        show=key == KEYS[0],
        display="1-9",
    )


FOOTER_RANK = (
    "start_fight",
    "next_turn",
    "resolve('1')",
    "look_step(-1)",
    "look_step(1)",
    "look_done",
    "help",
    "command_bar",
    "damage",
    "undo",
    "heal",
    "ailment",
    "add_combatant",
    "act_now",
    "delay",
    "body_chart",
    "roll_dice",
    "redo",
    "export",
    "quit",
)
"""Footer keys from the most needed at the table to the least (a narrow footer keeps
the first that fit; ``?`` lists them all)."""


class TrackerApp(LookingBackApp):
    """The table-side combat tracker for one encounter file."""

    CSS_PATH = "tracker.tcss"
    TITLE = "tracker"
    COMMANDS = App.COMMANDS | {TableCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-normal"), (160, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-medium"), (44, "-tall")]
    ALLOW_IN_MAXIMIZED_VIEW = "Footer, #header, #command-bar"

    BINDINGS = [
        _key("s", "start_fight", "start", "start-fight", "roll initiative, begin round 1"),
        _key("n", "next_turn", "next", "next-turn", "end this turn, begin the next"),
        _key("p", "prev_turn", "prev", "prev-turn", "step back to the last turn", False),
        _key("j,down", "select(1)", "down", "select-next", "select the next one", False),
        _key("k,up", "select(-1)", "up", "select-prev", "select the one above", False),
        _key("d", "damage", "damage", "damage", "damage the selected combatant"),
        _key("h", "heal", "heal", "heal", "heal the selected combatant"),
        _key("a", "ailment", "ailment", "ailment", "give an ailment or condition"),
        _key("u", "undo", "undo", "undo", "take back the last command"),
        *(_resolve_binding(key) for key in KEYS),
        _key(
            MORE,
            "every_choice",
            "choices",
            "every-choice",
            "every way to resolve a reminder",
            False,
        ),
        _key("question_mark", "help", "help", "help", "keys and commands", display="?"),
        _key("colon", "command_bar", "command", "command-bar", "type a command", display=":"),
        _key("b", "body_chart", "body", "body-chart", "the selected one's body chart full screen"),
        _key("ctrl+r,U", "redo", "redo", "redo", "restore what was undone"),
        _key("w", "delay", "delay", "delay", "the selected combatant holds their turn"),
        _key("enter", "act_now", "act now", "act-now", "the selected delayer acts now"),
        _key("shift+up", "move(-1)", "move up", "move-up", "swap with the one above", False),
        _key("shift+down", "move(1)", "move down", "move-down", "swap with the one below", False),
        _key("plus", "add_combatant", "add", "add-combatant", "add a combatant", display="+"),
        _key("r", "roll_dice", "dice", "roll-dice", "roll dice into the log"),
        _key("N", "notes", "notes", "notes", "keep a GM note on the selected one", False),
        _key("m", "whole_message", "message", "whole-message", "the bar's message in full", False),
        _key("v", "look_back", "look back", "look-back", "the board at an earlier turn", False),
        _key(
            "left_square_bracket",
            "look_step(-1)",
            "earlier",
            "look-earlier",
            "a turn earlier",
            display="[",
        ),
        _key(
            "right_square_bracket",
            "look_step(1)",
            "later",
            "look-later",
            "a turn later",
            display="]",
        ),
        _key("escape", "look_done", "back", "look-done", "back to the fight", display="Esc"),
        _key("z", "zoom", "zoom", "zoom", "the focused pane full screen (again: back)", False),
        _key("t", "next_theme", "theme", "theme", "next colour theme", False),
        _key("e", "export", "export", "export", "write the round log to a file"),
        _key("y", "copy_round", "copy round", "copy-round", "copy this round as Markdown", False),
        _key("x", "remove", "remove", "remove", "take the selected one out of the fight", False),
        _key("E", "end_fight", "end fight", "end-fight", "the fight is over", False),
        _key("q", "quit", "quit", "quit", "leave (everything is saved)"),
    ]

    def __init__(
        self,
        path: Path,
        dice: DiceLike | None = None,
        *,
        shelf: ThemeShelf | None = None,
        keymap_file: Path | None = None,
    ) -> None:
        super().__init__(path, dice, shelf=shelf)
        self.keymap_file = keymap_file if keymap_file is not None else keymap_path()
        self.reminder_keys = ReminderKeys()
        self.log_room = LogRoom()
        """Rows the log's frame has given to the status pane."""

    def compose(self) -> ComposeResult:
        """Header, the three panes, the log, the command bar, the footer (the app hands
        the panes the state and the selection: ``TableApp._present``)."""
        yield EncounterHeader(id="header").data_bind(TrackerApp.busy)
        with Horizontal(id="panes"):
            with InitiativeFrame(id="initiative-frame"):
                yield InitiativePane(id="initiative")
            yield BodyChart(id="body")
            yield StatusPane(self.reminder_keys, id="status")
        with PaneFrame(id="log-frame"):
            yield LogPane(id="log")
        yield CommandBar(self.bar_source, id="command-bar")
        yield KeyFooter(FOOTER_RANK)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette commands, less its theme picker (it offers Textual's ~20
        themes; the palette's "Theme: …" entries and t offer this app's), its Quit (ours
        says that everything is saved), and its Screenshot saved beside the encounter file
        (Textual's wants a Downloads folder)."""
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot":
                yield SystemCommand(
                    "Screenshot",
                    f"Save an SVG picture of the screen in {self.path.parent}",
                    lambda: self.set_timer(0.1, self._screenshot_here),
                )
            elif command.title not in ("Theme", "Quit"):
                yield command

    def _screenshot_here(self) -> None:
        said = save_screen(self, self.path.parent)
        error = said.startswith("no ")
        self.notify(said, severity="error" if error else "information", markup=False)

    def on_mount(self) -> None:
        """Focus on the order, paint, then the user's keymap and the file."""
        self.query_one(InitiativePane).focus()
        self.open_encounter()
        self.call_after_refresh(self._use_keymap)

    def _opened(self, play: EncounterFile) -> None:
        """Show the opened file; a new encounter (nobody in it) starts in the add dialog."""
        super()._opened(play)
        if not play.encounter.state.combatants:
            self.action_add_combatant()

    def _use_keymap(self) -> None:
        known = {b.id for b in self.BINDINGS if isinstance(b, Binding) and b.id}
        keymap = read_keymap(self.keymap_file, known)
        self.set_keymap(keymap.keys)
        for problem in [*self.shelf.problems, *keymap.problems]:
            self.notify(problem, severity="warning", timeout=8, markup=False)

    # --- messages from the panes ------------------------------------------------------

    @on(CommandBar.Run)
    def _bar_line(self, message: CommandBar.Run) -> None:
        outcome = self.run_line(message.line)
        bar = self.query_one(CommandBar)
        if outcome.ok:
            bar.accepted(message.line, outcome.message)
        else:
            bar.refused(outcome.message, message.line)
        if isinstance(self.focused, CommandInput):
            self.query_one(InitiativePane).focus()

    @on(StatusPane.Crowded)
    def _crowded(self, message: StatusPane.Crowded) -> None:
        if not self.screen_stack:  # closing
            return
        # the table's own screen, also while a dialog is on top of it
        for frame in self.screen_stack[0].query("#log-frame"):
            self.log_room.give(frame, message.rows)

    def on_resize(self) -> None:
        """Another screen size: the log's frame as the stylesheet has it, until the
        status pane asks again."""
        for frame in self.query("#log-frame"):
            self.log_room.reset(frame)

    @on(CommandInput.Left)
    def _bar_left(self) -> None:
        self.query_one(InitiativePane).focus()

    @on(InitiativePane.Picked)
    def _picked(self, message: InitiativePane.Picked) -> None:
        self.selected = message.slot
        if message.twice:  # as the d key: refused in a sentence while looking back
            self.call_later(self.run_action, "damage")

    # --- which keys apply -------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer a key only where it applies (the Footer shows just those)."""
        if action not in OUR_ACTIONS:
            return True
        if isinstance(self.screen, ModalScreen) or isinstance(self.focused, Input):
            return False
        if self.looking_back and action not in STILL_OFFERED:
            return False
        state = self.state
        if state is None:
            return action in ("quit", "help", "next_theme")
        check = self._checks(state, parameters).get(action)
        return check() if check is not None else True

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Run an action; a key that would change the fight while an earlier turn is shown
        is refused in one line instead of doing nothing."""
        if await super().run_action(action, default_namespace, namespaces):
            return True
        name = (action if isinstance(action, str) else action[1]).partition("(")[0]
        if default_namespace not in (None, self) or not self._held_back(name):
            return False
        refused = self.refuse_while_looking()
        if refused is not None:
            self.report(refused)
        return True

    def _held_back(self, action: str) -> bool:
        """Whether ``action`` is refused only because an earlier turn is shown."""
        return (
            self.looking_back
            and action in OUR_ACTIONS
            and action not in STILL_OFFERED
            and not isinstance(self.screen, ModalScreen)
            and not isinstance(self.focused, Input)
        )

    def _checks(
        self, state: EncounterState, parameters: tuple[object, ...]
    ) -> dict[str, Callable[[], bool]]:
        slot, plays = self.selected, self.role_verb
        running = state.phase == "running"
        return {
            "start_fight": lambda: state.phase == "setup",
            "next_turn": lambda: running,
            "prev_turn": lambda: running,
            "damage": lambda: plays(DAMAGE) is not None and bool(slot),
            "heal": lambda: plays(HEAL) is not None and bool(slot),
            "ailment": lambda: plays(CONDITION) is not None and bool(slot),
            "undo": self.can_undo,
            "redo": self.can_redo,
            "delay": lambda: running and slot in state.order and slot not in state.acted,
            "act_now": lambda: running and slot in state.delayed,
            "move": lambda: running and slot in state.order,
            "remove": lambda: bool(slot),
            "notes": lambda: plays(NOTE) is not None and bool(slot),
            "end_fight": lambda: state.phase != "ended",
            "copy_round": lambda: state.round > 0,
            "resolve": lambda: self._has_choice(state, parameters),
            "every_choice": lambda: bool(self._choices(state)),
            "look_back": lambda: state.round > 0 or self.looking_back,
            "look_step": lambda: self.looking_back,
            "look_done": lambda: self.looking_back,
        }

    def key_signature(self) -> tuple[object, ...]:
        """Which of the keys apply now, and which reminder keys are handed out."""
        state = self.state
        if state is None:
            return ()
        checks = self._checks(state, ())
        keys = tuple(c.key for c in self._choices(state))
        return (*(check() for name, check in checks.items() if name != "resolve"), keys)

    def freeze_keys(self, frozen: bool) -> None:
        """No reminder key is handed out or freed while an earlier turn is shown."""
        self.reminder_keys.frozen = frozen

    def _choices(self, state: EncounterState) -> list[Choice]:
        return self.reminder_keys.keyed(state, self.rules_or_fail())

    def _has_choice(self, state: EncounterState, parameters: tuple[object, ...]) -> bool:
        """A choice has this key; the footer's ``1-9 resolve`` (key 1) stays while any
        reminder choice has a key, whichever numbers are left."""
        key = parameters[0] if parameters else ""
        choices = self._choices(state)
        if key == KEYS[0]:
            return any(choice.key for choice in choices)
        return isinstance(key, str) and by_key(choices, key) is not None

    # --- the actions ------------------------------------------------------------------

    def action_start_fight(self) -> None:
        """Roll initiative and begin round 1."""
        self.run_and_report("start")

    def action_next_turn(self) -> None:
        """End this turn and begin the next."""
        self.run_and_report("next")

    def action_prev_turn(self) -> None:
        """Step back to the previous turn."""
        self.run_and_report("prev")

    def action_select(self, step: int) -> None:
        """Move the selection up or down the initiative order."""
        rows = [row.slot for row in order_rows(self.state)] if self.state else []
        if rows:
            index = rows.index(self.selected) if self.selected in rows else -1
            self.selected = rows[max(0, min(len(rows) - 1, index + step))]

    def action_damage(self) -> None:
        """Damage the selected combatant."""
        self.open_damage(self.selected_id(), DAMAGE)

    def action_heal(self) -> None:
        """Heal the selected combatant."""
        self.open_damage(self.selected_id(), HEAL)

    def action_ailment(self) -> None:
        """Give the selected combatant an ailment."""
        self.open_ailment(self.selected_id())

    def action_undo(self) -> None:
        """Take back the last command."""
        self.run_and_report("undo")

    def action_redo(self) -> None:
        """Restore what was undone."""
        self.run_and_report("redo")

    def action_delay(self) -> None:
        """The selected combatant holds their turn."""
        self.run_and_report(f"delay {self.selected}")

    def action_act_now(self) -> None:
        """The selected delaying combatant acts now."""
        self.run_and_report(f"act {self.selected}")

    def action_move(self, step: int) -> None:
        """Swap the selected combatant with a neighbour in the order."""
        order = self.state.order if self.state else ()
        if self.selected in order:
            other = order.index(self.selected) + step
            if 0 <= other < len(order):
                self.run_and_report(f"swap {self.selected} {order[other]}")

    def action_resolve(self, key: str) -> None:
        """Resolve a reminder with the choice that has this key."""
        if self.state is not None and self.rules is not None:
            choice = by_key(self._choices(self.state), str(key))
            if choice is not None:
                self.run_and_report(choice.line)
            else:
                self.query_one(CommandBar).say(f"no reminder choice on {key} — see Status")

    def action_resolve_choice(self, who: str, key: str, seq: int, label: str) -> None:
        """Resolve a reminder with a clicked choice (if it is still open)."""
        if self.state is not None and self.rules is not None:
            for choice in self._choices(self.state):
                if identity(choice.reminder) == (who, key, seq) and choice.label == label:
                    self.run_and_report(choice.line)
                    return

    def action_every_choice(self) -> None:
        """Every way to resolve the open reminders, in a list to pick from."""
        if self.state is not None and self.rules is not None:
            choices = self._choices(self.state)
            if choices:
                self.push_screen(ChoicesScreen(self.state, choices), self._chosen)

    def _chosen(self, line: str | None) -> None:
        if line:
            self.run_and_report(line)

    def action_whole_message(self) -> None:
        """The message under the bar in full (one cut short ends in ``m shows all``)."""
        message = self.query_one(CommandBar).message_text
        if message.plain:
            self.push_screen(MessageScreen(message))

    def action_command_bar(self) -> None:
        """Focus the ``:`` bar."""
        self.open_command_bar()

    def action_add_combatant(self) -> None:
        """The add-combatant modal."""
        verb = self.role_verb(ADD)
        if self.state is not None and verb is not None:
            self.push_screen(
                AddCombatantScreen(self.run_line, self.state, verb, self.library()),
                self._modal_done,
            )

    def library(self) -> Library:
        """The stat blocks and roll tables of the open encounter (none before one opens)."""
        return self.play.library if self.play is not None else EmptyLibrary()

    def action_notes(self) -> None:
        """Edit the GM's note on the selected combatant."""
        verb = self.role_verb(NOTE)
        if self.state is not None and verb and self.selected_id() in self.state.combatants:
            fighter = self.state.combatants[self.selected_id()]
            self.push_screen(NotesScreen(self.run_line, fighter, verb), self._modal_done)

    def action_roll_dice(self) -> None:
        """The dice roller."""
        if self.state is not None:
            self.push_screen(DiceRollerScreen(self.run_line, self.state, self.selected_id()))

    def action_next_theme(self) -> None:
        """Cycle through the bundled and user themes."""
        names = self.shelf.names
        if names:
            index = names.index(self.theme) + 1 if self.theme in names else 0
            self.choose_theme(names[index % len(names)])
            self.notify(f"Theme: {self.theme}", timeout=2, markup=False)

    def action_remove(self) -> None:
        """Take the selected combatant out (after asking)."""
        self.confirm_remove(self.selected_id())

    def action_end_fight(self) -> None:
        """End the fight (after asking)."""
        self.confirm("End the fight?", "end")

    def action_export(self) -> None:
        """The export modal: the round log to Markdown, HTML, text or JSON."""
        from tracker.ui.export_screen import ExportScreen

        def written(path: Path | None) -> None:
            if path is not None:
                self.report(Outcome(True, f"log written to {path}"))

        if self.play is not None:
            self.push_screen(ExportScreen(self.play.loaded), written)

    def action_copy_round(self) -> None:
        """Copy this round's log as Markdown (and save it under recaps/)."""
        from tracker.export.formats import round_markdown
        from tracker.ui.export_screen import copy_round_markdown

        if self.play is None or self.state is None:
            return
        try:
            markdown = round_markdown(self.play.loaded, self.state.round)
        except TrackerError as err:
            self.report(Outcome(False, " ".join(str(err).split())))
            return
        self.report(Outcome(True, copy_round_markdown(self, markdown)))

    def action_zoom(self) -> None:
        """The focused pane full screen, or back to every pane."""
        screen = self.screen
        if screen.maximized is not None:
            self._restore_panes()
            return
        pane = self.focused
        while pane is not None and not (isinstance(pane, Widget) and pane.allow_maximize):
            pane = pane.parent if isinstance(pane.parent, Widget) else None
        screen.maximize(pane if pane is not None else self.query_one("#initiative-frame"))

    def action_body_chart(self) -> None:
        """The selected combatant's body chart full screen (again: back)."""
        body = self.query_one(BodyChart)
        if self.screen.maximized is body:
            self._restore_panes()
        else:
            self.screen.maximize(body, container=False)
            body.focus()

    def _restore_panes(self) -> None:
        self.screen.minimize()
        self.query_one(InitiativePane).focus()

    def action_help(self) -> None:
        """The key table and the commands."""
        shorthand = self.query_one(InitiativePane).shorthand()
        self.push_screen(HelpScreen(self.key_rows(), self.verbs, shorthand))

    def key_rows(self) -> list[tuple[str, str, str, str]]:
        """(keys, description, tooltip, id) for each binding, with the user's keymap; a
        key that plays a role names the command it runs (``:hurt``), or says it has none."""
        rows = key_rows(self, [b for b in self.BINDINGS if isinstance(b, Binding)])
        return [(keys, does, self._role_tip(tip, bid), bid) for keys, does, tip, bid in rows]

    def _role_tip(self, tooltip: str, binding_id: str) -> str:
        role = ROLE_KEYS.get(binding_id)
        if role is None:
            return tooltip
        verb = self.role_verb(role)
        return f"{tooltip} (:{verb.name})" if verb else f"{tooltip} (none in this ruleset)"


ROLE_KEYS = {
    "damage": DAMAGE,
    "heal": HEAL,
    "ailment": CONDITION,
    "notes": NOTE,
    "add-combatant": ADD,
}
"""The keys (binding ids) that run the verb playing a role (``tracker.core.roles``)."""

OUR_ACTIONS = {
    binding.action.partition("(")[0]
    for binding in TrackerApp.BINDINGS
    if isinstance(binding, Binding)
}
"""The actions of the app's own keys (the others, Textual's, are always offered)."""
