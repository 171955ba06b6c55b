"""Wrath & Glory: a held turn that began, and the Toughness test Poisoned asks at the end
of every turn (seed 002 "Poisoned", l.302-307) — a held turn lost at the end of the round
(l.40-41) is a turn that ends there, so its test comes then; a hold declared before the
turn began loses a turn that never began, and asks none.

Whether the held turn began is recorded as the holder's ``Holding`` mark (category
``hold``), put on when the acting combatant holds and taken off when that turn ends."""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant, slot_owner

HOLDING = "Holding"
"""The mark of a combatant who held on their own turn: that turn has begun."""

CATEGORY = "hold"
"""The condition category of the mark (no effect, no option: the tracker's record)."""

POISON_TEST = "poison"
"""The reminder key of the Toughness test Poisoned asks at the end of each turn."""


def mark_begun(draft: Draft, slot: str) -> None:
    """The acting ``slot`` holds: its turn has begun and ends when it is played or lost."""
    _mark(draft, slot, HOLDING, "turn begun")


def turn_ended(draft: Draft, fighter: Combatant) -> None:
    """A turn of ``fighter`` ends: the held turn (if any) is over, the poison test is due."""
    if fighter.condition(HOLDING):
        draft.emit(ev.ConditionRemoved, who=fighter.id, name=HOLDING)
    poison_test_due(draft, fighter)


def lost_turns_end(draft: Draft) -> None:
    """At the end of the round the held turns still held are lost: one that began ends
    there (its poison test is due); one held before it began was never taken."""
    for slot in draft.state.delayed:
        fighter = draft.state.combatant(slot)
        if fighter.condition(HOLDING):
            turn_ended(draft, fighter)


def poison_test_due(draft: Draft, fighter: Combatant) -> None:
    """Seed 002 l.304: a Poisoned character tests Toughness at the end of every turn."""
    if fighter.condition("Poisoned") and fighter.status != "dead":
        draft.emit(
            ev.ReminderRaised,
            who=fighter.id,
            key=POISON_TEST,
            text=f"{fighter.name} is Poisoned: a Toughness test now, or suffer the poison's damage",
        )


def poison_ended(draft: Draft, who: str) -> None:
    """Poisoned has ended (a passed Toughness test, Medicae, the GM's cure): the test it
    asked is no longer owed (seed 002 l.305-307)."""
    if any(r.who == who and r.key == POISON_TEST for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=who, key=POISON_TEST)


INTERRUPTED = "Interrupted"
"""The mark of one whose turn a holder interrupted: that turn resumes next, as it was."""


def mark_interrupted(draft: Draft, slot: str) -> None:
    """A holder cut in on ``slot``'s turn (seed 002 "Hold Action"): it resumes afterwards."""
    _mark(draft, slot, INTERRUPTED, slot)


def _mark(draft: Draft, slot: str, name: str, source: str) -> None:
    """Put the record ``name`` (no effect, no option) on ``slot``'s combatant."""
    draft.emit(
        ev.ConditionApplied, who=slot_owner(slot), name=name, category=CATEGORY, source=source
    )


def resumes(fighter: Combatant, slot: str) -> bool:
    """True when ``slot``'s turn was interrupted and has not resumed yet."""
    held = fighter.condition(INTERRUPTED)
    return held is not None and held.source == slot


def resume(draft: Draft, fighter: Combatant) -> None:
    """The interrupted turn goes on: the mark is taken off."""
    draft.emit(ev.ConditionRemoved, who=fighter.id, name=INTERRUPTED)


def interrupted_end(draft: Draft) -> None:
    """At the end of the round no interrupted turn is left to resume (its owner fell or
    died before it came back): the marks go."""
    for fighter in draft.state.active:
        if fighter.condition(INTERRUPTED):
            resume(draft, fighter)
