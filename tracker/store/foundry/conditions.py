"""The conditions on a Foundry sheet, as the ruleset's own conditions.

A copy joining a fight (``import … --into``) has on the conditions its sheet showed, put
on in the command that adds it; a bestiary block has none. Where the ruleset has no such
condition the report says so; what the ruleset puts on itself from a track (Wrath &
Glory's Exhausted at 0 Shock, Unconscious at 0 Wounds) is never put on by hand.

Wrath & Glory keeps a condition as a status effect (``statuses``; ``flags.core.statusId``
before Foundry 11) with its rating in ``flags.wrath-and-glory.value`` (its name then reads
``Hindered (2)``). Alien RPG keeps them as status effects too, and mirrors them into
``system.general.*`` (``panic.value`` 1, ``starving`` true — ``starving.value`` before the
v13 data model —, ``radiation.value`` the points taken), which an actor may carry
without the effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.store.foundry.effects import Status
from tracker.store.foundry.shapes import ActorExport, at, whole
from tracker.store.sheet_marks import Marks

CARRIED: dict[str, dict[str, str]] = {
    "wrath-glory": {
        "prone": "Prone",
        "hindered": "Hindered",
        "vulnerable": "Vulnerable",
        "poisoned": "Poisoned",
        "fear": "Fear",
    },
    "alien-evolved": {
        "panicked": "Panicking",
        "fatigued": "Fatigued",
        "encumbered": "Over-encumbered",
        "fullcover": "Full cover",
        "partialcover": "Partial cover",
    },
}
"""A system's status id → the ruleset's condition of that meaning."""
DERIVED: dict[str, dict[str, str]] = {
    "wrath-glory": {
        "exhausted": "it puts Exhausted on at 0 Shock",
        "dying": "it puts Unconscious on at 0 Wounds",
        "unconscious": "it puts Unconscious on at 0 Wounds",
    },
    "alien-evolved": {"unconscious": "Broken comes at 0 Health"},
}
"""Status ids the ruleset derives from a track itself: never put on by hand."""
ALIEN_FLAGS = {
    "starving": "Starving",
    "dehydrated": "Dehydrated",
    "exhausted": "Exhausted",
    "freezing": "Freezing",
    "hypoxia": "Hypoxia",
    "heatstroke": "Heatstroke",
    "gravitydyspraxia": "Gravity Dyspraxia",
    "fatigued": "Fatigued",
    "overwatch": "Overwatch",
}
"""Alien RPG's ``system.general.<flag>`` (``.value`` before the v13 data model): true
while the condition is on."""
ALIEN_READ = ("general.radiation", *(f"general.{flag}" for flag in ALIEN_FLAGS))
"""The ``system`` fields read here (not "ignored" in the report)."""


def sheet_conditions(actor: ActorExport) -> list[Status]:
    """The conditions on the actor's sheet: its status effects, and (Alien RPG) those its
    ``system.general`` flags say are on, each once."""
    found = {status.id: status for status in actor.conditions}
    if actor.system == "alienrpg":
        for status in _alien_flags(actor.data):
            found.setdefault(status.id, status)
    return list(found.values())


def carried(actor: ActorExport, ruleset: str) -> tuple[Marks, list[str]]:
    """(the ruleset's conditions a copy joining a fight has on, the report's remarks)."""
    marks: list[tuple[str, int]] = []
    shown: list[str] = []
    missing: list[str] = []
    derived: list[str] = []
    for status in sheet_conditions(actor):
        name = CARRIED.get(ruleset, {}).get(status.id)
        why = DERIVED.get(ruleset, {}).get(status.id)
        if name and (name, status.level) not in marks:
            marks.append((name, status.level))
            shown.append(status.name)
        elif why:
            derived.append(f"{status.name} ({why})")
        elif not name:
            missing.append(status.name)
    return tuple(marks), _remarks(ruleset, shown, missing, derived)


def _remarks(ruleset: str, shown: list[str], missing: list[str], derived: list[str]) -> list[str]:
    remarks = []
    if shown:
        remarks.append(
            f"conditions on the sheet: {', '.join(shown)}: a copy joining a fight (--into)"
            " has them on; a bestiary block has none"
        )
    if missing:
        remarks.append(f"not carried (no such condition in {ruleset}): {', '.join(missing)}")
    if derived:
        remarks.append(f"not put on ({ruleset} does it itself): {'; '.join(derived)}")
    return remarks


def _alien_flags(data: Mapping[str, Any]) -> list[Status]:
    found = []
    if _on(at(data, "general.panic.value")):
        found.append(Status("panicked", "Panicked"))
    general = at(data, "general")
    found += [Status(k, name) for k, name in ALIEN_FLAGS.items() if _on(at(general, k))]
    points = whole(at(data, "general.radiation.value")) or 0
    if points > 0:
        found.append(Status("radiation", f"Radiation {points}", points))
    return found


def _on(value: Any) -> bool:
    """A flag the system stores as true, 1 or "1" (its panic value has been each), alone
    or as ``{value: …}``."""
    if isinstance(value, Mapping):
        value = value.get("value")
    if isinstance(value, bool):
        return value
    return whole(value) == 1 if isinstance(value, int | str) else False
