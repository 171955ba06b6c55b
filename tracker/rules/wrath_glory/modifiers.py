"""What Wrath & Glory's combat effects and options do to Defence, DN and dice.

Vulnerable lowers Defence, Prone changes it against melee, Full Defence raises it;
Hindered, Multi-action, Multi-attack, a Called Shot and Fear add to a test's DN (on
attacks more); Aim, Salvo and a Called Shot add dice. Options taken for a turn are read
from the data file's ``[[options]]`` (taking one: ``options.py``; the effects themselves:
``effects.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.model import Combatant

Data = Mapping[str, Any]


# --- combat options held ------------------------------------------------------------


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
