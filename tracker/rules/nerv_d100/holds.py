"""nerv-d100 Grappled and Immobilised: a test before each move or action (seed 000 l.366-368).

"If you are grappled, then whenever you attempt to move or attack, you must make a …
test … If you pass, you are no longer Grappled and can act as normal. If you fail, then
your action is wasted and you do nothing." Immobilisation "works the same", against the
captor's first result, with a stacking Advantage for each failure. The tracker rolls no
opposed test: a move or action declared while held raises a reminder (``grapple:NAME``)
whose keys end the hold (pass), waste the action (fail; Immobilised counts the failure)
or dismiss it. The holds and their tests are ``[[holds]]`` of the data file.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.nerv_d100.stats import remind
from tracker.rules.nerv_d100.tables import NervTables

PREFIX = "grapple:"


def tested(draft: Draft, tables: NervTables, fighter: Combatant, what: str) -> None:
    """Raise the test each hold on ``fighter`` asks before ``what`` (a move, an action)."""
    for hold in tables.raw.get("holds", []):
        held = fighter.condition(str(hold["condition"]))
        if held is None:
            continue
        edge = f" (+{held.level} Advantage)" if hold["stacks"] and held.level else ""
        remind(
            draft,
            fighter.id,
            PREFIX + held.name,
            f"{fighter.name} is {held.name}: {hold['test']}{edge} before this {what} — "
            f"pass: free of it; fail: the {what} is wasted",
        )


def reminder_actions(tables: NervTables, who: str, key: str) -> list[tuple[str, str]]:
    """Keys of a hold's reminder ``key``: pass ends the hold, fail wastes the action (an
    Immobilised failure counts for the next test), or dismiss."""
    name = key[len(PREFIX) :]
    stacks = any(h["condition"] == name and h["stacks"] for h in tables.raw.get("holds", []))
    found = [("pass", f"cure {who} {name.casefold()}")]
    if stacks:
        found.append(("fail", f"shake {who} fail {name.casefold()}"))
    return [*found, ("fail" if not stacks else "dismiss", f"dismiss {who} {key}")]
