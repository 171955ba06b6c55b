"""eva-escale at the fight's end: pilots left on foot (seed 001 l.161) — "If the mission
ends in defeat for the Pilot's side, and the Pilot has not managed to escape, then they
are considered Lost; they and any other Lost pilots must be rescued as part of a Field
Mission on the next turn, and may not be deployed until the start of the turn after being
rescued." Whether the mission ended in defeat is the GM's answer (``end outcome=…``);
a pilot who escaped or was rescued has left the battle (removed) and is not on foot."""

from __future__ import annotations

from collections.abc import Mapping

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState
from tracker.rules.eva_escale.forces import ON_FOOT
from tracker.rules.fight_end import answer

LOST = "Lost"
"""The condition of a pilot Lost at a defeat: the campaign carries it until the rescue."""

OUTCOMES = ("victory", "defeat")
"""The answers ``end outcome=`` takes."""


def stranded(state: EncounterState) -> list[Combatant]:
    """The pilots still on foot in the battle: neither escaped, rescued nor dead."""
    return [
        c
        for c in state.combatants.values()
        if c.condition(ON_FOOT) is not None and c.status not in ("removed", "dead")
    ]


def mission_ends(draft: Draft, answers: Mapping[str, str]) -> list[str]:
    """Pilots on foot at a defeat are Lost (named in the end's line, carried by the
    campaign); the GM is asked the outcome first when anyone is still on foot."""
    outcome = answer(answers, "outcome", OUTCOMES)
    left = stranded(draft.state)
    if not left or outcome == "victory":
        return []
    names = ", ".join(c.name for c in left)
    if not outcome:
        raise RuleError(
            f"{names} {'is' if len(left) == 1 else 'are'} still on foot: did the mission end "
            "in defeat? 'end outcome=defeat' (Lost: rescued in a Field Mission next turn) "
            "or 'end outcome=victory'"
        )
    for pilot in left:
        draft.emit(
            ev.ConditionApplied,
            who=pilot.id,
            name=LOST,
            category="Pilot",
            text=f"{pilot.name} is Lost: a Field Mission next turn must rescue them, and they "
            "are not deployed until the start of the turn after the rescue",
        )
    return [f"{names} Lost (rescue in a Field Mission next turn)"]
