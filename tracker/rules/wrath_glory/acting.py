"""Who may take an action now (seed 002): not the dead, not anyone at 0 Wounds, not one
who gave this round to Full Defence.

A Hero at 0 Wounds is unconscious until a Wound comes back ("Wounds", "Unconsciousness");
anyone else at 0 Wounds is out of the fight. Full Defence taken before acting sacrifices
"their entire round" ("Full Defence"). Attacks, combat options, interaction attacks,
treating an effect and Restore Shock are actions, refused for them. A test the GM calls
for (Toughness against poison, Resolve against fear) is not an action and stays open.
In one's own turn an action is one of a kind, once, unless a Multi-action allows more
("Multi-action", l.56-63): ``take_action``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, slot_owner
from tracker.rules.wrath_glory.dice import is_hero

Data = Mapping[str, Any]
FULL_DEFENCE = "Full Defence"
"""The combat option (``[[options]]`` name) that sacrifices the round it is taken in."""


def check_can_act(fighter: Combatant, data: Data, what: str, round_no: int) -> None:
    """RuleError naming why ``fighter`` cannot take the action ``what`` in round ``round_no``."""
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead: no {what}")
    if fighter.track("wounds") > 0 and fighter.status != "down":
        _full_defence_round(fighter, what, round_no)
        return
    if is_hero(fighter, data):
        raise RuleError(
            f"{fighter.name} is unconscious at 0 Wounds: no {what} until a Wound is "
            f"restored ('heal {fighter.id} N', or a 6 on a Defiance Check)"
        )
    raise RuleError(f"{fighter.name} is out of the fight at 0 Wounds: no {what}")


def _full_defence_round(fighter: Combatant, what: str, round_no: int) -> None:
    """Full Defence taken this round before acting, or taken after acting ("late") in the
    round before: the round it gives up (the late one ends with that round)."""
    held = fighter.condition(FULL_DEFENCE)
    if held is None:
        return
    late = held.source == "late"
    if (held.since_round == round_no and not late) or (held.since_round < round_no and late):
        raise RuleError(
            f"{fighter.name} gave up this round to Full Defence: no {what} "
            "(only a move at half Speed)"
        )


MULTI_ACTION = "Multi-action"
"""The combat option (``[[options]]`` name) that allows more than one action a turn."""


def take_action(draft: Draft, fighter: Combatant, action: str) -> None:
    """Record ``action`` (``ranged attack``, ``Restore Shock`` …) as made by ``fighter``.

    Seed 002 "Multi-action" (l.56-63): in one's own turn, one action; a Multi-action of N
    allows N, "You may not make the same action twice". Out of one's turn (an opportunity
    attack, a GM recording after the fact) nothing is counted."""
    state = draft.state
    if state.current is not None and slot_owner(state.current) == fighter.id:
        _check_budget(fighter, action, actions_made(fighter), state.round)
    draft.emit(ev.ActionUsed, who=fighter.id, action=action)


def actions_made(fighter: Combatant) -> list[str]:
    """The actions ``fighter`` has made this turn (a test the GM calls for is none)."""
    return [a for a in fighter.spent if a != "test"]


def actions_allowed(fighter: Combatant, round_no: int) -> int:
    """The actions ``fighter``'s turn holds: 1, or the number of a Multi-action taken."""
    multi = fighter.condition(MULTI_ACTION)
    return multi.level if multi is not None and multi.since_round == round_no else 1


def actions_line(fighter: Combatant, round_no: int) -> str:
    """The status pane's count of the turn's actions: ``Actions made: 1 of 2 (ranged
    attack)``."""
    made, allowed = actions_made(fighter), actions_allowed(fighter, round_no)
    return f"Actions made: {len(made)} of {allowed}" + (f" ({', '.join(made)})" if made else "")


def _check_budget(fighter: Combatant, action: str, made: list[str], round_no: int) -> None:
    allowed = actions_allowed(fighter, round_no)
    if action in made and allowed > 1:
        raise RuleError(
            f"{fighter.name} has made a {action} this turn: the same action cannot be made "
            "twice, even in a Multi-action"
        )
    if len(made) >= allowed > 1:
        raise RuleError(
            f"{fighter.name}'s Multi-action of {allowed} is spent this turn ({', '.join(made)})"
        )
    if made and allowed == 1:
        raise RuleError(
            f"{fighter.name} has made an action this turn ({made[0]}): one action a turn — "
            "more only in a Multi-action, stated before the turn's first roll"
        )
