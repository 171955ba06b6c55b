"""Alien rolls waiting for the GM: criticals rolled and not entered (seed 003 l.136, 153),
each a reminder whose key names its number, so ``crit`` can resolve the right one; and
death rolls due (l.155-157), one reminder each (``deathroll``, ``deathroll-2`` …), so a
roll left unmade is not folded into the next one due."""

from __future__ import annotations

from tracker.core.model import EncounterState
from tracker.rules.fight_end import owed
from tracker.rules.reminder_series import due_in_series, in_series, next_in_series

CRITICAL = "critical"
"""Reminder keys of criticals waiting to be entered: ``critical-45`` (one per roll, so a
second critical before the first is entered is a second reminder; a second 45 waiting is
``critical-45-2``, seed 003 l.153 re-rolls only duplicates of 14 and up)."""


def critical_key(number: int, nth: int = 1) -> str:
    """The reminder key of the ``nth`` critical ``number`` waiting to be entered."""
    return f"{CRITICAL}-{number}" + (f"-{nth}" if nth > 1 else "")


def _waiting_number(key: str) -> int | None:
    """The critical number of a waiting-critical reminder key, None for other keys."""
    parts = key.split("-")
    if parts[0] != CRITICAL or len(parts) not in (2, 3) or not all(p.isdigit() for p in parts[1:]):
        return None
    return int(parts[1])


def waiting_keys(state: EncounterState, who: str, number: int) -> list[str]:
    """The reminder keys of critical ``number`` rolled for ``who`` and not entered, oldest first."""
    return [r.key for r in state.reminders if r.who == who and _waiting_number(r.key) == number]


def free_key(state: EncounterState, who: str, number: int) -> str:
    """The key for one more critical ``number`` waiting: ``critical-12``, then ``critical-12-2``."""
    taken = set(waiting_keys(state, who, number))
    nth = 1
    while critical_key(number, nth) in taken:
        nth += 1
    return critical_key(number, nth)


def oldest_waiting(state: EncounterState, who: str) -> tuple[str, int] | None:
    """The key and number of the critical rolled for ``who`` longest ago and not entered."""
    for reminder in state.reminders:
        number = _waiting_number(reminder.key)
        if reminder.who == who and number is not None:
            return reminder.key, number
    return None


def waiting_criticals(state: EncounterState, who: str) -> set[int]:
    """The critical numbers rolled for ``who`` and not entered yet."""
    numbers = (_waiting_number(r.key) for r in state.reminders if r.who == who)
    return {n for n in numbers if n is not None}


DEATH_ROLL = "deathroll"
"""The reminder key of the first death roll due; more due add ``-2``, ``-3`` …"""


def is_death_roll_key(key: str) -> bool:
    """True for the reminder of a death roll due (``deathroll`` or ``deathroll-N``)."""
    return in_series(key, DEATH_ROLL)


def death_rolls_due(state: EncounterState, who: str) -> list[str]:
    """The reminder keys of ``who``'s death rolls due, oldest first."""
    return due_in_series(state, who, DEATH_ROLL)


def free_death_roll_key(state: EncounterState, who: str) -> str:
    """The key for one more death roll due: ``deathroll``, then ``deathroll-2`` …"""
    return next_in_series(state, who, DEATH_ROLL)


OWED_AT_THE_END = {
    DEATH_ROLL: "death roll",
    CRITICAL: "critical to enter",
    "panic": "panic roll",
    "panic-table": "panic result to enter",
}
"""The reminders the fight's end names as still owed, by key, in the GM's words."""


def owed_at_the_end(state: EncounterState) -> list[str]:
    """What the end of the fight leaves owed (seed 003 l.155-162: a lethal critical's death
    rolls go on by its timer — round, stretch, shift — after the fight too): the rolls
    still due, and each living dying character, whose timer the campaign carries."""
    pending = owed(state, OWED_AT_THE_END)
    for fighter in state.combatants.values():
        if fighter.condition("Dying") and fighter.status != "dead":
            pending.append(f"{fighter.name} dying (death rolls go on by the timer)")
    return pending
