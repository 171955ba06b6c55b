"""Altitude bands for flyers, shared by the d100 rulesets whose text has them.

The bands come from the ruleset's ``[altitude] bands`` (lowest first). A combatant whose
roster names a band (``altitude = "low"``) can fly and carries the ``altitude`` track (the
band's index); everyone else stands on the lowest band. ``fly`` moves between bands,
``fall`` starts a fall (the ``Falling`` condition, its level the band it began at) and
``drop`` lowers a faller one band at the end of a round, reporting a crash.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant
from tracker.core.wording import counted
from tracker.rules.base import RosterError
from tracker.rules.d100 import D100Tables, folded

ALTITUDE = "altitude"
FALLING = "Falling"


def bands(tables: D100Tables) -> tuple[str, ...]:
    """The altitude bands, lowest first."""
    return tables.words("altitude", "bands")


def check_roster(tables: D100Tables, fighter: Combatant) -> None:
    """A roster ``altitude`` names one of the bands (RosterError otherwise)."""
    altitude = fighter.extras.get("altitude")
    if altitude is not None and folded(str(altitude)) not in bands(tables):
        raise RosterError(
            f"altitude of {fighter.name} must be {', '.join(bands(tables))}", "altitude"
        )


def starting_band(tables: D100Tables, fighter: Combatant) -> dict[str, int]:
    """The ``altitude`` track of a flyer (none for a combatant who cannot fly)."""
    altitude = fighter.extras.get("altitude")
    if altitude is None:
        return {}
    return {ALTITUDE: bands(tables).index(folded(str(altitude)))}


def band_of(fighter: Combatant) -> int:
    """The band a combatant is at (0, the ground, for those who cannot fly)."""
    return fighter.track(ALTITUDE)


def band_name(tables: D100Tables, band: int) -> str:
    """``Low`` for band 1."""
    return bands(tables)[band].capitalize()


def fly(
    draft: Draft, tables: D100Tables, fighter: Combatant, wanted: str, most: int, how: str = ""
) -> int:
    """Move ``fighter`` to the band ``wanted``, at most ``most`` bands away (``how`` ends
    the log line); returns how many bands it moved. RuleError for a non-flyer, a faller,
    or too far a move."""
    names = bands(tables)
    key = folded(wanted)
    if key not in names:
        raise RuleError(f"no altitude '{wanted}' — {', '.join(names)}")
    if ALTITUDE not in fighter.tracks:
        raise RuleError(
            f'{fighter.name} cannot fly (a flyer\'s roster says altitude = "{names[0]}")'
        )
    if fighter.condition(FALLING) is not None:
        raise RuleError(
            f"{fighter.name} is falling: 'cure {fighter.id} {FALLING}' once it can fly again"
        )
    now, new = band_of(fighter), names.index(key)
    if new == now:
        raise RuleError(f"{fighter.name} is already at {band_name(tables, now)}")
    if abs(new - now) > most:
        raise RuleError(
            f"{fighter.name} is at {band_name(tables, now)}: "
            f"a move changes at most {counted(most, 'band')}"
        )
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track=ALTITUDE,
        value=new,
        text=f"{fighter.name} flies {'up' if new > now else 'down'} to "
        f"{band_name(tables, new)}{how}",
    )
    return abs(new - now)


def start_falling(draft: Draft, tables: D100Tables, fighter: Combatant, category: str) -> None:
    """``fighter`` begins to fall from its band (RuleError on the ground or already)."""
    band = band_of(fighter)
    if band == 0:
        raise RuleError(f"{fighter.name} is on the ground: nothing to fall from")
    if fighter.condition(FALLING) is not None:
        raise RuleError(f"{fighter.name} is already falling")
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=FALLING,
        category=category,
        level=band,
        text=f"{fighter.name} begins to fall from {band_name(tables, band)}: one band "
        "at the end of each round",
    )


def drop(draft: Draft, tables: D100Tables, fighter: Combatant, *, to_ground: bool = False) -> str:
    """End of a round: a faller drops one band (at the fight's end, ``to_ground``: the fall
    runs its course). Returns the band its fall began at when it reaches the ground (a
    crash), else an empty string."""
    held = fighter.condition(FALLING)
    if held is None:
        return ""
    band = 0 if to_ground else max(0, band_of(fighter) - 1)
    said = "the fight is over, but the fall goes on: " if to_ground else ""
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track=ALTITUDE,
        value=band,
        text=f"{said}{fighter.name} falls to {band_name(tables, band)}",
    )
    if band > 0:
        return ""
    draft.emit(ev.ConditionRemoved, who=fighter.id, name=FALLING)
    return bands(tables)[max(1, held.level)]


def reach_refusal(
    names: tuple[str, ...], attacker: Combatant, target: Combatant, melee: bool, longshot: bool
) -> str:
    """Why ``attacker`` cannot reach ``target`` across the bands, or ``""``: nothing
    between the highest band and a lower one without a specially long-ranged weapon the
    GM approves (``longshot``), and no melee from the ground at the band above it (seed
    000 l.83-84, seed 004 l.83-84). ``names``: the bands, lowest first."""
    top = len(names) - 1
    mine, theirs = band_of(attacker), band_of(target)
    where = (
        f"{attacker.name} is at {names[mine].capitalize()}, "
        f"{target.name} at {names[theirs].capitalize()}"
    )
    if top in (mine, theirs) and mine != theirs and not longshot:
        return (
            f"{where}: no attack between {names[top].capitalize()} and a lower band, unless "
            "a specially long-ranged weapon the GM approves ('longshot')"
        )
    if melee and mine == 0 and theirs == 1:
        return (
            f"{where}: a {names[0].capitalize()} attacker cannot melee attack a "
            f"{names[1].capitalize()} flyer"
        )
    return ""
