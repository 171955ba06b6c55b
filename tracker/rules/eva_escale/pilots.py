"""eva-escale pilots: mental effects land on the pilot, the ejection chart, pilots on foot.

``eject WHO roll|N [mod=N]`` reads the d100 ejection chart of the data file. A pilot who
gets out lands on foot (the ``On Foot`` condition: WS/BS 0, Strength/Toughness 10, moves as
AB 1, −40 to be hit) and takes a place in the order; the roster entry is brought in if
the encounter has one, else one is made from the construct. A perfect launch takes the
pilot off the field, safe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import DiceError
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll, record_roll_of
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.conditions import nothing_to_end
from tracker.rules.d100 import folded, whole
from tracker.rules.d100.damage import lose_wounds, soak_of
from tracker.rules.d100.ruleset import D100Ruleset, join
from tracker.rules.d100.turns import Declared
from tracker.rules.eva_escale.forces import ON_FOOT, has_fate, pilot_aboard, pilot_id, pilot_of

JAMMED = "Ejection Jammed"
SAFE_COCKPITS = ("flight", "hoverer")


# --- conditions -----------------------------------------------------------------------------


def ail(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``ail WHO NAME [mental] [rounds=N]``: a mental effect on a construct goes to its pilot."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who is affected")
    words = [w for w in command.args[1:] if w.casefold() != "mental"]
    if not words:
        names = ", ".join(spec.name for spec in rules.tables.conditions.values())
        raise RuleError(f"'ail' needs an effect — {names}, or any other name")
    _, values = words_and_options(command, len(command.args), ("mental",), ("rounds",))
    spec = rules.tables.condition(" ".join(words))
    name = spec.name if spec else " ".join(words)[:1].upper() + " ".join(words)[1:]
    mental = spec.mental if spec else "mental" in {w.casefold() for w in command.args}
    category = spec.category if spec else ("Mental" if mental else "")
    bearer, why = fighter, ""
    pilot = pilot_aboard(state, fighter) if mental else None
    if pilot is not None:
        bearer, why = pilot, f" (a mental effect on {fighter.name}: it falls on the pilot)"
    rounds = whole(values, "rounds")
    lasting = f" for {counted(rounds, 'round')}" if rounds else ""
    draft.emit(
        ev.ConditionApplied,
        who=bearer.id,
        name=name,
        category=category,
        rounds=rounds,
        text=f"{bearer.name} suffers {name}{lasting}{why}",
    )


def cure(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``cure WHO NAME``: ends an effect (a construct's pilot's too)."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who recovers")
    name = " ".join(command.args[1:])
    if not name.strip():
        named = [c.name for c in fighter.conditions]
        raise nothing_to_end(fighter.name, "", named, verb=command.verb, noun="effect")
    pilot = pilot_aboard(state, fighter)
    for bearer in (fighter, *([pilot] if pilot else [])):
        held = bearer.condition(name)
        if held is not None:
            draft.emit(
                ev.ConditionRemoved,
                who=bearer.id,
                name=held.name,
                text=f"{bearer.name} is no longer {held.name}",
            )
            return
    named = [c.name for c in fighter.conditions]
    raise nothing_to_end(fighter.name, name, named, verb=command.verb, noun="effect")


# --- ejection ---------------------------------------------------------------------------------


def eject(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``eject WHO roll|N [mod=N] [force]``: the pilot of a defeated construct ejects."""
    state = draft.state
    construct = who_arg(state, command, 0, "the construct")
    word = command.arg(1, "'roll' or the d100 result you rolled")
    flags, values = words_and_options(command, 2, ("force",), ("mod",))
    _check_ejection(construct, pilot_of(state, construct), "force" in flags)
    raw = dice.d(100) if word.casefold() == "roll" else parse_int(word, "the ejection roll")
    if not 1 <= raw <= 100:
        raise RuleError(f"an ejection roll is 1 to 100, not {raw}")
    mod = parse_int(values.get("mod", "0"), "mod")
    total = max(1, min(100, raw + mod))
    row = _row(rules, total)
    shown = f"{raw}{f' {mod:+d} = {total}' if mod else ''}"
    rolled = (raw,) if word.casefold() == "roll" else ()
    record_roll(
        draft,
        construct.id,
        "1d100",
        rolled,
        total=total,
        reason="ejection",
        text=f"{construct.name} ejection: d100 {shown} → {row['name']}: {row['text']}",
    )
    if not row.get("ejects", False):
        _stays(draft, construct, row, dice)
        return
    if construct.status == "active":
        draft.emit(
            ev.StatusChanged,
            who=construct.id,
            status="down",
            text=f"{construct.name} is left empty",
        )
    _resolve_eject_reminder(draft, construct)
    if row.get("escapes", False):
        _escapes(draft, construct)
        return
    pilot = _on_foot(draft, rules, construct, _distance(dice, str(row.get("distance", "0"))), dice)
    _impact(draft, rules, construct, pilot, str(row.get("impact", "")), dice)


