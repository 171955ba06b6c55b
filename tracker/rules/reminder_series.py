"""Reminders that come in a series, one per thing owed: ``defiance``, ``defiance-2`` …
(Wrath & Glory's Defiance Checks), ``deathroll``, ``deathroll-2`` … (Alien's death rolls).
A second one owed before the first is settled is a reminder of its own, so a roll left
unmade is never folded into the next one due; a roll settles the oldest."""

from __future__ import annotations

from tracker.core.model import EncounterState


def in_series(key: str, head: str) -> bool:
    """True for a reminder key of the series ``head`` (``head`` or ``head-N``)."""
    first, _, number = key.partition("-")
    return first == head and (not number or number.isdigit())


def due_in_series(state: EncounterState, who: str, head: str) -> list[str]:
    """The keys of ``who``'s reminders of the series ``head``, oldest first."""
    due = [r for r in state.reminders if r.who == who and in_series(r.key, head)]
    return [r.key for r in sorted(due, key=lambda r: r.seq)]


def next_in_series(state: EncounterState, who: str, head: str) -> str:
    """The key for one more of the series owed: ``head``, then ``head-2``, ``head-3`` …"""
    taken, key, nth = set(due_in_series(state, who, head)), head, 2
    while key in taken:
        key, nth = f"{head}-{nth}", nth + 1
    return key
