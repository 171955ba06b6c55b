"""Wrath & Glory combat effects: giving, treating and ending them, and when they end.

Effects (Hindered, Vulnerable, Prone, Poisoned, Fear …) are conditions of category
``effect``; combat options taken for a turn (Multi-action, Aim, Full Defence …) are
conditions of category ``option`` whose end (this turn, the start or the end of the next
turn) comes from the data file (taking one: ``options.py``). What both do to Defence, DN
and dice is ``modifiers.py`` (``defence`` is read from here too, as before). Removal of an
effect is an action and a test: DN 5 on oneself, DN 3 on someone else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll_of
from tracker.core.wording import counted
from tracker.rules.conditions import nothing_to_end
from tracker.rules.wrath_glory.acting import check_can_act, take_action
from tracker.rules.wrath_glory.damage import apply_loss
from tracker.rules.wrath_glory.dice import pool_size, run_test
from tracker.rules.wrath_glory.held_turn import poison_ended
from tracker.rules.wrath_glory.modifiers import defence as defence
from tracker.rules.wrath_glory.modifiers import options_held, test_penalty

Data = Mapping[str, Any]


# --- catalogues ----------------------------------------------------------------------


def effect_spec(data: Data, name: str) -> Mapping[str, Any] | None:
    """The catalogue entry for an effect name or alias (case-insensitive)."""
    wanted = name.casefold()
    for spec in data["effects"]:
        if wanted == spec["name"].casefold() or wanted in spec.get("aliases", []):
            return spec
    return None


# --- expiry --------------------------------------------------------------------------


def expire_options(draft: Draft, data: Data, who: str, moment: str) -> None:
    """End options at the start or end (``moment``) of their holder's turn."""
    state = draft.state
    fighter = state.combatant(who)
    for spec, _level, _arg in options_held(fighter, data):
        held = fighter.condition(spec["name"])
        earlier = held is not None and held.since_round < state.round
        ends = spec["ends"]
        if (moment == "end" and (ends == "turn" or (ends == "next-turn-end" and earlier))) or (
            moment == "start" and ends == "next-turn-start" and earlier
        ):
            draft.emit(
                ev.ConditionRemoved,
                who=fighter.id,
                name=spec["name"],
                text=f"{fighter.name}: {spec['name']} ends",
            )


def expire_round_effects(draft: Draft) -> None:
    """Effects lasting a round (Hindered, Vulnerable) count down at the end of the round."""
    for fighter in draft.state.active:
        for condition in fighter.conditions:
            if condition.category != "effect" or condition.rounds <= 0:
                continue
            if condition.rounds == 1:
                draft.emit(
                    ev.ConditionRemoved,
                    who=fighter.id,
                    name=condition.name,
                    text=f"{fighter.name}: {condition.name} ends",
                )
            else:
                draft.emit(
                    ev.ConditionChanged,
                    who=fighter.id,
                    name=condition.name,
                    rounds=condition.rounds - 1,
                    level=condition.level,
                )


# --- verbs ---------------------------------------------------------------------------


