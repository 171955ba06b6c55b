"""Wrath & Glory combat options taken for a turn: ``option WHO NAME [N|SIZE|POOL|ACTIONS]``.

Multi-action (its actions listed, none twice), Multi-attack, Salvo (a Reload), Called
Shot (a size), Full Defence (an Agility test; taken after acting it costs the next round)
and the rest are conditions of category ``option``; what they change is read by
``modifiers.py`` (Defence, DN, dice) while they last. Whether acting earlier in one's own
turn counts as "already acted" for Full Defence (seed 002 l.32-33) is the encounter's
reading (``[readings.full_defence]`` in the data: ``[encounter.options] full_defence``,
or ``reading full_defence`` mid-fight).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.rules.readings import chosen, readings_from
from tracker.rules.wrath_glory.acting import check_can_act, take_action
from tracker.rules.wrath_glory.dice import pool_size, run_test
from tracker.rules.wrath_glory.modifiers import option_spec, options_held

Data = Mapping[str, Any]


def take_option(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``option WHO NAME [N|SIZE|POOL]``: take a combat option for this turn."""
    fighter = who_arg(draft.state, command)
    spec = option_spec(data, command.arg(1, "a combat option, e.g. 'option ann aim'"))
    check_can_act(fighter, data, spec["name"], draft.state.round)
    check_option(fighter, spec, data, draft.state.round)
    if spec.get("declared_first") and tested_this_turn(draft.state, fighter):
        raise RuleError(
            f"{fighter.name} has rolled a test this turn: {spec['name']} is declared before "
            "any test, as it raises the DN of every action of the turn"
        )
    arg = command.args[2] if len(command.args) > 2 else ""
    if spec.get("action"):  # Run, Sprint, Disengage: "As an action" (l.77-90, 21-24)
        take_action(draft, fighter, spec["name"])
    if spec.get("rolled"):
        _full_defence(draft, dice, data, fighter, spec, arg)
        return
    if spec.get("distinct") and command.args[2:] and not arg.isdigit():
        level, source, extra = _listed(fighter, spec, command.args[2:])
    else:
        level, source, extra = _option_argument(draft, fighter, spec, arg, data)
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=spec["name"],
        category="option",
        level=level,
        source=source,
        text=f"{fighter.name} takes {spec['name']}{extra}: {summary_of(spec, level)}",
    )


def summary_of(spec: Mapping[str, Any], level: int) -> str:
    """The option's summary with its number put in: "N actions" taken as 2 reads
    "2 actions" (the data's N stands for the number the GM gives)."""
    summary = str(spec["summary"])
    return re.sub(r"\bN\b", str(level), summary) if level else summary


def check_option(fighter: Combatant, spec: Mapping[str, Any], data: Data, round_no: int) -> None:
    """RuleError when ``fighter`` may not take the combat option now: Exhausted (seed 002
    "Exhausted"), already taken this turn, or excluded by one taken this turn (Salvo in a
    Multi-attack). An option from an earlier round still running (a Sprint's Defence until
    the end of the next turn) limits nothing: seed 002 "Sprinting" counts "per turn"."""
    if fighter.condition("Exhausted") and not spec.get("exhausted_ok"):
        raise RuleError(
            f"{fighter.name} is Exhausted: only a basic move, a regular action "
            "or Disengage — no combat options"
        )
    taken = set(this_turns_options(fighter, data, round_no))
    if spec["name"] in taken:
        raise RuleError(f"{fighter.name} has already taken {spec['name']}")
    for other in data["options"]:
        if other["name"] in taken and other["key"] in spec.get("excludes", []):
            raise RuleError(f"{spec['name']} cannot be joined with {other['name']}")


def tested_this_turn(state: EncounterState, fighter: Combatant) -> bool:
    """True when it is ``fighter``'s turn and they have rolled a test or an attack in it."""
    if (state.current or "").split("@")[0] != fighter.id:
        return False
    return any(_rolled(a) for a in fighter.spent)


def _rolled(action: str) -> bool:
    """Whether an action recorded this turn was a roll: a test, an attack (``attack`` in
    older journals), an interaction attack, removing an effect."""
    return (
        action in ("attack", "test") or action.endswith(" attack") or action.startswith("remove ")
    )


