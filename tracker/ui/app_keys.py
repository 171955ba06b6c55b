"""The table's keys: every ``Binding`` with an id (rebindable in ``keymap.toml``) and a
tooltip, the Footer's order, the keys that run a role's verb, and the keys still offered
while an earlier turn is shown."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding

from tracker.core.model import EncounterState
from tracker.core.roles import ADD, CONDITION, DAMAGE, HEAL, NOTE
from tracker.store.table_session import TableSession
from tracker.ui.reminder_keys import KEYS, MORE


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
        key,
        action,
        description,
        show=show,
        key_display=display,
        id=binding_id,
        tooltip=tooltip,
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

TABLE_KEYS: list[Binding] = [
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
"""Every key of the table."""

ROLE_KEYS = {
    "damage": DAMAGE,
    "heal": HEAL,
    "ailment": CONDITION,
    "notes": NOTE,
    "add-combatant": ADD,
}
"""The keys (binding ids) that run the verb playing a role (``tracker.core.roles``)."""

LOOK_ACTIONS = ("look_back", "look_step", "look_done")
"""The keys of looking back (the only ones besides selection, zoom, help and quit that
apply while looking back)."""
STILL_OFFERED = ("select", "zoom", "body_chart", "help", "quit", "next_theme", *LOOK_ACTIONS)
"""The actions offered while an earlier turn is shown."""

OUR_ACTIONS = {binding.action.partition("(")[0] for binding in TABLE_KEYS}
"""The actions of the app's own keys (the others, Textual's, are always offered)."""


def key_checks(
    state: EncounterState,
    slot: str,
    session: TableSession,
    has_choice: Callable[[], bool],
    any_choice: Callable[[], bool],
) -> dict[str, Callable[[], bool]]:
    """Whether each of the table's actions applies to ``state`` with ``slot`` selected
    (``has_choice``: the pressed number key has a reminder choice; ``any_choice``: some
    reminder has one). A role's key applies where a verb plays the role."""
    plays, running = session.role_verb, state.phase == "running"
    return {
        "start_fight": lambda: state.phase == "setup",
        "next_turn": lambda: running,
        "prev_turn": lambda: running,
        "damage": lambda: plays(DAMAGE) is not None and bool(slot),
        "heal": lambda: plays(HEAL) is not None and bool(slot),
        "ailment": lambda: plays(CONDITION) is not None and bool(slot),
        "undo": session.can_undo,
        "redo": session.can_redo,
        "delay": lambda: running and slot in state.order and slot not in state.acted,
        "act_now": lambda: running and slot in state.delayed,
        "move": lambda: running and slot in state.order,
        "remove": lambda: bool(slot),
        "notes": lambda: plays(NOTE) is not None and bool(slot),
        "end_fight": lambda: state.phase != "ended",
        "copy_round": lambda: state.round > 0,
        "resolve": has_choice,
        "every_choice": any_choice,
        "look_back": lambda: state.round > 0 or session.looking_back,
        "look_step": lambda: session.looking_back,
        "look_done": lambda: session.looking_back,
    }
