"""Who may take an action now (seed 002): not the dead, not anyone at 0 Wounds, not one
who gave this round to Full Defence.

A Hero at 0 Wounds is unconscious until a Wound comes back ("Wounds", "Unconsciousness");
anyone else at 0 Wounds is out of the fight. Full Defence taken before acting sacrifices
"their entire round" ("Full Defence"). Attacks, combat options, interaction attacks,
treating an effect and Restore Shock are actions, refused for them. A test the GM calls
for (Toughness against poison, Resolve against fear) is not an action and stays open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.model import Combatant
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