def _check_ejection(construct: Combatant, pilot: Combatant | None, forced: bool) -> None:
    if not pilot_id(construct):
        raise RuleError(f'{construct.name} has no pilot to eject (pilot = "id" on a construct)')
    if pilot is not None and (pilot.condition(ON_FOOT) or pilot.status == "removed"):
        raise RuleError(f"{pilot.name} is out of {construct.name} already")
    if construct.condition(JAMMED) is not None and not forced:
        raise RuleError(f"{construct.name}'s ejection system is jammed (add 'force' to try anyway)")


def _row(rules: D100Ruleset, total: int) -> Mapping[str, Any]:
    for row in rules.data["ejection"]:
        if int(row["low"]) <= total <= int(row["high"]):
            return dict(row)
    raise RuleError(f"no ejection result for {total}")


def _stays(draft: Draft, construct: Combatant, row: Mapping[str, Any], dice: DiceLike) -> None:
    pilot = pilot_of(draft.state, construct)
    who = pilot.name if pilot else pilot_id(construct).title()
    breach = str(row.get("breach", ""))
    if breach:
        roll = dice.roll(breach)
        record_roll_of(
            draft,
            construct.id,
            roll,
            reason="breach",
            text=f"Any Breach damage to {construct.name}'s cockpit +{roll.total} "
            f"({roll.expr} [{', '.join(map(str, roll.dice))}])",
        )
        draft.emit(
            ev.ConditionApplied,
            who=construct.id,
            name=JAMMED,
            text=f"{construct.name}'s ejection system is jammed",
        )
    draft.say(f"{who} is still aboard {construct.name}")


def _resolve_eject_reminder(draft: Draft, construct: Combatant) -> None:
    if any(r.who == construct.id and r.key == "eject" for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=construct.id, key="eject")


def _escapes(draft: Draft, construct: Combatant) -> None:
    pilot = pilot_of(draft.state, construct)
    if pilot is None:
        draft.say(f"{pilot_id(construct).title()} is recovered safely and leaves the battle")
        return
    draft.emit(
        ev.StatusChanged,
        who=pilot.id,
        status="removed",
        text=f"{pilot.name} is recovered safely by allied forces and leaves the battle",
    )


def _distance(dice: DiceLike, expr: str) -> str:
    if expr.isdigit():
        return f"{expr} km"
    try:
        roll = dice.roll(expr)
    except DiceError as err:
        raise RuleError(f"the ejection chart's distance {expr!r} is not dice: {err}") from None
    return f"{roll.total} km ({roll.expr} [{', '.join(map(str, roll.dice))}])"


