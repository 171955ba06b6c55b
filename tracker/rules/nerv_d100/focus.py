"""nerv-d100 Focus and Full Focus (seed 000 l.108-109): "You gain an Advantage to your next
test" (Focus, ★) — "two Advantages" (Full Focus, ★★).

Declared with ``act WHO focus`` / ``act WHO full focus``, the Advantages are held as the
``Focus`` condition (its level: how many) until the next test: the next one the tracker
rolls for the holder counts them (``+10 Focus``) and spends them; the status pane and the
row show them meanwhile, for a test rolled at the table (``cure WHO Focus`` once used).
A second Focus before the test keeps the larger."""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.d100.checks import Modifier
from tracker.rules.nerv_d100.tables import NervTables

FOCUS = "Focus"
"""The condition holding the Advantages for the next test (and its category)."""


def declared(draft: Draft, tables: NervTables, who: str, action: str) -> None:
    """After ``act WHO focus|full focus``: its Advantages wait for the next test."""
    gained = dict(tables.raw.get("focus", {})).get(action)
    if gained is None:
        return
    fighter = draft.state.combatant(who)
    held = fighter.condition(FOCUS)
    if held is not None and held.level >= int(gained):
        return
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=FOCUS,
        category=FOCUS,
        level=int(gained),
        text=f"{fighter.name} focuses: +{gained} Advantage on the next test",
    )


def advantage(tables: NervTables, fighter: Combatant) -> list[Modifier]:
    """``+10 Focus`` (per Advantage held) on the holder's next rolled test."""
    held = fighter.condition(FOCUS)
    if held is None or held.level <= 0:
        return []
    step = tables.number("tests", "advantage") * held.level
    return [Modifier(step, f"{step:+d} Focus")]


def spent(draft: Draft, who: str) -> None:
    """After the rolled test: the Focus is spent."""
    if draft.state.combatant(who).condition(FOCUS) is not None:
        draft.emit(ev.ConditionRemoved, who=who, name=FOCUS, text="")


def status_line(fighter: Combatant) -> list[str]:
    """``Focus: +2 Advantage on the next test`` while held."""
    held = fighter.condition(FOCUS)
    if held is None or held.level <= 0:
        return []
    return [
        f"Focus: +{held.level} Advantage on the next test ('cure {fighter.id} Focus' once used)"
    ]
