"""persona-d100 ailments: four categories (Staggered, Physical, Mental, Spiritual), at most
one ailment in each, a catalogue from the text, a user file and the encounter itself.

The text names only Staggered (its list of the rest is cut off), so the GM defines the
others: ``[encounter.options] ailments = [{ name = "Burn", category = "Physical",
technical = ["wind"] }]`` in the encounter, or ``[[ailments]]`` tables in
``~/.local/share/tracker/tables/persona-d100.toml``. ``technical`` lists the elements that
score a Technical Hit on a combatant suffering the ailment.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.conditions import nothing_to_end
from tracker.rules.d100 import folded, whole
from tracker.rules.d100.altitude import FALLING
from tracker.rules.persona_d100.book import CONDITION, STAGGERED, PersonaBase
from tracker.rules.persona_d100.momentum import begin_attack, stagger


def ail(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``ail WHO NAME [category=C] [replace] [rounds=N] [by=WHO] [same]``: one per category;
    Staggered ``by=X`` is X's attack (``same``: X's previous action, see ``dmg``)."""

    state = draft.state
    fighter = who_arg(state, command, 0, "who is affected")
    words = [w for w in command.args[1:] if w.casefold() not in ("replace", "same")]
    flags, values = words_and_options(
        command, len(command.args), ("replace", "same"), ("category", "rounds", "by")
    )
    said = flags | {w.casefold() for w in command.args[1:]}
    replace = "replace" in said
    book = rules.ailments
    name = " ".join(words)
    if not name:
        known = ", ".join(s.name for s in book.entries(state))
        raise RuleError(f"'ail' needs an ailment — {known}, or NAME category=…")
    if folded(name) == folded(FALLING):
        raise RuleError(f"a flyer begins to fall with 'fall {fighter.id}'")
    spec = book.lookup(state, name)
    if spec is None and "category" not in values:
        raise RuleError(
            f"'{name}' is not in the catalogue: say its category — "
            f"category={'|'.join(c.casefold() for c in book.categories)}|condition"
        )
    category = (
        book.category(values["category"])
        if "category" in values
        else spec.category
        if spec
        else CONDITION
    )
    canonical = spec.name if spec else name[:1].upper() + name[1:]
    if category == STAGGERED:
        if fighter.condition(STAGGERED) is not None:
            raise RuleError(f"{fighter.name} is already Staggered: it cannot be Staggered again")
        if fighter.out_of_fight:
            raise RuleError(f"{fighter.name} is out of the fight: it cannot be Staggered")
        by = named(state, values["by"]) if "by" in values else None
        begin_attack(draft, by, "same" in said)
        stagger(draft, fighter, by, "the GM")
        return
    _make_room(draft, fighter, category, canonical, replace)
    rounds = whole(values, "rounds")
    lasting = f" for {counted(rounds, 'round')}" if rounds else ""
    kind = f"{category} ailment" if category != CONDITION else "condition"
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=canonical,
        category=category,
        rounds=rounds,
        text=f"{fighter.name} suffers {canonical} ({kind}){lasting}",
    )


def _make_room(draft: Draft, fighter: Combatant, category: str, name: str, replace: bool) -> None:
    if fighter.condition(name) is not None:
        raise RuleError(f"{fighter.name} already suffers {name}")
    if category == CONDITION:
        return
    held = fighter.in_category(category)
    if held is None:
        return
    if not replace:
        raise RuleError(
            f"{fighter.name} already has a {category} ailment ({held.name}): one "
            f"per category — add 'replace' to swap it for {name}"
        )
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=held.name,
        text=f"{fighter.name}: {held.name} gives way to {name}",
    )


def cure(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``cure WHO NAME``: an ailment or condition ends."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who recovers")
    name = " ".join(command.args[1:])
    if not name.strip():
        named = [c.name for c in fighter.conditions]
        raise nothing_to_end(fighter.name, "", named, verb=command.verb, noun="ailment")
    held = fighter.condition(name)
    if held is None:
        named = [c.name for c in fighter.conditions]
        raise nothing_to_end(fighter.name, name, named, verb=command.verb, noun="ailment")
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=held.name,
        text=f"{fighter.name} is no longer {held.name}",
    )
