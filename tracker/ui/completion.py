"""Completion for the ``:`` command bar: verbs, combatant names, locations, ailments.

Pure functions over the state, the verbs (their ``usage``) and the ruleset's views, so
the same completion works for every ruleset. The last word of the line is completed:
the first word from the verbs, ``@…`` from the locations of the named combatant, other
words from what the verb's usage expects at that place (``WHO``, ``NAME``, ``pass|fail``)
and, after the names, the options the verb declares (``pen=``, ``soak``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tracker.core.errors import RuleError
from tracker.core.grammar import resolve
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import Verb
from tracker.core.roles import CONDITION, CURE
from tracker.core.verb_options import option_words, unused_options
from tracker.rules.base import Ruleset

UI_WORDS = {
    "help": "help — the keys and commands",
    "quit": "quit — leave (everything is already saved)",
    "theme": "theme [NAME] — switch the colours",
    "select": "select WHO — show a combatant in the panes",
    "export": "export — write the round log to a file",
}
WHO_WORDS = ("WHO", "A", "B", "WHO|all", "TARGET")


@dataclass(frozen=True)
class Completion:
    """What the bar can offer for a line: the completed line, candidates and a hint."""

    line: str | None
    candidates: tuple[str, ...] = ()
    hint: str = ""


def words_of(line: str) -> list[str]:
    """The line split into words the way the grammar reads them (lenient on open quotes)."""
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    if line.endswith(" ") or not line:
        words.append("")
    return words


def complete(
    line: str, state: EncounterState | None, verbs: Mapping[str, Verb], rules: Ruleset | None
) -> Completion:
    """The completion of the last word of ``line`` (``line`` None when nothing fits)."""
    words = words_of(line.lstrip(":"))
    head = line[: len(line) - len(words[-1])] if words[-1] else line
    if len(words) == 1:
        options = sorted([*verbs, "undo", "redo", *UI_WORDS])
        return _finish(head, words[-1], options, _verb_hint(words[0], verbs))
    verb = words[0].casefold()
    hint = _verb_hint(verb, verbs)
    if state is None:
        return Completion(None, (), hint)
    options = _expected(verb, words, state, verbs, rules)
    return _finish(head, words[-1], options, hint)


def _finish(head: str, word: str, options: Sequence[str], hint: str) -> Completion:
    if "," in word:  # several targets (``dmg orc,gob``): complete the last of them
        before, _, word = word.rpartition(",")
        head += before + ","
    wanted = word.casefold()
    matches = [o for o in options if o.casefold().startswith(wanted) and o]
    if not matches or not word and len(matches) > 12:
        return Completion(None, tuple(matches[:12]), hint)
    best = matches[0]
    quoted = shlex.quote(best) if " " in best else best
    return Completion(head + quoted, tuple(matches[:12]), hint)


def _verb_hint(verb: str, verbs: Mapping[str, Verb]) -> str:
    found = verbs.get(verb.casefold())
    if found is not None:
        return f"{found.usage} — {found.summary}"
    if verb.casefold() in UI_WORDS:
        return UI_WORDS[verb.casefold()]
    if verb.casefold() in ("undo", "redo"):
        return f"{verb} — take back (or restore) the last command"
    return ""


def _expected(
    verb: str,
    words: list[str],
    state: EncounterState,
    verbs: Mapping[str, Verb],
    rules: Ruleset | None,
) -> list[str]:
    word = words[-1]
    if word.startswith("@"):
        return [f"@{name}" for name in _locations(words, state, rules)]
    if "=" in word:
        return []
    if verb in ("select",):
        return combatant_words(state)
    found = verbs.get(verb)
    if found is None:
        return []
    place = len([w for w in words[1:-1] if not w.startswith("@") and "=" not in w])
    expected = usage_slots(found.usage)
    slot = expected[place] if place < len(expected) else ""
    offered = _for_slot(slot, words, state, rules, found.role)
    if place == 0:
        return offered
    if any(ch.isupper() for ch in slot) and not word[:1].isalpha():
        return offered  # a number or a name is due here, not an option
    declared = unused_options(option_words(found), words[1:-1])  # after the names
    return [*offered, *(o for o in declared if o not in offered)]


def usage_slots(usage: str) -> list[str]:
    """The positional slots of a verb's usage: ``dmg WHO N [@LOC] [k=v]`` → WHO, N."""
    slots: list[str] = []
    for token in usage.split()[1:]:
        bare = token.strip("[]…").rstrip(".")
        if not bare or bare.startswith("@") or "=" in bare or bare.startswith("+"):
            continue
        slots.append(bare)
    return slots


def _for_slot(
    slot: str, words: list[str], state: EncounterState, rules: Ruleset | None, role: str
) -> list[str]:
    if slot in WHO_WORDS or slot.startswith("WHO"):
        extra = ["all"] if "all" in slot else []
        return [*combatant_words(state), ".", *extra]
    if slot and rules is not None and role in (CONDITION, CURE):  # the ailment's name
        return _ailment_words(words, state, rules, role)
    if slot == "RESOURCE":
        fighter = _named(words, state)
        return sorted(t for t in fighter.tracks if "@" not in t) if fighter else []
    if "|" in slot and slot.islower():
        return slot.split("|")
    return []


def combatant_words(state: EncounterState) -> list[str]:
    """Names to offer for WHO: names without spaces, else ids; in initiative order."""
    ordered = [c for c in state.combatants.values() if c.status != "removed"]
    return [c.name if " " not in c.name else c.id for c in ordered]


def _named(words: list[str], state: EncounterState) -> Combatant | None:
    if len(words) < 3:
        return state.acting
    try:
        return state.combatant(resolve(state, words[1]))
    except RuleError:
        return None


def _ailment_words(words: list[str], state: EncounterState, rules: Ruleset, role: str) -> list[str]:
    if role == CURE:
        fighter = _named(words, state)
        return [c.name for c in fighter.conditions] if fighter else []
    return [spec.name for spec in rules.catalogue_for(state)]


def _locations(words: list[str], state: EncounterState, rules: Ruleset | None) -> list[str]:
    if rules is None:
        return []
    fighter = _named(words, state)
    if fighter is None:
        return []
    return [name.replace(" ", "-") for name in rules.location_names(fighter)]
