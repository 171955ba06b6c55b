"""nerv-d100 Confused: the turn its Degrees of Failure decide (seed 000 l.282).

"You perform an action based on your Degrees of Failure: 0-1, you do nothing but can
oppose attacks. 2-3, you drop everything in one hand …; 4+ you attack the nearest
target, 5+ you attack yourself. You repeat this every turn, using your shake-off test as
the DoF." The row of ``[confused]`` read from a failed shake-off (or from the DoF given
as it takes hold in the bearer's own turn) is logged; a row that ``blocks`` (0-1: does
nothing) puts the ``idle`` condition on, which refuses actions and moves until the turn
ends.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.model import slot_owner
from tracker.rules.nerv_d100.stats import put_on, take_off
from tracker.rules.nerv_d100.tables import NervTables, band_for


def turn_decided(draft: Draft, tables: NervTables, who: str, dof: int) -> None:
    """Say what the Confused bearer does this turn; hold them idle if the row says so."""
    fighter = draft.state.combatant(who)
    band = band_for(tables.confused, dof)
    draft.say(f"{fighter.name} is Confused ({dof} DoF): {band.text}")
    idle = str(tables.raw["confused"]["idle"])
    current = draft.state.current
    mine = current is not None and slot_owner(current) == fighter.id
    if band.blocks and mine and fighter.condition(idle) is None:
        put_on(draft, who, idle, "Condition", f"{fighter.name} is {idle} for the rest of the turn")


def turn_over(draft: Draft, tables: NervTables, who: str) -> None:
    """End of the bearer's turn: Confusion's idleness ends with it."""
    idle = str(tables.raw["confused"]["idle"])
    fighter = draft.state.combatant(who)
    if fighter.condition(idle) is not None:
        take_off(draft, who, idle, f"{fighter.name} is no longer {idle}")