def ail(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``ail WHO NAME [X] [rounds=N] [source=WHO] [+flying]``: give a combat effect."""
    fighter = who_arg(draft.state, command)
    words = list(command.args[1:])
    level = (
        int(words.pop()) if len(words) > 1 and words[-1].isdecimal() and words[-1].isascii() else 0
    )
    name = " ".join(words).strip()
    if not name:
        names = ", ".join(s["name"] for s in data["effects"])
        raise RuleError(f"'ail' needs an effect, e.g. 'ail ork Hindered 2' — {names}")
    spec = effect_spec(data, name)
    name = spec["name"] if spec else name[:1].upper() + name[1:]
    if spec and spec.get("levelled"):
        level = max(level, 1)
    rounds = command.option_int("rounds", 1 if spec and spec["lasts"] == "round" else 0)
    if rounds < 0 or level < 0:
        raise RuleError("rounds and the rating X must be 0 or more")
    source = resolve(draft.state, command.options["source"]) if "source" in command.options else ""
    said = spec.get("said", "") if spec else ""
    give_effect(draft, fighter, name, level=level, rounds=rounds, source=source, said=said)
    if name == "Prone" and command.flag("flying"):
        _fall(draft, dice, data, fighter)


def give_effect(
    draft: Draft,
    fighter: Combatant,
    name: str,
    *,
    level: int = 0,
    rounds: int = 0,
    source: str = "",
    said: str = "",
) -> None:
    """Apply (or deepen) a combat effect with a log line (``said``: the word the line
    uses for a noun effect, ``afraid (Fear)``)."""
    held = fighter.condition(name)
    if held is not None:  # given again: the higher rating and the longer time stay
        level = max(level, held.level)
        rounds = 0 if 0 in (rounds, held.rounds) else max(rounds, held.rounds)
    rating = f" ({level})" if level else ""
    lasting = (
        " until the end of the round"
        if rounds == 1
        else (f" for {rounds} rounds" if rounds else "")
    )
    against = f" of {draft.state.combatant(source).name}" if source else ""
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=name,
        category="effect",
        level=level,
        rounds=rounds,
        source=source,
        text=f"{fighter.name} is {said_as(name, said)}{rating}{against}{lasting}",
    )


def _fall(draft: Draft, dice: DiceLike, data: Data, fighter: Combatant) -> None:
    roll = dice.roll(str(data["prone"]["flying_fall"]))
    record_roll_of(
        draft,
        fighter.id,
        roll,
        reason="fall",
        text=f"{fighter.name} falls from the air: {roll.expr} {list(roll.dice)} = "
        + counted(roll.total, "Wound"),
    )
    apply_loss(draft, data, fighter.id, wounds=roll.total)


def said_as(name: str, said: str) -> str:
    """How a log line names an effect: ``Prone``, or ``afraid (Fear)`` for a noun."""
    return f"{said} ({name})" if said else name


def cure(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``cure WHO NAME``: end an effect (the GM's ruling, no test)."""
    fighter = who_arg(draft.state, command)
    held = _held(fighter, " ".join(command.args[1:]), data)
    spec = effect_spec(data, held)
    named = said_as(held, spec.get("said", "") if spec else "")
    ended(draft, fighter, held, f"{fighter.name} is no longer {named}")


def ended(draft: Draft, fighter: Combatant, name: str, text: str) -> None:
    """End the effect ``name`` of ``fighter``; the test it asked (Poisoned's Toughness test)
    is owed no more."""
    draft.emit(ev.ConditionRemoved, who=fighter.id, name=name, text=text)
    if name == "Poisoned":
        poison_ended(draft, fighter.id)


def treat(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``treat WHO NAME POOL [by=HELPER] [wrath]``: an action and a test to end an effect."""
    fighter = who_arg(draft.state, command)
    if len(command.args) < 3:
        raise RuleError(
            "'treat' needs who, the effect and a dice pool, e.g. 'treat ann poisoned toughness'"
        )
    name = _held(fighter, " ".join(command.args[1:-1]), data, "treat")
    spec = effect_spec(data, name)
    if spec is not None and spec.get("untreatable"):
        raise RuleError(f"{name} is not removed by a test: {spec['untreatable']}")
    helper_id = (
        resolve(draft.state, command.options["by"]) if "by" in command.options else fighter.id
    )
    helper = draft.state.combatant(helper_id)
    check_can_act(helper, data, f"treating {name}", draft.state.round)
    rule = data["removal"]
    base = int(rule["self_dn"] if helper.id == fighter.id else rule["other_dn"])
    extra, notes = test_penalty(helper, data)
    size = pool_size(helper, command.args[-1])
    take_action(draft, helper, f"remove {name}")
    result = run_test(
        draft,
        dice,
        data,
        helper,
        size,
        base + extra,
        purpose=f"removing {name}",
        reroll=command.flag("wrath"),
        note=" ".join(notes),
    )
    if result.passed:
        ended(draft, fighter, name, f"{fighter.name} is no longer {name}")


def _held(fighter: Combatant, name: str, data: Data, verb: str = "cure") -> str:
    """The name of the effect ``name`` names on ``fighter``; RuleError listing the held."""
    if not name.strip():
        effects = [c.name for c in fighter.conditions if c.category != "option"]
        raise nothing_to_end(fighter.name, "", effects, verb=verb, noun="effect")
    spec = effect_spec(data, name.strip())
    held = fighter.condition(spec["name"] if spec else name.strip())
    if held is None:
        has = [c.name for c in fighter.conditions if c.category != "option"]
        raise nothing_to_end(fighter.name, name.strip(), has, verb=verb, noun="effect")
    return held.name


def fear(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``fear WHO [pass|fail] [source=WHO]``: seed 002 "Fear" — "they must pass a Resolve
    test in order to act normally during their turn"; failed, +1 DN against the source.
    With no result the test is a reminder with pass / fail choices."""
    fighter = who_arg(draft.state, command, 0, "who is afraid")
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead: no Resolve test")
    result = command.args[1].casefold() if len(command.args) > 1 else ""
    if result not in ("", "pass", "fail"):
        raise RuleError(f"'fear' takes pass or fail, not {result!r}")
    source = resolve(draft.state, command.options["source"]) if "source" in command.options else ""
    if not result:
        against = f" ({draft.state.combatant(source).name})" if source else ""
        draft.emit(
            ev.ReminderRaised,
            who=fighter.id,
            key=f"fear:{source}" if source else "fear",
            text=f"{fighter.name} meets something fearful{against}: a Resolve test to act "
            "normally during their turn; failed, +1 DN to attack or interact with it",
        )
        return
    for reminder in draft.state.reminders:
        if reminder.who == fighter.id and reminder.key.partition(":")[0] == "fear":
            draft.emit(ev.ReminderResolved, who=fighter.id, key=reminder.key)
    if result == "pass":
        draft.say(f"{fighter.name} passes the Resolve test and acts normally")
        return
    against = f" of {draft.state.combatant(source).name}" if source else ""
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name="Fear",
        category="effect",
        source=source,
        text=f"{fighter.name} fails the Resolve test and is afraid{against}: +1 DN to "
        "attack or interact with it",
    )
