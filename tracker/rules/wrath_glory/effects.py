"""Wrath & Glory combat effects, and what they and combat options do to Defence, DN and dice.

Effects (Hindered, Vulnerable, Prone, Poisoned, Fear …) are conditions of category
``effect``; combat options taken for a turn (Multi-action, Aim, Full Defence …) are
conditions of category ``option`` whose end (this turn, the start or the end of the next
turn) comes from the data file (taking one: ``options.py``). Removal of an effect is an
action and a test: DN 5 on oneself, DN 3 on someone else.
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
from tracker.core.records import record_roll
from tracker.core.wording import counted
from tracker.rules.conditions import nothing_to_end
from tracker.rules.wrath_glory.acting import check_can_act
from tracker.rules.wrath_glory.damage import apply_loss
from tracker.rules.wrath_glory.dice import pool_size, run_test

Data = Mapping[str, Any]


# --- catalogues ----------------------------------------------------------------------


def effect_spec(data: Data, name: str) -> Mapping[str, Any] | None:
    """The catalogue entry for an effect name or alias (case-insensitive)."""
    wanted = name.casefold()
    for spec in data["effects"]:
        if wanted == spec["name"].casefold() or wanted in spec.get("aliases", []):
            return spec
    return None


def option_spec(data: Data, name: str) -> Mapping[str, Any]:
    """The combat option a name, key or unique prefix names; RuleError listing them."""
    wanted = name.casefold().replace(" ", "-").replace("_", "-")
    specs = data["options"]
    exact = [s for s in specs if wanted in (s["key"], s["name"].casefold())]
    found = exact or [s for s in specs if s["key"].startswith(wanted)]
    if len(found) == 1:
        return found[0]
    keys = ", ".join(s["key"] for s in specs)
    raise RuleError(f"no single combat option '{name}' — options: {keys}")


def options_held(fighter: Combatant, data: Data) -> list[tuple[Mapping[str, Any], int, str]]:
    """(spec, level, argument) of each combat option the combatant has taken."""
    held = []
    for condition in fighter.conditions:
        if condition.category == "option":
            spec = next((s for s in data["options"] if s["name"] == condition.name), None)
            if spec is not None:
                held.append((spec, condition.level, condition.source))
    return held


# --- modifiers -----------------------------------------------------------------------


def defence(fighter: Combatant, data: Data, *, melee: bool = False) -> tuple[int, list[str]]:
    """Defence now, with each modifier named (Full Defence, Vulnerable, Sprint …)."""
    value = fighter.stats.get("defence", int(data["defaults"]["defence"]))
    notes: list[str] = []
    for spec, level, _arg in options_held(fighter, data):
        change = level if spec["key"] == "full-defence" else int(spec.get("defence", 0))
        if change:
            value += change
            notes.append(f"{change:+d} {spec['name']}")
    vulnerable = fighter.condition("Vulnerable")
    if vulnerable is not None:
        value -= vulnerable.level
        notes.append(f"-{vulnerable.level} Vulnerable")
    if melee and fighter.condition("Prone"):
        change = int(data["prone"]["melee_defence"])
        value += change
        notes.append(f"{change:+d} Prone")
    return value, notes


def test_penalty(
    fighter: Combatant, data: Data, *, attack: bool = False, against: str = ""
) -> tuple[int, list[str]]:
    """Extra DN on the combatant's tests: Hindered, Multi-action, on attacks more."""
    total, notes = 0, []
    hindered = fighter.condition("Hindered")
    if hindered is not None and hindered.level:
        total += hindered.level
        notes.append(f"+{hindered.level} Hindered")
    for spec, level, arg in options_held(fighter, data):
        add = _option_dn(spec, level, arg, data, attack)
        if add:
            total += add
            notes.append(f"+{add} {spec['name']}")
    fear = fighter.condition("Fear")
    if fear is not None and attack and (not fear.source or fear.source == against):
        total += 1
        notes.append("+1 Fear")
    return total, notes


def _option_dn(spec: Mapping[str, Any], level: int, arg: str, data: Data, attack: bool) -> int:
    if spec.get("sized"):
        return int(data["called_shot"][arg]["dn"]) if attack else 0
    if not spec.get("dn_step") or level < 2:
        return 0
    if spec.get("applies_to") == "attacks" and not attack:
        return 0
    return int(spec["dn_step"]) * (level - 1)


def attack_dice(fighter: Combatant, data: Data, kind: str) -> tuple[int, list[str]]:
    """Bonus dice the combatant's options give an attack of ``kind`` (melee/ranged)."""
    total, notes = 0, []
    for spec, level, _arg in options_held(fighter, data):
        if spec.get("kind") not in (None, kind):
            continue
        add = level if spec["key"] == "salvo" else int(spec.get("attack_dice", 0))
        if add:
            total += add
            notes.append(f"+{add}d {spec['name']}")
    return total, notes


def called_shot_dice(fighter: Combatant, data: Data) -> int:
    """Bonus damage dice from a Called Shot taken this turn."""
    for spec, _level, arg in options_held(fighter, data):
        if spec.get("sized"):
            return int(data["called_shot"][arg]["bonus_dice"])
    return 0


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
    if held is not None and held.level > level:
        level = held.level
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
    record_roll(
        draft,
        fighter.id,
        roll.expr,
        roll.dice,
        total=roll.total,
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
    draft.emit(
        ev.ConditionRemoved, who=fighter.id, name=held, text=f"{fighter.name} is no longer {named}"
    )


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
    draft.emit(ev.ActionUsed, who=helper.id, action=f"remove {name}")
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
        draft.emit(
            ev.ConditionRemoved,
            who=fighter.id,
            name=name,
            text=f"{fighter.name} is no longer {name}",
        )


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
            "normally this turn; failed, +1 DN to attack or interact with it",
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
