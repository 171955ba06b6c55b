"""Defiance Checks still to roll, one reminder each (seed 002 "Unconsciousness").

A Hero at 0 Wounds owes a check at the start of each turn and each time they are hurt,
"so it is possible to take a test for receiving damage, and then immediately have to take
another test due to it being the start of that Hero's turn": a check already due keeps its
reminder (``defiance``) and the next one gets its own (``defiance-2``, ``defiance-3`` …).
A roll settles the oldest; a pass, waking or death settles them all — death every other
reminder too (the Poisoned Toughness test, the Resolve test against fear).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant, EncounterState
from tracker.rules.fight_end import owed
from tracker.rules.reminder_series import due_in_series, in_series, next_in_series
from tracker.rules.wrath_glory.dice import is_hero

KEY = "defiance"
"""The first check's reminder key; later ones add ``-2``, ``-3`` …"""


def is_defiance_key(key: str) -> bool:
    """True for the reminder of a Defiance Check (``defiance`` or ``defiance-N``)."""
    return in_series(key, KEY)


def due_keys(state: EncounterState, who: str) -> list[str]:
    """Keys of the Defiance Checks ``who`` still owes, oldest first."""
    return due_in_series(state, who, KEY)


def raise_defiance(draft: Draft, who: str, why: str) -> None:
    """Remind the GM of one more Defiance Check."""
    fighter = draft.state.combatant(who)
    due = due_keys(draft.state, who)
    key = next_in_series(draft.state, who, KEY)
    draft.emit(ev.ReminderRaised, who=who, key=key, text=_text(fighter, why, len(due) + 1))


def _text(fighter: Combatant, why: str, due: int) -> str:
    owed = f"; {due} Defiance Checks due" if due > 1 else ""
    return (
        f"{fighter.name} — {why} (d6: 4+ stabilised, 6 up with 1 Wound; "
        f"failures {fighter.track('defiance')}/3){owed}"
    )


def settle(draft: Draft, who: str, *, every: bool) -> None:
    """Close the oldest check due (``every``: all of them — passed, woken or dead); a check
    still due after that says the failures as they stand now."""
    due = due_keys(draft.state, who)
    for key in due if every else due[:1]:
        draft.emit(ev.ReminderResolved, who=who, key=key)
    left = [] if every else due[1:]
    fighter = draft.state.combatant(who)
    for key in left:
        why = "unconscious: another Defiance Check still due"
        draft.emit(ev.ReminderRaised, who=who, key=key, text=_text(fighter, why, len(left)))


def nothing_owed(draft: Draft, who: str) -> None:
    """The dead roll nothing more: every reminder about ``who`` closes — Defiance Checks,
    the Toughness test of Poisoned, the Resolve test against fear (seed 002 "Defiance
    Checks": "Immediately upon failing the third Defiance Check, the character is dead")."""
    for reminder in draft.state.reminders_for(who):
        draft.emit(ev.ReminderResolved, who=who, key=reminder.key)


OWED_AT_THE_END = {
    KEY: "Defiance Check",
    "poison": "Toughness test (Poisoned)",
    "fear": "Resolve test (fear)",
}
"""The reminders the fight's end names as still owed, by key, in the GM's words."""


def owed_at_the_end(state: EncounterState, data: Mapping[str, Any]) -> list[str]:
    """What the end of the fight leaves owed: the tests still due, and each Hero still
    unconscious at 0 Wounds and not Stabilised (seed 002 "Unconsciousness": the Defiance
    Checks go on until they are stabilised, wake or die — the campaign carries the failures)."""
    pending = owed(state, OWED_AT_THE_END)
    for fighter in state.combatants.values():
        if (
            fighter.status == "dead"
            or fighter.track("wounds") > 0
            or "wounds" not in fighter.tracks
        ):
            continue
        if is_hero(fighter, data) and not fighter.condition("Stabilised"):
            failures = fighter.track("defiance")
            pending.append(
                f"{fighter.name} unconscious, not Stabilised (Defiance failures {failures})"
            )
    return pending
