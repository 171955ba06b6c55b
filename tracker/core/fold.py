"""The fold: ``apply`` one event to a state, ``replay`` a journal, honour undo/redo.

``apply`` is one function per event type (``functools.singledispatch``). It checks
``event.seq == state.seq + 1`` and raises ``FoldError`` otherwise. Undone commands stay
in the journal: ``replay`` steps over their events (advancing ``seq`` only; ``skip`` and
``undone_batches`` are the ones both journals share, from ``journal_events``). The
mutations of one combatant (joining, status, tracks, conditions, injuries, reminders)
are in ``combatant_fold``; those of the fight's flow (rounds, turns, order) are here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import singledispatch
from typing import Any, TypeVar

from tracker.core import events as ev
from tracker.core.combatant_fold import COMBATANT_MUTATIONS, with_combatant
from tracker.core.errors import FoldError
from tracker.core.journal_events import check_follows, mark_history, skip, undone_batches
from tracker.core.model import (
    EncounterState,
    RoundOrder,
    evolve,
    slot_owner,
)

T = TypeVar("T")


def apply(state: EncounterState, event: ev.Event) -> EncounterState:
    """The state after ``event``; the event must be the next one in sequence."""
    check_follows(state, event)
    kind = type(event)
    mutate = _DISPATCH.get(kind)
    if mutate is None:
        mutate = _DISPATCH[kind] = _mutate.dispatch(kind)
    return evolve(mutate(event, state), seq=event.seq)


def replay(
    initial: EncounterState, events: Sequence[ev.Event], checkpoints: Checkpoints | None = None
) -> EncounterState:
    """Fold ``events`` onto ``initial``, stepping over undone commands.

    With ``checkpoints``, the fold starts from the latest saved state that the current
    undo history leaves valid, and saves new ones as it goes.
    """
    undone = undone_batches(e for e in events if isinstance(e, ev.HISTORY_TYPES))
    start, state = (0, initial) if checkpoints is None else checkpoints.resume(undone, initial)
    return fold_on(state, events[start:], undone, start, checkpoints)


def fold_on(
    state: EncounterState,
    events: Sequence[ev.Event],
    undone: frozenset[int],
    count: int = 0,
    checkpoints: Checkpoints | None = None,
) -> EncounterState:
    """Fold ``events`` onto ``state`` (the state after the journal's first ``count``
    events), stepping over the batches in ``undone`` (those undone at the journal's end)."""
    for index, event in enumerate(events, count + 1):
        if event.batch in undone:
            state = skip(state, event)
        else:
            state = apply(state, event)
        if checkpoints is not None:
            checkpoints.offer(index, state, undone)
    return state


class Checkpoints:
    """States saved every ``every`` events, each with the undone batches it assumed.

    A saved state stays valid while the set of undone batches up to its position is
    unchanged, which is the usual case: undo and redo touch the latest commands.
    """

    def __init__(self, every: int = 1000) -> None:
        self.every = every
        self.saved: dict[int, tuple[EncounterState, frozenset[int]]] = {}

    def offer(self, count: int, state: EncounterState, undone: frozenset[int]) -> None:
        """Keep the state after ``count`` events if it falls on a checkpoint."""
        if count % self.every == 0:
            self.saved[count] = (state, frozenset(b for b in undone if b <= count))

    def resume(self, undone: frozenset[int], initial: EncounterState) -> tuple[int, EncounterState]:
        """(events already folded, state) from the latest checkpoint still valid."""
        for count in sorted(self.saved, reverse=True):
            state, assumed = self.saved[count]
            if assumed == frozenset(b for b in undone if b <= count):
                return count, state
            del self.saved[count]
        return 0, initial


# --- one mutation per event type -----------------------------------------------------

_DISPATCH: dict[type, Callable[[Any, EncounterState], EncounterState]] = {}
"""Mutations looked up once per event class (quicker than singledispatch's wrapper)."""


@singledispatch
def _mutate(event: ev.Event, state: EncounterState) -> EncounterState:
    """Events with no effect on state (notes, dice rolls) only advance ``seq``."""
    return state


@_mutate.register(ev.EncounterStarted)
def _(event: ev.EncounterStarted, state: EncounterState) -> EncounterState:
    return evolve(state, phase="running", round=1, surprised=event.surprised, acted=())


@_mutate.register(ev.EncounterEnded)
def _(event: ev.EncounterEnded, state: EncounterState) -> EncounterState:
    return evolve(state, phase="ended", current=None)


@_mutate.register(ev.RoundStarted)
def _(event: ev.RoundStarted, state: EncounterState) -> EncounterState:
    if not 1 <= event.round <= state.round + 1:  # rounds begin one after another
        raise FoldError(f"round {event.round} cannot begin after round {state.round}")
    surprised = state.surprised if event.round <= 1 else ()
    stepped = tuple(b for b in state.stepped_over if b[0] >= event.round)
    state = evolve(
        state, round=event.round, acted=(), surprised=surprised, current=None, stepped_over=stepped
    )
    kept = state.rounds.get(event.round)  # a round begun before, left by 'prev'
    return state if kept is None else _played_in(state, kept)


@_mutate.register(ev.RoundEnded)
def _(event: ev.RoundEnded, state: EncounterState) -> EncounterState:
    return evolve(state, current=None, rounds=_left(state))


def _left(state: EncounterState) -> dict[int, RoundOrder]:
    """``state.rounds`` with the round in play kept as play leaves it. The round before,
    played in the same order, is then kept only here (a fight whose order never changes
    keeps one); one whose order this one no longer shares is kept on its own first."""
    here, order = state.round, state.round_order()
    rounds = dict(state.rounds)
    before = state.order_of_round(here)
    if here - 1 not in rounds and before is not None and before != order:
        rounds[here - 1] = before
    rounds[here] = order
    if rounds.get(here - 1) == order:
        del rounds[here - 1]
    return rounds


def _played_in(state: EncounterState, kept: RoundOrder) -> EncounterState:
    """``state`` in the order a round was played in (``kept``); those who joined since
    keep their place at the end, those removed since stay out."""
    here = {c.id for c in state.active}
    known = {*kept.order, *kept.delayed, *kept.initiative}
    newcomers = tuple(s for s in state.order if s not in known)
    present = [s for s in (*kept.order, *kept.delayed, *kept.initiative) if slot_owner(s) in here]

    def kept_only(values: Mapping[str, T], now: Mapping[str, T]) -> dict[str, T]:
        return {
            **{s: v for s, v in values.items() if s in present},
            **{s: now[s] for s in newcomers if s in now},
        }

    return evolve(
        state,
        order=(*(s for s in kept.order if s in present), *newcomers),
        delayed=tuple(s for s in kept.delayed if s in present),
        initiative=kept_only(kept.initiative, state.initiative),
        tiebreak=kept_only(kept.tiebreak, state.tiebreak),
    )


@_mutate.register(ev.TurnStarted)
def _(event: ev.TurnStarted, state: EncounterState) -> EncounterState:
    state = evolve(state, current=event.who, stepped_over=_crossed(state, event.who, "start"))
    return with_combatant(state, event.who, spent=())


@_mutate.register(ev.TurnEnded)
def _(event: ev.TurnEnded, state: EncounterState) -> EncounterState:
    acted = state.acted if event.who in state.acted else (*state.acted, event.who)
    return evolve(state, acted=acted, stepped_over=_crossed(state, event.who, "end"))


def _crossed(state: EncounterState, slot: str, edge: str) -> tuple[tuple[int, str, str], ...]:
    """``state.stepped_over`` once ``slot``'s turn ``edge`` is crossed again."""
    if not state.stepped_over:
        return state.stepped_over
    return tuple(b for b in state.stepped_over if b != (state.round, slot, edge))


@_mutate.register(ev.TurnSkipped)
def _(event: ev.TurnSkipped, state: EncounterState) -> EncounterState:
    acted = state.acted if event.who in state.acted else (*state.acted, event.who)
    return evolve(state, acted=acted)


@_mutate.register(ev.TurnRewound)
def _(event: ev.TurnRewound, state: EncounterState) -> EncounterState:
    was = state
    if event.round < state.round:  # back into the round before
        state = evolve(state, rounds=_left(state))
        kept = state.order_of_round(event.round)
        state = state if kept is None else _played_in(state, kept)
    order = state.order
    acted = order[: order.index(event.who)] if event.who in order else ()
    state = evolve(state, current=event.who, round=event.round, acted=acted)
    return evolve(state, stepped_over=_stepped_back(was, state))


def _stepped_back(was: EncounterState, now: EncounterState) -> tuple[tuple[int, str, str], ...]:
    """The turn starts and ends ``prev`` steps back over from ``was`` to ``now``: those of
    the round left (the turns begun, and ended, in it) and, back in the round before, those
    of every turn from the one returned to on."""
    began = [s for s in (*was.acted, was.current) if s is not None]
    if now.round == was.round:
        began = [s for s in began if s not in now.acted]
    edges = [(was.round, s, "start") for s in began]
    edges += [(was.round, s, "end") for s in was.acted if s in began]
    if now.round < was.round:
        played = [s for s in now.order if s not in now.acted]
        edges += [(now.round, s, edge) for s in played for edge in ("start", "end")]
    known = set(was.stepped_over)
    return (*was.stepped_over, *(e for e in edges if e not in known))


@_mutate.register(ev.TurnDelayed)
def _(event: ev.TurnDelayed, state: EncounterState) -> EncounterState:
    order = tuple(s for s in state.order if s != event.who)
    current = None if state.current == event.who else state.current
    return evolve(state, order=order, delayed=(*state.delayed, event.who), current=current)


@_mutate.register(ev.TurnResumed)
def _(event: ev.TurnResumed, state: EncounterState) -> EncounterState:
    if event.who not in state.delayed:
        raise FoldError(f"{event.who!r} is not delaying")
    delayed = tuple(s for s in state.delayed if s != event.who)
    order = list(state.order)
    position = order.index(event.after) + 1 if event.after in order else 0
    order.insert(position, event.who)
    return evolve(state, order=tuple(order), delayed=delayed)


@_mutate.register(ev.InitiativeSet)
def _(event: ev.InitiativeSet, state: EncounterState) -> EncounterState:
    initiative = {**state.initiative, event.who: event.value}
    tiebreak = {**state.tiebreak, event.who: event.tiebreak}
    return evolve(state, initiative=initiative, tiebreak=tiebreak)


@_mutate.register(ev.InitiativeCleared)
def _(event: ev.InitiativeCleared, state: EncounterState) -> EncounterState:
    gone = set(event.slots)
    initiative = {k: v for k, v in state.initiative.items() if k not in gone}
    tiebreak = {k: v for k, v in state.tiebreak.items() if k not in gone}
    order = tuple(s for s in state.order if s not in gone)
    return evolve(state, initiative=initiative, tiebreak=tiebreak, order=order)


@_mutate.register(ev.OrderSet)
def _(event: ev.OrderSet, state: EncounterState) -> EncounterState:
    delayed = tuple(s for s in state.delayed if s not in event.order)
    return evolve(state, order=event.order, delayed=delayed)


@_mutate.register(ev.OptionSet)
def _(event: ev.OptionSet, state: EncounterState) -> EncounterState:
    return evolve(state, options={**state.options, event.key: event.value})


for _event_class, _combatant_mutation in COMBATANT_MUTATIONS.items():
    _mutate.register(_event_class, _combatant_mutation)
_mutate.register(ev.HistoryUndone, mark_history)
_mutate.register(ev.HistoryRedone, mark_history)
