"""Number keys for the ways to resolve a reminder, kept while the reminder is open.

Each open reminder gets a run of keys (``1``–``9``) when it first appears, the lowest
free run long enough for its choices; it keeps that run until it is resolved, so a
reminder arriving later never moves the keys the GM has already read. Choices that find
no free run have no key of their own and are reached through the list of every choice
(``0``), as they are by a click.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tracker.core.model import EncounterState, Reminder, slot_owner
from tracker.rules.base import Ruleset

KEYS = "123456789"
MORE = "0"
"""The key that lists every choice, keyed or not."""

ReminderId = tuple[str, str, int]


@dataclass(frozen=True)
class Choice:
    """One way to resolve a reminder: its label, the command line it runs, and its key
    (empty when it has none)."""

    reminder: Reminder
    label: str
    line: str
    key: str = ""


def identity(reminder: Reminder) -> ReminderId:
    """What tells one open reminder from another: whose, which, and when it was raised."""
    return (reminder.who, reminder.key, reminder.seq)


def reminder_choices(state: EncounterState, rules: Ruleset) -> list[Choice]:
    """Every resolving choice without keys, the acting combatant's reminders first, then
    in the order they were raised."""
    acting = slot_owner(state.current) if state.current else ""
    ordered = sorted(state.reminders, key=lambda r: (r.who != acting, r.seq))
    return [
        Choice(reminder, label, line)
        for reminder in ordered
        for label, line in rules.reminder_actions(reminder)
    ]


class ReminderKeys:
    """The keys handed out to open reminders; ``keyed`` brings them up to date."""

    def __init__(self) -> None:
        self._runs: dict[ReminderId, str] = {}
        self.frozen = False
        """While frozen (the screen shows an earlier turn) no key is handed out or freed."""
        self._last: tuple[EncounterState, bool, list[Choice]] | None = None

    def keyed(self, state: EncounterState, rules: Ruleset) -> list[Choice]:
        """Every choice with its key: keyed ones in key order, then the rest (worked out
        once per state: every resolve key and the status pane ask for the same)."""
        last = self._last
        if last is not None and last[0] is state and last[1] == self.frozen:
            return last[2]
        choices = self._keyed(state, rules)
        self._last = (state, self.frozen, choices)
        return choices

    def _keyed(self, state: EncounterState, rules: Ruleset) -> list[Choice]:
        if self.frozen:
            return [replace(c, key="") for c in reminder_choices(state, rules)]
        choices = reminder_choices(state, rules)
        groups: dict[ReminderId, list[Choice]] = {}
        for choice in choices:
            groups.setdefault(identity(choice.reminder), []).append(choice)
        self._forget(groups)
        for rid, group in groups.items():
            if rid not in self._runs:
                self._runs[rid] = self._free_run(len(group))
        keyed = [
            Choice(c.reminder, c.label, c.line, run[i] if i < len(run) else "")
            for rid, group in groups.items()
            for run in (self._runs[rid],)
            for i, c in enumerate(group)
        ]
        return sorted(keyed, key=lambda c: KEYS.index(c.key) if c.key else len(KEYS))

    def _forget(self, open_now: dict[ReminderId, list[Choice]]) -> None:
        """Free the keys of reminders resolved, and of any whose choices changed in number
        (one that found no keys tries again)."""
        for rid in list(self._runs):
            run = self._runs[rid]
            if rid not in open_now or len(run) != len(open_now[rid]):
                del self._runs[rid]

    def _free_run(self, length: int) -> str:
        """The lowest run of ``length`` free keys, or ``""`` when there is none."""
        taken = set("".join(self._runs.values()))
        for start in range(len(KEYS) - length + 1):
            run = KEYS[start : start + length]
            if not taken & set(run):
                return run
        return ""


def by_key(choices: Sequence[Choice], key: str) -> Choice | None:
    """The choice a key stands for."""
    return next((c for c in choices if key and c.key == key), None)
