"""nerv-d100 Hallucinating's nightmare: a Fear test with 3 Disadvantages, now and every turn.

Seed 000 l.283: at 4+ DoF the vision is "a nightmarish hallucination of your worst
fears- you are forced to make a Fear test with 3 disadvantages", and it stays "with 4+
forcing you to test against Fear every turn". The test is due as soon as the ailment
takes hold and again at the start of each of the bearer's turns (unless they are in
Fear already); the Fear test that answers it counts the Disadvantages, named in the log.
The vision's key and the Advantage live in ``[hallucinating]`` of the data file.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.d100.checks import Modifier
from tracker.rules.nerv_d100.stats import fear_of, remind
from tracker.rules.nerv_d100.tables import NervTables

REMINDER = "fear:nightmare"


def haunted(fighter: Combatant, tables: NervTables) -> bool:
    """Whether the combatant's Hallucinating is the vision that forces Fear tests."""
    vision = fighter.condition("Hallucinating")
    return vision is not None and vision.source == tables.raw["hallucinating"]["forces_fear"]


def fear_due(draft: Draft, tables: NervTables, who: str) -> None:
    """Raise the nightmare's Fear test, unless the combatant is in Fear already."""
    fighter = draft.state.combatant(who)
    if not haunted(fighter, tables) or fear_of(fighter) is not None:
        return
    disadvantages = -tables.number("hallucinating", "fear_advantage")
    remind(
        draft,
        who,
        REMINDER,
        f"{fighter.name}: nightmare hallucination — Fear test with {disadvantages} Disadvantages",
    )


def fear_modifiers(draft: Draft, tables: NervTables, fighter: Combatant) -> list[Modifier]:
    """What a Fear test answering the nightmare counts (nothing for another trigger)."""
    due = any(r.key == REMINDER for r in draft.state.reminders_for(fighter.id))
    if not due or not haunted(fighter, tables):
        return []
    advantage = tables.number("hallucinating", "fear_advantage")
    step = tables.number("tests", "advantage")
    return [Modifier(step * advantage, f"{step * advantage:+d} nightmare")]
