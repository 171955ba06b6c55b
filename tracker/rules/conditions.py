"""The shared ``ail`` and ``cure`` a ruleset may take instead of writing its own.

Conditions come from the ruleset's catalogue (``Ruleset.catalogue_for``), or any other
name when the ruleset accepts free names; ``rounds=N`` times them (the ruleset counts
them down, e.g. with ``common.countdown``) and ``level=N`` gives its strength
(``Burning 2``); any other option is refused, never dropped in silence. One ailment per
category is the ruleset's choice (``Ruleset.one_per_category``): then a second one in a
held category is refused unless the GM says ``replace``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import SEVERAL, DiceLike, Verb
from tracker.core.records import condition_applied, condition_removed
from tracker.core.roles import CONDITION, CURE
from tracker.core.wording import counted, unnamed
from tracker.rules.base import AilmentSpec, Ruleset, by_name, verb


def condition_verbs(rules: Ruleset, free_names: bool = True) -> Mapping[str, Verb]:
    """``ail`` and ``cure`` bound to ``rules`` (``free_names``: a name outside the
    catalogue is taken as the GM typed it; otherwise it is refused)."""
    replace = " [replace]" if rules.one_per_category else ""
    return by_name(
        verb(
            "ail",
            f"ail WHO NAME [rounds=N] [level=N]{replace}",
            "give a condition",
            ail,
            rules,
            free_names,
            flags=("replace",),
            role=CONDITION,
            asks=SEVERAL,
            options=("rounds", "level"),
        ),
        verb("cure", "cure WHO NAME", "end a condition", cure, role=CURE, asks=SEVERAL, options=()),
    )


def ail(draft: Draft, command: Command, dice: DiceLike, rules: Ruleset, free_names: bool) -> None:
    """``ail WHO NAME [rounds=N] [level=N] [replace]``: give a condition, for N rounds or
    until cured, at a level (0: none)."""
    fighter = who_arg(draft.state, command)
    typed = " ".join(command.args[1:]).strip()
    if not typed:
        raise RuleError("'ail' needs a condition, e.g. 'ail goblin Prone rounds=2'")
    spec = _spec(rules.catalogue_for(draft.state), typed, free_names)
    rounds, level = command.option_int("rounds"), command.option_int("level")
    if rounds < 0:
        raise RuleError("rounds must be 0 (until cured) or more")
    if level < 0:
        raise RuleError("level must be 0 (none) or more")
    if rules.one_per_category:
        _make_room(draft, fighter, spec, command.flag("replace"))
    lasting = f" for {counted(rounds, 'round')}" if rounds else ""
    strength = f" {level}" if level else ""
    condition_applied(
        draft,
        fighter.id,
        spec.name,
        category=spec.category,
        rounds=rounds,
        level=level,
        text=f"{fighter.name} is {spec.name}{strength}{lasting}",
    )


def nothing_to_end(
    who: str,
    name: str,
    held: Sequence[str],
    after: str = "",
    *,
    verb: str = "cure",
    noun: str = "condition",
) -> RuleError:
    """The refusal of a ``cure`` that names nothing ``who`` has (``name`` empty: none
    named; :func:`~tracker.core.wording.unnamed` then says what there is), with what it
    has; ``after``: the ruleset's own word on what ends otherwise."""
    if not name or not held:
        return RuleError(unnamed(verb, who, held, noun) + after)
    return RuleError(f"{who} has no '{name}' to end — has: {', '.join(held)}{after}")


def cure(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``cure WHO NAME``: end a condition."""
    fighter = who_arg(draft.state, command)
    name = " ".join(command.args[1:]).strip()
    if not name:
        named = [c.name for c in fighter.conditions]
        raise nothing_to_end(fighter.name, "", named, verb=command.verb)
    held = fighter.condition(name)
    if held is None:
        raise nothing_to_end(fighter.name, name, [c.name for c in fighter.conditions])
    condition_removed(draft, fighter.id, held.name, text=f"{fighter.name} is no longer {held.name}")


def _spec(catalogue: list[AilmentSpec], typed: str, free_names: bool) -> AilmentSpec:
    """The catalogue entry ``typed`` names (any case), or a free name, capitalised."""
    for spec in catalogue:
        if spec.name.casefold() == typed.casefold():
            return spec
    if free_names or not catalogue:
        return AilmentSpec(typed[:1].upper() + typed[1:])
    known = ", ".join(spec.name for spec in catalogue)
    raise RuleError(f"no condition {typed!r} in this ruleset — conditions: {known}")


def _make_room(draft: Draft, fighter: Combatant, spec: AilmentSpec, replace: bool) -> None:
    """One condition per category: the held one goes on ``replace``, else a refusal."""
    held = fighter.in_category(spec.category) if spec.category else None
    if held is None or held.name.casefold() == spec.name.casefold():
        return
    if not replace:
        raise RuleError(
            f"{fighter.name} already has {held.name} ({spec.category}): one per category "
            f"— add 'replace' to swap it for {spec.name}"
        )
    condition_removed(
        draft, fighter.id, held.name, text=f"{fighter.name}: {spec.name} replaces {held.name}"
    )
