"""Why a table key does nothing now: the one line the GM reads instead of silence.

The footer offers a key only where it applies (``app_keys.key_checks``); a key pressed
anyway (``1`` with no reminder open, Enter on someone who is not delaying, ``s`` once
the fight runs) is answered under the command bar with the reason and, where there is
one, the key that does apply. Esc alone stays silent: it is pressed by habit.
"""

from __future__ import annotations

from collections.abc import Callable

from tracker.core.flow import name_of
from tracker.core.model import EncounterState
from tracker.core.roles import CONDITION, DAMAGE, HEAL, NOTE

NOT_STARTED = "the fight has not started yet — s rolls initiative"
OVER = "the fight is over"
NO_REMINDER = "no reminder is open"

ROLES = {"damage": DAMAGE, "heal": HEAL, "ailment": CONDITION, "notes": NOTE}
"""The keys that run the verb playing a role, and the role."""


def refusal(
    action: str,
    key: str,
    state: EncounterState,
    slot: str,
    keyed: bool,
    plays: Callable[[str], object],
) -> str | None:
    """Why ``action`` (pressed as ``key``) does not apply to ``state`` with ``slot``
    selected (``keyed``: some reminder choice has a number key; ``plays``: the verb
    playing a role, or None); None when it applies or is best left unsaid."""
    if action in ROLES:
        return _for_the_selected(action, state, slot, plays)
    if action in ("next_turn", "prev_turn", "delay", "act_now", "move"):
        return _in_the_order(action, state, slot)
    simple: dict[str, str] = {
        "start_fight": OVER if state.phase == "ended" else "the fight has already started",
        "undo": "nothing to undo",
        "redo": "nothing to redo",
        "remove": "select a combatant first (j/k)",
        "end_fight": "the fight is already over",
        "copy_round": "no round has been played yet: nothing to copy",
        "every_choice": NO_REMINDER,
        "look_back": "no round has been played yet: nothing to look back at",
        "look_step": "[ and ] step through the earlier turns once v looks back",
        "resolve": f"no reminder choice has the key {key}" if keyed else NO_REMINDER,
    }
    return simple.get(action)


def _for_the_selected(
    action: str, state: EncounterState, slot: str, plays: Callable[[str], object]
) -> str:
    if not slot:
        return "select a combatant first (j/k)"
    if plays(ROLES[action]) is None:
        return f"the {state.ruleset} ruleset has no {action} command"
    return f"{name_of(state, slot)} cannot be given that now"


def _in_the_order(action: str, state: EncounterState, slot: str) -> str:
    if state.phase == "setup":
        return NOT_STARTED
    if state.phase == "ended":
        return OVER
    name = name_of(state, slot) if slot else ""
    if not slot:
        return "select a combatant first (j/k)"
    if action == "act_now":
        return f"{name} is not delaying — w makes the selected one hold their turn"
    if slot not in state.order:
        return f"{name} has no place in the order this round"
    if action == "delay":
        return f"{name} has already acted this round"
    return f"{name} cannot move there"