def _on_foot(
    draft: Draft, rules: D100Ruleset, construct: Combatant, distance: str, dice: DiceLike
) -> Combatant:
    """The pilot lands on foot behind the construct and takes a place in the order."""
    pilot = pilot_of(draft.state, construct)
    where = f"{distance} behind {construct.name}"
    if pilot is None:
        entry = _pilot_entry(rules, construct)
        fresh = rules.prepare(entry, where=f"eject {construct.id}")
        join(draft, rules, fresh, dice, f"{fresh.name} ejects and joins the fight on foot")
        pilot = draft.state.combatant(fresh.id)
    else:
        if pilot.hidden:
            draft.emit(ev.Revealed, who=pilot.id, hidden=False)
        if pilot.status != "active":
            draft.emit(ev.StatusChanged, who=pilot.id, status="active")
    draft.emit(
        ev.ConditionApplied,
        who=pilot.id,
        name=ON_FOOT,
        category="Pilot",
        source=where,
        text=f"{pilot.name} is on foot, {where}: WS and BS 0, Strength and Toughness "
        f"10, moves as AB {rules.tables.number('on_foot', 'movement_ab')}, "
        f"{rules.tables.number('on_foot', 'to_hit')} to be hit",
    )
    if draft.state.phase == "running" and pilot.id not in draft.state.initiative:
        rules.roll_initiative(draft, [pilot.id], dice)
        order = rules.sort_order(draft, dice)
        if order != draft.state.order:
            draft.emit(ev.OrderSet, order=order)
    return draft.state.combatant(pilot.id)


def _pilot_entry(rules: D100Ruleset, construct: Combatant) -> dict[str, Any]:
    """A pilot made from the construct: its borrowed scores (Agility, Willpower …)."""
    borrowed = rules.tables.words("borrowed", "stats")
    cid = pilot_id(construct)
    return {
        "id": cid,
        "name": cid.replace("-", " ").title(),
        "side": construct.side,
        "kind": "character",
        "stats": {k: v for k, v in construct.stats.items() if k in borrowed},
    }


def _impact(
    draft: Draft,
    rules: D100Ruleset,
    construct: Combatant,
    pilot: Combatant,
    expr: str,
    dice: DiceLike,
) -> None:
    if not expr:
        return
    cockpit = folded(str(construct.extras.get("cockpit", "")))
    if any(safe in cockpit.split() for safe in SAFE_COCKPITS):
        draft.say(f"{construct.name}'s cockpit has {cockpit}: {pilot.name} takes no impact damage")
        return
    roll = dice.roll(expr)
    soak = soak_of(rules.tables, pilot, "body", 0)
    lost = max(0, roll.total - soak.value)
    record_roll_of(
        draft,
        pilot.id,
        roll,
        reason="impact",
        text=f"{pilot.name} takes {roll.expr} impact damage "
        f"[{', '.join(map(str, roll.dice))}] = {roll.total} vs "
        f"{soak.shown}: {counted(lost, 'wound')}",
    )
    lose_wounds(
        draft, rules.tables, pilot, lost, has_fate(draft.state, pilot, rules.tables), "body"
    )


AT_FIELD_POWER = "at field power"


def vet_action(fighter: Combatant, action: Declared) -> Declared:
    """Seed 001 "Pilots on Foot": a pilot on foot may dodge but never parry; "AT Field
    Power": "you may not manifest the same power twice per turn" — so a power is named
    (``act unit01 power half power=Lance``) and recorded by name for the turn."""
    if action.name == "parry" and fighter.condition(ON_FOOT) is not None:
        raise RuleError(f"{fighter.name} is on foot: a pilot may dodge but never parry")
    if action.name != AT_FIELD_POWER:
        return action
    power = " ".join((action.values or {}).get("power", "").split())
    if not power:
        raise RuleError(
            "name the AT Field Power: 'act WHO power half power=NAME' (the same power "
            "cannot be manifested twice in a turn)"
        )
    named = f"{AT_FIELD_POWER}: {power.casefold()}"
    if named in fighter.spent:
        raise RuleError(f"{fighter.name} has manifested {power} this turn already")
    return replace(action, name=named)
