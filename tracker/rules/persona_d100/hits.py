"""persona-d100 hits: one attack as typed, and what its dice may add to it.

Critical Hits (seed 004 l.139-147): a 10 on any damage die, or a 5 on a 1d5, may be a
Critical Hit; the Critical Confirm test takes only what specifically modifies it (Weak,
Resist, a declared Heavy Attack, the GM's ``cmod``), each named in the log line.
Special Damage (l.159-164): +1d10, exploding on 10s when it has two or more sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.rules.d100 import whole
from tracker.rules.d100.checks import Modifier
from tracker.rules.d100.damage import DamageRoll, confirm, exploding_d10
from tracker.rules.persona_d100.book import PersonaBase
from tracker.rules.persona_d100.momentum import DECLARED


@dataclass
class Attack:
    """One attack as typed: who, which element, and the flags and options given."""

    target: Combatant
    attacker: Combatant | None
    element: str
    physical: bool
    flags: set[str]
    values: dict[str, str]
    command: Command
    sources: list[str] = field(default_factory=list)
    outcome: list[str] = field(default_factory=list)
    note: str = ""
    """What the attack test took that the line names (the Ground at a Low flyer, l.83)."""


def critical(
    rules: PersonaBase,
    draft: Draft,
    dice: DiceLike,
    attack: Attack,
    rolled: DamageRoll,
    mod: list[Modifier],
) -> bool:
    """A Critical Hit chance: confirmed (typed or rolled), a physical attack gains
    Special Damage; a spell's own critical effect applies. No attacker known: none."""
    attacker = attack.attacker
    if attacker is None and "confirm" not in attack.values:
        draft.say("A 10 on the damage dice, but no attacker is known: no Critical Hit")
        draft.say("Name the attacker for a Critical Hit: by=WHO", gm_only=True)
        return False
    if "confirm" not in attack.values and "test" not in attack.values:
        raise RuleError(
            f"the damage shows a critical ({rolled.shown}): type "
            f"'{_retyped(attack.command, rolled)}' (or confirm=pass|fail)"
        )
    who = attacker if attacker is not None else attack.target
    passed = confirm(draft, dice, rules.tables, who, attack.values, mod, "Critical Hit")
    if passed and attack.physical:
        attack.sources.append("Critical")
    elif passed:
        attack.outcome.append("Critical Hit: the spell's critical effect applies")
    return passed


def _retyped(command: Command, rolled: DamageRoll) -> str:
    words = [command.verb, command.args[0], str(rolled.total), *command.args[2:]]
    if command.location:
        words.append(f"@{command.location.replace(' ', '-')}")
    words += [f"{k}={v}" for k, v in command.options.items() if k not in ("dos",)]
    return " ".join([*words, "crit", "test=ws|bs"])


def special_damage(
    rules: PersonaBase,
    draft: Draft,
    dice: DiceLike,
    attack: Attack,
    mod: list[Modifier],
    checked: bool,
) -> tuple[int, ...]:
    """Special Damage: 1d10, exploding when two or more sources; its 10 may be a critical."""
    if not attack.sources:
        return ()
    faces = exploding_d10(dice, len(attack.sources) >= 2)
    known = "confirm" in attack.values or "test" in attack.values
    if faces[0] == 10 and not checked and not (attack.attacker is not None and known):
        draft.say("The Special Damage die shows a 10: a Critical Hit chance — the GM rules")
        draft.say("To confirm it here: by=WHO and test=ws|bs (or confirm=pass|fail)", gm_only=True)
    elif faces[0] == 10 and not checked:
        before = len(attack.sources)
        critical(rules, draft, dice, attack, DamageRoll("1d10", faces[:1], (10,), 10), mod)
        if len(attack.sources) > before and len(faces) == 1:
            faces = (*faces, *exploding_d10(dice))
    sources = ", ".join(attack.sources)
    again = " (exploding: two or more sources)" if len(attack.sources) >= 2 else ""
    record_roll(
        draft,
        attack.target.id,
        "1d10",
        faces,
        total=sum(faces),
        reason="Special Damage",
        text=f"Special Damage ({sources}): 1d10 [{', '.join(map(str, faces))}] = "
        f"{sum(faces)}{again}",
    )
    return faces


def confirm_modifiers(rules: PersonaBase, attack: Attack, felt: str) -> list[Modifier]:
    """Seed 004 l.144: the Critical Confirm test takes only what "specifically" modifies
    it — Weak +30 / Resist -30 (l.106, l.108), a declared Heavy Attack +10 (l.192), and
    the GM's ``cmod`` — each named in the log line (zeros are left out)."""
    affinity_mod = int(rules.data["affinities"].get(felt, {}).get("confirm", 0))
    declared = declared_confirm(rules, attack.attacker)
    typed = whole(attack.values, "cmod", least=-100)
    return [
        Modifier(affinity_mod, f"{affinity_mod:+d} {felt.capitalize()}"),
        Modifier(declared, f"{declared:+d} {_declared_name(attack.attacker)}"),
        Modifier(typed, f"{typed:+d}"),
    ]


def _declared_name(attacker: Combatant | None) -> str:
    return attacker.spent[-1].title() if attacker is not None and attacker.spent else ""


def critical_face(rolled: DamageRoll) -> bool:
    """Seed 004 "Critical Hits": a 10 on any damage die, or a 5 when the die is a 1d5 (a
    d6 showing 6 is no Critical; the die Degrees of Success replaced does not count)."""
    return any(
        face == 10 or (sides == 5 and face == 5)
        for index, (face, sides) in enumerate(zip(rolled.faces, rolled.sides, strict=True))
        if index != rolled.swapped
    )


def declared_confirm(rules: PersonaBase, attacker: Combatant | None) -> int:
    """The Critical Confirm bonus of the action the attacker declared last, when this
    hit belongs to it (seed 004 l.192: a Heavy Attack — "This attack gains … a +10
    bonus to Critical Confirms"; a later action, a One More one too, does not)."""
    if attacker is None or not attacker.track(DECLARED) or not attacker.spent:
        return 0
    return int(rules.data["confirm_actions"].get(attacker.spent[-1], 0))
