"""alien-evolved time passing (seed 003): a stretch or a shift passes, timers call death
rolls, the Broken get up on their own (l.149), rest heals (l.151).

Whether one dying on a round or stretch timer gets up on their own after a stretch is the
encounter's reading ``dying_on_a_stretch`` (l.149 against l.155).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.grammar import Command
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.rules.alien_evolved import dying
from tracker.rules.alien_evolved.damage import timer_name
from tracker.rules.alien_evolved.downtime import no_rest_healing
from tracker.rules.readings import Reading, chosen

Data = Mapping[str, Any]
UNITS = ("stretch", "shift")


def stretch(
    draft: Draft, command: Command, dice: DiceLike, data: Data, readings: tuple[Reading, ...]
) -> None:
    """A stretch passes: round and stretch timers call death rolls (a stretch is many
    rounds, seed 003 l.155), the Broken get up, rest heals."""
    _pass(draft, data, "stretch", ("round", "stretch"))
    for fighter in draft.state.active:
        if _gets_up(fighter) and not _stays_down(draft.state, fighter, data, readings):
            dying.get_up(draft, fighter.id, 1, "on their own after a stretch")
        elif "rest" in command.args or command.flag("rest"):
            _rest(draft, fighter, data)


def shift(
    draft: Draft, command: Command, dice: DiceLike, data: Data, readings: tuple[Reading, ...]
) -> None:
    """A shift passes: every timer calls a death roll; the Broken get up — but for the dying
    the encounter keeps down through a stretch (a shift is many stretches, l.24-25)."""
    _pass(draft, data, "shift", ("round", "stretch", "shift"))
    for fighter in draft.state.active:
        if _gets_up(fighter) and not _stays_down(draft.state, fighter, data, readings):
            dying.get_up(draft, fighter.id, 1, "on their own")


def _stays_down(
    state: EncounterState, fighter: Combatant, data: Data, readings: tuple[Reading, ...]
) -> bool:
    """The encounter's reading of seed 003 l.149 and l.155 for the dying: with
    ``dying_on_a_stretch = "stays-down"`` one dying on a round or stretch timer does
    not get up on its own (a stretch is many rounds of death rolls: only first aid
    saves it); the default ``"gets-up"`` lets it up with its death roll still due."""
    reading = chosen(readings, state.options, "dying_on_a_stretch")
    return reading == "stays-down" and timer_name(fighter, data) in ("round", "stretch")


def _gets_up(fighter: Combatant) -> bool:
    """Seed 003 "On Your Own": the Broken "(but not dead)" get up after a stretch (a
    dying one too; its death rolls still come due)."""
    return fighter.condition("Broken") is not None and fighter.status != "dead"


def _pass(draft: Draft, data: Data, unit: str, timers: tuple[str, ...]) -> None:
    value = draft.state.tracks.get(unit, 0) + 1
    draft.emit(
        ev.TrackSet, who="", track=unit, value=value, text=f"A {unit} passes ({unit} {value})"
    )
    for fighter in draft.state.active:
        if fighter.status != "dead" and timer_name(fighter, data) in timers:
            dying.death_due(draft, fighter.id, f"the {unit} has passed")


def _rest(draft: Draft, fighter: Combatant, data: Data) -> None:
    if fighter.out_of_fight or fighter.track("health") >= fighter.limits["health"]:
        return
    tired = no_rest_healing(data, (c.name for c in fighter.conditions))
    if tired:
        draft.say(f"{fighter.name} is {tired}: no Health from rest (l.151)")
        return
    after = fighter.track("health") + 1
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="health",
        value=after,
        text=f"{fighter.name} rests: Health {fighter.track('health')} → {after}",
    )
