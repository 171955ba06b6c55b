"""What a ruleset names at the fight's end (the ``on_fight_end`` hook): the rolls and
tests still owed, each said as a GM would say it (``Ripley's death roll``), and the
``end`` options a ruleset asks for checked in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Condition, EncounterState
from tracker.core.wording import counted, possessive


def owed(state: EncounterState, words: Mapping[str, str]) -> list[str]:
    """Each living combatant's open reminders whose key starts with one of ``words``'
    heads (``deathroll``, ``fear`` …), as ``Ripley's death roll`` (``2 death rolls`` when
    a series holds more than one), in the order they were raised."""
    counts: dict[tuple[str, str], int] = {}
    for reminder in sorted(state.reminders, key=lambda r: r.seq):
        fighter = state.combatants.get(reminder.who)
        if fighter is None or fighter.status == "dead":
            continue
        heads = sorted((h for h in words if _of_head(reminder.key, h)), key=len)
        head = heads[-1] if heads else None  # panic-table before panic
        if head is not None:
            counts[(reminder.who, head)] = counts.get((reminder.who, head), 0) + 1
    return [
        f"{possessive(state.combatant(who).name)} "
        + (words[head] if n == 1 else counted(n, words[head]))
        for (who, head), n in counts.items()
    ]


def _of_head(key: str, head: str) -> bool:
    return key == head or key.startswith((f"{head}-", f"{head}:"))


def answer(answers: Mapping[str, str], key: str, choices: tuple[str, ...]) -> str:
    """The GM's answer ``key=…`` to ``end`` (empty when not given), one of ``choices``;
    any other option, or another answer, is refused in one line."""
    unknown = sorted(set(answers) - {key})
    if unknown:
        raise RuleError(f"'end' takes only {key}={'|'.join(choices)}, not '{unknown[0]}'")
    given = answers.get(key, "").casefold()
    if given and given not in choices:
        raise RuleError(f"'end {key}=' is one of {', '.join(choices)}, not '{answers[key]}'")
    return given


def no_answers(answers: Mapping[str, str], ruleset: str) -> None:
    """Refuse any ``end`` option in a ruleset that asks none."""
    if answers:
        raise RuleError(f"'end' takes no options in {ruleset}")


def timed_run_out(draft: Draft, lasts: Callable[[Condition], bool]) -> None:
    """Conditions counted in rounds that a campaign does not carry (``lasts`` says which it
    does) end with the fight — said in one line, not dropped in silence."""
    ending = [
        f"{fighter.name} {held.name} ({counted(held.rounds, 'round')} left)"
        for fighter in draft.state.combatants.values()
        if fighter.status not in ("dead", "removed")
        for held in fighter.conditions
        if held.rounds > 0 and not lasts(held)
    ]
    if ending:
        draft.say(f"Timed conditions end with the fight: {', '.join(ending)}")
