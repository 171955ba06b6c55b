"""The Alien stress level: who has one, and the one way it goes up or down.

Humans carry a stress level; synthetics and creatures never do (seed 003 l.175), and the
Broken gain none (l.138).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.core.wording import with_article

Data = Mapping[str, Any]


def feels_stress(fighter: Combatant, data: Data) -> bool:
    """Humans have a stress level; synthetics and creatures do not."""
    return fighter.kind not in data["kinds"]["no_stress"]


def add_stress(draft: Draft, data: Data, fighter: Combatant, amount: int, why: str) -> bool:
    """Raise (or lower) the stress level; False (and a log line) when it cannot change."""
    if not feels_stress(fighter, data):
        draft.say(f"{fighter.name} is {with_article(fighter.kind)}: no stress ({why})")
        return False
    if amount > 0 and fighter.condition("Broken"):
        draft.say(f"{fighter.name} is Broken: no stress ({why})")
        return False
    before = fighter.track("stress")
    after = max(0, before + amount)
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="stress",
        value=after,
        text=f"{fighter.name}: stress level {before} → {after} ({why})",
    )
    return True
