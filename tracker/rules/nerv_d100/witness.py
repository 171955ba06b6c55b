"""nerv-d100 Fear trigger: witnessing an important ally defeated (seed 000 l.382).

"Witnessing an important ally (ie. One with fate points) be defeated" is a Fear
trigger, and "once a character has confronted that trigger, pass or fail, they are
immune to it until the start of the next Crisis" (l.380). When a combatant with a Fate
pool is incapacitated, every standing ally of theirs (the party and its allies are one
camp) of a kind that feels Fear, and not in Fear already, gets a Fear test reminder —
once a fight: the track ``fear@ally`` marks the trigger faced. The kinds are
``[fear] ally_witnesses`` in the data file.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.nerv_d100.stats import fear_of, remind, set_value
from tracker.rules.nerv_d100.tables import NervTables

FACED = "fear@ally"
CAMP = ("pc", "ally")


def allies(a: Combatant, b: Combatant) -> bool:
    """The same camp (the party and its allies together, or one side with itself)."""
    return a.id != b.id and (a.side == b.side or {a.side, b.side} <= set(CAMP))


def important(fighter: Combatant) -> bool:
    """One with Fate points: a Fate pool of one or more, spent or not."""
    return fighter.limits.get("fate", 0) > 0


def ally_defeated(draft: Draft, tables: NervTables, who: str) -> None:
    """Remind each ally who sees ``who`` fall of their Fear test (once a fight each)."""
    fallen = draft.state.combatant(who)
    if not important(fallen):
        return
    kinds = tables.raw["fear"]["ally_witnesses"]
    for witness in draft.state.combatants.values():
        if (
            witness.status != "active"
            or witness.kind not in kinds
            or not allies(fallen, witness)
            or witness.track(FACED)
            or fear_of(witness) is not None
        ):
            continue
        set_value(draft, witness.id, FACED, 1)
        remind(
            draft,
            witness.id,
            "fear:ally",
            f"{witness.name} sees {fallen.name}, an important ally, fall — "
            "a Fear trigger: Will or Fortitude (Courage) test",
        )
