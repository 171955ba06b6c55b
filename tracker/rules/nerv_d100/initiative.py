"""nerv-d100 initiative ties: after Grace score and Fate pool, an opposed Grace test.

Each tied combatant rolls d100 against their Grace score; a pass beats a failure, more
Degrees of Success beat fewer (fewer Degrees of Failure beat more), then the lower roll.
The dice are recorded in the ``initiative.set`` events and explained in the log; the
winner may still let the other go first (``swap``).
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.flow import name_of
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.rules.d100.checks import TestResult, judge
from tracker.rules.nerv_d100.stats import score
from tracker.rules.nerv_d100.tables import NervTables
from tracker.rules.roster import RosterError, refuse_negative

MAX_REROLLS = 20


def check_advantage(fighter: Combatant) -> None:
    """A roster's starting ``advantage`` is a count (seed 000 l.17: initiative is "Grace
    Bonus, plus 1 per starting Advantage"): never fewer than none; nor are scores and
    Armour Points."""
    refuse_negative(fighter, "stats", "armour")
    if int(fighter.extras.get("advantage", 0)) < 0:
        said = "must be 0 or more: it counts starting Advantages, each +1 initiative"
        raise RosterError(f"advantage of {fighter.name} {said}", "advantage")


def standing(result: TestResult) -> tuple[int, int, int]:
    """How an opposed test ranks (higher is better)."""
    return (
        1 if result.passed else 0,
        result.degrees if result.passed else -result.degrees,
        -result.roll,
    )


def opposed_grace_ties(draft: Draft, tables: NervTables, tied: list[str], dice: DiceLike) -> None:
    """Break one group of tied slots with an opposed Grace test (unless already broken)."""
    state = draft.state
    known = [state.tiebreak.get(s, 0) for s in tied]
    if all(known) and len(set(known)) == len(known):
        return
    results: dict[str, TestResult] = {}
    faces: dict[str, list[int]] = {s: [] for s in tied}
    for _ in range(MAX_REROLLS):
        results = {s: judge(tables, dice.d(100), score(state.combatant(s), "grace")) for s in tied}
        for slot, result in results.items():
            faces[slot].append(result.roll)
        if len({standing(r) for r in results.values()}) == len(tied):
            break
    ranked = sorted(tied, key=lambda s: standing(results[s]), reverse=True)
    for place, slot in enumerate(ranked):
        draft.emit(
            ev.InitiativeSet,
            who=slot,
            value=state.initiative[slot],
            rolls=tuple(faces[slot]),
            tiebreak=len(ranked) - place,
        )
    shown = "; ".join(
        f"{name_of(state, s)} d100 {results[s].roll} vs Grace "
        f"{results[s].target}: {results[s].words}"
        for s in ranked
    )
    again = ""
    if len(faces[tied[0]]) > 1:
        earlier = ", ".join(f"{name_of(state, s)} {faces[s][:-1]}" for s in tied)
        again = f" (rolled again after equal results: {earlier})"
    draft.say(
        f"Initiative tie at {state.initiative[tied[0]]:g} (same Grace score and Fate): "
        f"opposed Grace test — {shown}{again} → {name_of(state, ranked[0])} goes first "
        f"(or lets another go first: 'swap')"
    )