def this_turns_options(fighter: Combatant, data: Data, round_no: int) -> list[str]:
    """Names of the combat options ``fighter`` took this round (not carried from the last)."""
    return [
        spec["name"]
        for spec, _level, _arg in options_held(fighter, data)
        if (held := fighter.condition(spec["name"])) is not None and held.since_round == round_no
    ]


def _listed(
    fighter: Combatant, spec: Mapping[str, Any], words: Sequence[str]
) -> tuple[int, str, str]:
    """The actions a Multi-action lists (``attack, restore`` or ``attack restore``), each
    once: seed 002 "Multi-action" — "You may not make the same action twice"."""
    text = " ".join(words)
    parts = text.split(",") if "," in text else text.split()
    actions = [" ".join(p.casefold().split()) for p in parts if p.strip()]
    for index, action in enumerate(actions):
        if action in actions[:index]:
            raise RuleError(
                f"{fighter.name}'s {spec['name']} lists {action} twice: the same action "
                "cannot be made twice in a Multi-action"
            )
    if len(actions) < 2:
        raise RuleError(
            f"{spec['name']} needs at least 2 actions, e.g. 'option {fighter.id} "
            f"{spec['key']} attack,restore'"
        )
    shown = ", ".join(actions)
    return len(actions), shown, f" ({len(actions)}: {shown})"


def _option_argument(
    draft: Draft, fighter: Combatant, spec: Mapping[str, Any], arg: str, data: Data
) -> tuple[int, str, str]:
    if spec.get("sized"):
        sizes = data["called_shot"]
        if arg.casefold() not in sizes:
            raise RuleError(f"a Called Shot needs a size: {', '.join(sizes)}")
        size = sizes[arg.casefold()]
        return (
            0,
            arg.casefold(),
            (
                f" ({arg.casefold()}, {size['label']}: +{size['dn']} DN, "
                f"+{size['bonus_dice']} bonus damage dice)"
            ),
        )
    if not spec.get("counted"):
        return 0, "", ""
    least = 1 if spec["key"] == "salvo" else 2
    if not (arg.isascii() and arg.isdigit()) or int(arg) < least:
        raise RuleError(
            f"{spec['name']} needs a number of at least {least}, "
            f"e.g. 'option {fighter.id} {spec['key']} {least + 1}'"
        )
    if spec.get("costs_reload"):
        _spend_reload(draft, fighter)
    return int(arg), "", f" ({arg})"


def _spend_reload(draft: Draft, fighter: Combatant) -> None:
    if "reloads" not in fighter.tracks:
        return
    have = fighter.track("reloads")
    if have < 1:
        raise RuleError(f"{fighter.name} has no Reload left for a Salvo")
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="reloads",
        value=have - 1,
        text=f"{fighter.name}: Reloads {have} → {have - 1}",
    )


def _full_defence(
    draft: Draft, dice: DiceLike, data: Data, fighter: Combatant, spec: Mapping[str, Any], arg: str
) -> None:
    late = already_acted(draft.state, fighter, data)
    size = pool_size(fighter, arg or "agility")
    result = run_test(draft, dice, data, fighter, size, 0, purpose="Full Defence")
    bonus = max(1, result.icons)
    when = "gives up next round" if late else "gives up the rest of this round"
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=spec["name"],
        category="option",
        level=bonus,
        source="late" if late else "",
        text=f"{fighter.name} takes Full Defence: +{bonus} Defence until the end of "
        f"the next turn, half Speed; {when}",
    )


FULL_DEFENCE = "full_defence"


def full_defence_reading(state: EncounterState, data: Data) -> str:
    """How this encounter reads "already acted this turn": ``own-turn`` or ``earlier-turn``."""
    return chosen(readings_from(data), state.options, FULL_DEFENCE)


def already_acted(state: EncounterState, fighter: Combatant, data: Data) -> bool:
    """Seed 002 l.32-33: Full Defence taken after the character "has already acted" — a turn
    of theirs over this round (declared in someone else's turn), or, read ``own-turn``, an
    attack or test made earlier in the turn that is theirs now."""
    own = (state.current or "").split("@")[0] == fighter.id
    if own:
        return bool(fighter.spent) and full_defence_reading(state, data) == "own-turn"
    return any(s.split("@")[0] == fighter.id for s in state.acted)
