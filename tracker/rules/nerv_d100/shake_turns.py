"""nerv-d100: one shake-off of each ailment a turn (seed 000 l.270, l.389).

"At the start of each of their turns, the character suffering from the ailment can make
a free 'shake-off' test" (l.270), and Fear's is made "at the start of each subsequent
turn … as a free action" (l.389): one test a turn, each failure adding an Advantage to
the next. The test is marked among what the bearer has spent this turn (``shake-off
NAME``), and a second one before the bearer's next turn is refused — it would stack an
Advantage the text gives once a turn. A hold's test (Immobilised, ``[[holds]]``) comes
with each move or action instead and is not limited.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition
from tracker.rules.nerv_d100.tables import NervTables

PREFIX = "shake-off "


def once_a_turn(draft: Draft, tables: NervTables, fighter: Combatant, held: Condition) -> None:
    """Refuse a second shake-off of ``held`` this turn; mark this one."""
    if any(h["condition"] == held.name for h in tables.raw.get("holds", [])):
        return
    mark = PREFIX + held.name
    if mark in fighter.spent:
        raise RuleError(
            f"{fighter.name} has made this turn's shake-off of {held.name} already — one at "
            "the start of each turn ('undo' takes it back; for a Fate reroll, "
            f"'spend {fighter.id} fate use=reroll' before rolling)"
        )
    draft.emit(ev.ActionUsed, who=fighter.id, action=mark)
