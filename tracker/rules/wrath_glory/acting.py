"""Who may take an action now (seed 002): not the dead, not anyone at 0 Wounds.

A Hero at 0 Wounds is unconscious until a Wound comes back ("Wounds", "Unconsciousness");
anyone else at 0 Wounds is out of the fight. Attacks, combat options, interaction
attacks, treating an effect and Restore Shock are actions, refused for them. A test the GM
calls for (Toughness against poison, Resolve against fear) is not an action and stays open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.model import Combatant
from tracker.rules.wrath_glory.dice import is_hero

Data = Mapping[str, Any]


def check_can_act(fighter: Combatant, data: Data, what: str) -> None:
    """RuleError naming why ``fighter`` cannot take the action ``what`` now."""
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead: no {what}")
    if fighter.track("wounds") > 0 and fighter.status != "down":
        return
    if is_hero(fighter, data):
        raise RuleError(
            f"{fighter.name} is unconscious at 0 Wounds: no {what} until a Wound is "
            f"restored ('heal {fighter.id} N', or a 6 on a Defiance Check)"
        )
    raise RuleError(f"{fighter.name} is out of the fight at 0 Wounds: no {what}")
