"""The fold's mutations of one combatant: joining, renaming, status, tracks, conditions,
injuries, actions spent and reminders. ``tracker.core.fold`` registers each on its
``apply`` (the flow of rounds and turns is there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.core import events as ev
from tracker.core.errors import FoldError, RuleError
from tracker.core.model import (
    Combatant,
    Condition,
    EncounterState,
    Injury,
    Reminder,
    Trait,
    evolve,
    slot_owner,
)
from tracker.core.traits import read_traits

Mutation = Callable[[Any, EncounterState], EncounterState]

COMBATANT_MUTATIONS: dict[type[ev.Event], Mutation] = {}
"""The mutation of each combatant event, by event class."""


def _mutation(kind: type[ev.Event]) -> Callable[[Mutation], Mutation]:
    def register(mutate: Mutation) -> Mutation:
        COMBATANT_MUTATIONS[kind] = mutate
        return mutate

    return register


def with_combatant(state: EncounterState, who: str, **changes: object) -> EncounterState:
    """The state with fields of one combatant (``who``: an id or a slot) replaced."""
    cid = slot_owner(who)
    try:
        fighter = state.combatants[cid]
    except KeyError:
        raise FoldError(f"no combatant {cid!r} in the encounter") from None
    combatants = dict(state.combatants)
    combatants[cid] = evolve(fighter, **changes)
    return evolve(state, combatants=combatants)


@_mutation(ev.CombatantAdded)
def _(event: ev.CombatantAdded, state: EncounterState) -> EncounterState:
    if event.id in state.combatants:
        raise FoldError(f"combatant {event.id!r} already exists")
    fighter = Combatant(
        id=event.id,
        name=event.name,
        side=event.side,
        kind=event.kind,
        stats=event.stats,
        armour=event.armour,
        extras=event.extras,
        hidden=event.hidden,
        traits=_traits(event),
    )
    return evolve(state, combatants={**state.combatants, event.id: fighter})


def _traits(event: ev.CombatantAdded) -> tuple[Trait, ...]:
    if not event.traits:
        return ()
    try:
        return read_traits(event.traits, event.name)
    except RuleError as err:
        raise FoldError(str(err)) from None


@_mutation(ev.CombatantRenamed)
def _(event: ev.CombatantRenamed, state: EncounterState) -> EncounterState:
    return with_combatant(state, event.who, name=event.name)


@_mutation(ev.StatusChanged)
def _(event: ev.StatusChanged, state: EncounterState) -> EncounterState:
    state = with_combatant(state, event.who, status=event.status)
    if event.status != "removed":
        return state
    owner = slot_owner(event.who)
    order = tuple(s for s in state.order if slot_owner(s) != owner)
    delayed = tuple(s for s in state.delayed if slot_owner(s) != owner)
    return evolve(state, order=order, delayed=delayed)


@_mutation(ev.Revealed)
def _(event: ev.Revealed, state: EncounterState) -> EncounterState:
    return with_combatant(state, event.who, hidden=event.hidden)


@_mutation(ev.CombatantNoted)
def _(event: ev.CombatantNoted, state: EncounterState) -> EncounterState:
    return with_combatant(state, event.who, notes=event.notes)


@_mutation(ev.TrackSet)
def _(event: ev.TrackSet, state: EncounterState) -> EncounterState:
    if not event.who:
        return evolve(state, tracks={**state.tracks, event.track: event.value})
    fighter = state.combatant(event.who) if slot_owner(event.who) in state.combatants else None
    if fighter is None:
        raise FoldError(f"no combatant {event.who!r} in the encounter")
    tracks = {**fighter.tracks, event.track: event.value}
    if event.limit < 0:
        return with_combatant(state, event.who, tracks=tracks)
    limits = {**fighter.limits, event.track: event.limit}
    return with_combatant(state, event.who, tracks=tracks, limits=limits)


@_mutation(ev.ConditionApplied)
def _(event: ev.ConditionApplied, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    kept = tuple(c for c in fighter.conditions if c.name.casefold() != event.name.casefold())
    condition = Condition(
        name=event.name,
        category=event.category,
        rounds=event.rounds,
        level=event.level,
        source=event.source,
        since_round=state.round,
    )
    return with_combatant(state, event.who, conditions=(*kept, condition))


@_mutation(ev.ConditionChanged)
def _(event: ev.ConditionChanged, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    old = fighter.condition(event.name)
    if old is None:
        raise FoldError(f"{fighter.name} has no {event.name}")
    new = evolve(old, rounds=event.rounds, level=event.level)
    conditions = tuple(new if c is old else c for c in fighter.conditions)
    return with_combatant(state, event.who, conditions=conditions)


@_mutation(ev.ConditionRemoved)
def _(event: ev.ConditionRemoved, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    wanted = event.name.casefold()
    kept = tuple(c for c in fighter.conditions if c.name.casefold() != wanted)
    return with_combatant(state, event.who, conditions=kept)


@_mutation(ev.InjuryAdded)
def _(event: ev.InjuryAdded, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    injury = Injury(
        location=event.location,
        score=event.score,
        name=event.name,
        effect=event.effect,
        lethal=event.lethal,
        seq=event.seq,
    )
    return with_combatant(state, event.who, injuries=(*fighter.injuries, injury))


@_mutation(ev.InjuryRemoved)
def _(event: ev.InjuryRemoved, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    for injury in reversed(fighter.injuries):
        if injury.location == event.location and injury.name == event.name:
            kept = tuple(i for i in fighter.injuries if i is not injury)
            return with_combatant(state, event.who, injuries=kept)
    raise FoldError(f"{fighter.name} has no injury {event.name!r} at {event.location}")


@_mutation(ev.ActionUsed)
def _(event: ev.ActionUsed, state: EncounterState) -> EncounterState:
    fighter = state.combatant(event.who)
    return with_combatant(state, event.who, spent=(*fighter.spent, event.action))


@_mutation(ev.ReminderRaised)
def _(event: ev.ReminderRaised, state: EncounterState) -> EncounterState:
    kept = tuple(r for r in state.reminders if (r.who, r.key) != (event.who, event.key))
    reminder = Reminder(who=event.who, key=event.key, text=event.text, seq=event.seq)
    return evolve(state, reminders=(*kept, reminder))


@_mutation(ev.ReminderResolved)
def _(event: ev.ReminderResolved, state: EncounterState) -> EncounterState:
    kept = tuple(r for r in state.reminders if (r.who, r.key) != (event.who, event.key))
    return evolve(state, reminders=kept)
