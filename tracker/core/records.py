"""Typed constructors for the events a ruleset writes: one function per kind, its fields
named and typed, so mypy checks what ``draft.emit(kind, **fields)`` cannot.

Each builds the same event the journal has always held (a file written before these
existed replays the same), emits it into the draft and returns it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tracker.core import events as ev
from tracker.core.draft import Draft

if TYPE_CHECKING:
    from tracker.core.protocol import RollLike


def record_roll(
    draft: Draft,
    who: str,
    expr: str,
    rolls: Iterable[int],
    *,
    total: int,
    reason: str,
    text: str,
    gm_only: bool = False,
) -> ev.DiceRolled:
    """A roll made for ``who`` (empty: nobody in particular), its faces recorded:
    ``expr`` as the GM reads it (``1d100``, ``3d6``), ``rolls`` the faces, ``total`` what
    the rule made of them (a sum, a count of icons), ``reason`` why it was rolled (the
    event's ``purpose``), ``text`` its log line; ``gm_only``: behind the screen, never
    shown to the players."""
    return draft.emit(
        ev.DiceRolled,
        who=who,
        expr=expr,
        rolls=tuple(rolls),
        total=total,
        purpose=reason,
        text=text,
        gm_only=gm_only,
    )


def record_roll_of(
    draft: Draft, who: str, roll: RollLike, *, reason: str, text: str, gm_only: bool = False
) -> ev.DiceRolled:
    """:func:`record_roll` of a roll the dice made (its expression, faces and total)."""
    return record_roll(
        draft,
        who,
        roll.expr,
        roll.dice,
        total=roll.total,
        reason=reason,
        text=text,
        gm_only=gm_only,
    )


def say(draft: Draft, text: str, who: str = "", *, gm_only: bool = False) -> ev.Said:
    """A log line with no effect on the fight (about ``who``, if given); ``gm_only``: for
    the GM alone (the command to type next), never shown to the players."""
    return draft.emit(ev.Said, who=who, text=text, gm_only=gm_only)


def track_set(
    draft: Draft, who: str, track: str, value: int, *, limit: int = -1, text: str = ""
) -> ev.TrackSet:
    """A track now reads ``value`` (``limit`` >= 0: its new maximum; ``who`` empty: an
    encounter-wide pool, which has no maximum: keep a clock's size in a pool of its own,
    and read pools from ``state.tracks`` in ``header_parts``). Not clamped:
    ``tracker.api.set_track`` clamps. A limit on a pool is a TypeError, not lost in silence."""
    if not who and limit >= 0:
        raise TypeError(
            f"track_set: the encounter-wide pool {track!r} has no maximum (limit={limit}); "
            f"keep the size in a pool of its own, e.g. {track + '-size'!r}"
        )
    return draft.emit(ev.TrackSet, who=who, track=track, value=value, limit=limit, text=text)


def condition_applied(
    draft: Draft,
    who: str,
    name: str,
    *,
    category: str = "",
    rounds: int = 0,
    level: int = 0,
    source: str = "",
    text: str = "",
) -> ev.ConditionApplied:
    """``who`` gains a condition (or has it replaced): ``rounds`` > 0 counts down,
    ``level`` > 0 is its strength, ``source`` who caused it."""
    return draft.emit(
        ev.ConditionApplied,
        who=who,
        name=name,
        category=category,
        rounds=rounds,
        level=level,
        source=source,
        text=text,
    )


def condition_changed(
    draft: Draft, who: str, name: str, *, rounds: int = 0, level: int = 0, text: str = ""
) -> ev.ConditionChanged:
    """A condition's countdown or level changes."""
    return draft.emit(
        ev.ConditionChanged, who=who, name=name, rounds=rounds, level=level, text=text
    )


def condition_removed(draft: Draft, who: str, name: str, *, text: str = "") -> ev.ConditionRemoved:
    """A condition ends (shaken off, cured, expired)."""
    return draft.emit(ev.ConditionRemoved, who=who, name=name, text=text)


def reminder_raised(draft: Draft, who: str, key: str, *, text: str) -> ev.ReminderRaised:
    """Something for the GM to resolve about ``who``; ``key`` names it for
    ``reminder_resolved`` and the ruleset's ``reminder_actions``."""
    return draft.emit(ev.ReminderRaised, who=who, key=key, text=text)


def reminder_resolved(draft: Draft, who: str, key: str, *, text: str = "") -> ev.ReminderResolved:
    """The reminder ``key`` about ``who`` is dealt with."""
    return draft.emit(ev.ReminderResolved, who=who, key=key, text=text)


def status_changed(draft: Draft, who: str, status: str, *, text: str = "") -> ev.StatusChanged:
    """``who`` is now ``active``, ``down``, ``dead`` or ``removed``."""
    return draft.emit(ev.StatusChanged, who=who, status=status, text=text)


def tie_broken(draft: Draft, slot: str, number: int, *, text: str = "") -> ev.InitiativeSet:
    """``slot``, tied on initiative and the tie chain, is placed by ``number`` (higher
    acts first among the tied, whatever ``descending`` says): what a ``break_tie`` of a
    ruleset's own records for each slot it orders (a card drawn, a die rolled, a score)."""
    if slot not in draft.state.initiative:
        raise TypeError(f"tie_broken: {slot!r} has no initiative to break a tie on")
    value = draft.state.initiative[slot]
    return draft.emit(ev.InitiativeSet, who=slot, value=value, tiebreak=number, text=text)
