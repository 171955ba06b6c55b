"""Dark-Heresy-style d100 damage shared by eva-escale and persona-d100.

Damage typed or rolled (natural maxima noticed, the attack's Degrees of Success may replace
the lowest die), exploding d10s (Righteous Fury, Special Damage), the confirm test, Soak
(Toughness Bonus + armour − Penetration) and the single wound pool with what happens at 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.dice import DiceError, parse
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.rules.d100 import D100Tables, bonus, score, whole
from tracker.rules.d100.checks import Modifier, pass_or_fail, roll_test

MAX_CHAIN = 20
"""Most extra dice an exploding chain (Righteous Fury, Special Damage) may add."""


def still_standing(fighter: Combatant) -> Combatant:
    """The combatant, unless it is destroyed or gone: the dead take no more damage, so
    a Shadow struck after it fell is neither hurt, healed nor Staggered (RuleError;
    'revive' first if the GM rules otherwise)."""
    if fighter.out_of_fight:
        word = "destroyed" if fighter.status == "dead" else "out of the fight"
        raise RuleError(f"{fighter.name} is {word}: there is nothing left to damage")
    return fighter


# --- damage rolls -----------------------------------------------------------------------


@dataclass(frozen=True)
class DamageRoll:
    """Damage as typed (a number) or rolled: natural faces recorded with each die's sides;
    ``swapped`` is the index of the die the Degrees of Success replaced (-1: none)."""

    expr: str
    faces: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    total: int = 0
    swapped: int = -1
    dos: int = 0

    @property
    def natural_max(self) -> bool:
        """True when a damage die shows its highest face (10 on a d10, 5 on a d5)."""
        return any(
            f == s
            for i, (f, s) in enumerate(zip(self.faces, self.sides, strict=True))
            if i != self.swapped
        )

    @property
    def shown(self) -> str:
        """``2d10+4 [10, 3] = 17`` or ``17``."""
        if not self.faces:
            return str(self.total)
        faces = ", ".join(str(f) for f in self.faces)
        swap = ""
        if self.swapped >= 0:
            swap = f" (DoS {self.dos} replaces the {self.faces[self.swapped]})"
        return f"{self.expr} [{faces}]{swap} = {self.total}"


def roll_damage(text: str, dice: DiceLike, dos: int = 0) -> DamageRoll:
    """Roll a damage expression (``2d10+4``) or take a typed number; ``dos`` replaces
    the lowest die when it is higher (the attack's Degrees of Success)."""
    if text.isascii() and text.lstrip("-").isdigit():
        value = int(text)
        if value < 0:
            raise RuleError("damage cannot be negative — use 'heal'")
        return DamageRoll(expr=text, total=value)
    try:
        expr = parse(text)
    except DiceError as err:
        raise RuleError(f"damage must be a number or dice such as 1d10+4 ({err})") from None
    faces: list[int] = []
    sides: list[int] = []
    signs: list[int] = []
    constant = 0
    for sign, term in expr.terms:
        if term.constant is not None:
            constant += sign * term.constant
            continue
        if term.keep is not None or term.explode or term.is_d66:
            raise RuleError("damage dice are plain dice such as 2d10+4 (no keep, ! or d66)")
        for _ in range(term.count):
            faces.append(dice.d(term.sides))
            sides.append(term.sides)
            signs.append(sign)
    counted = list(faces)
    swapped = -1
    if dos > 0 and faces:
        low = min(range(len(faces)), key=lambda i: (signs[i] < 0, faces[i]))
        if signs[low] > 0 and dos > faces[low]:
            swapped, counted[low] = low, dos
    total = max(0, constant + sum(s * f for s, f in zip(signs, counted, strict=True)))
    return DamageRoll(
        expr=str(expr),
        faces=tuple(faces),
        sides=tuple(sides),
        total=total,
        swapped=swapped,
        dos=dos,
    )


def dos_of(draft: Draft, command: Command, values: Mapping[str, str]) -> int:
    """The Degrees of Success that may replace a damage die (``dos=``): seed 001/004 Step
    Five, "If your attack was one that generated multiple hits, only one of these attacks
    may have their damage die result replaced with DoS" — the first target's of a command
    naming several (``dmg a,b 1d10+6 dos=4``), not the others'."""
    dos = whole(values, "dos")
    if dos and command.target:
        draft.say("DoS replace a damage die on one hit of an attack only (the first target's)")
        return 0
    return dos


def exploding_d10(dice: DiceLike, explode: bool = True) -> tuple[int, ...]:
    """One d10, and while ``explode`` and it shows 10, another (faces in order)."""
    faces = [dice.d(10)]
    while explode and faces[-1] == 10 and len(faces) <= MAX_CHAIN:
        faces.append(dice.d(10))
    return tuple(faces)


def confirm(
    draft: Draft,
    dice: DiceLike,
    tables: D100Tables,
    attacker: Combatant,
    values: Mapping[str, str],
    modifier: int | Sequence[Modifier],
    what: str,
    lender: Combatant | None = None,
) -> bool:
    """A confirm test: ``confirm=pass|fail`` as typed, or rolled with ``test=ws|bs``
    (``modifier``: a number, or the modifiers named for the log line)."""
    usage = (
        f"{what}: add confirm=pass|fail, or test=ws|bs to roll the confirm test "
        f"against {attacker.name}'s characteristic"
    )
    if "confirm" in values:
        passed = pass_or_fail(values["confirm"], usage)
        draft.say(
            f"{attacker.name} {'confirms' if passed else 'fails to confirm'} the "
            f"{what} (entered by the GM)"
        )
        return passed
    if "test" not in values:
        raise RuleError(usage)
    stat = tables.stat_name(values["test"])
    value = score(tables, attacker, stat, lender)
    label = tables.label(stat)
    shown = [Modifier(modifier)] if isinstance(modifier, int) else list(modifier)
    purpose = f"confirms the {what}"
    return roll_test(draft, dice, tables, attacker, label, value, shown, purpose).passed


# --- soak -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Soak:
    """Toughness Bonus (doubled against a Resist) plus the armour left after Penetration;
    ``tb`` is the bonus itself, so the log names the number the GM's sheet shows."""

    tb: int
    armour: int
    pen: int
    doubled: bool = False

    @property
    def value(self) -> int:
        """The Soak Value."""
        return self.tb * (2 if self.doubled else 1) + max(0, self.armour - self.pen)

    @property
    def shown(self) -> str:
        """``Soak 9 (TB 5 + AP 6 − Pen 2)``; a Resist's doubled bonus as ``TB 3 ×2``."""
        tb = f"TB {self.tb}" + (" ×2" if self.doubled else "")
        if not self.armour:
            return f"Soak {self.value} ({tb})"
        pen = f" − Pen {min(self.pen, self.armour)}" if self.pen else ""
        return f"Soak {self.value} ({tb} + AP {self.armour}{pen})"


def soak_of(
    tables: D100Tables,
    fighter: Combatant,
    location: str,
    pen: int,
    double_tb: bool = False,
    lender: Combatant | None = None,
) -> Soak:
    """The Soak Value of ``fighter`` at ``location`` against Penetration ``pen``."""
    tb = bonus(tables, fighter, "t", lender)
    return Soak(tb, fighter.armour.get(location, 0), pen, double_tb)


def unarmed_fatigue(draft: Draft, tables: D100Tables, target: Combatant, total: int) -> None:
    """Seed 001 l.71 and 004 l.63, Unarmed Attacks: "If the damage dealt is equal to or higher
    than the target's TB, they suffer a level of fatigue" — read as the damage before Soak
    against the plain Toughness Bonus."""
    tb = bonus(tables, target, "t")
    if total < tb:
        return
    before = target.track("fatigue")
    draft.emit(
        ev.TrackSet,
        who=target.id,
        track="fatigue",
        value=before + 1,
        text=f"{target.name}: Fatigue {before} → {before + 1} (unarmed damage {total} ≥ TB {tb})",
    )


# --- the wound pool -----------------------------------------------------------------------


def lose_wounds(
    draft: Draft, tables: D100Tables, fighter: Combatant, lost: int, fated: bool, where: str = ""
) -> None:
    """Take ``lost`` wounds off the pool. At 0 a combatant without Fate perishes; a Fate
    holder takes what goes past 0 as Critical (or Lethal) Damage, and the GM reads its
    table (not in the text) — a reminder says so."""
    if lost <= 0:
        return
    before = fighter.track("wounds")
    after = before - lost
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="wounds",
        value=max(0, after),
        text=f"{fighter.name}: Wounds {before} → {max(0, after)}",
    )
    if fated:
        past_zero(draft, tables, fighter, min(lost, -after), "", where)
    elif after <= 0 and not fighter.out_of_fight:
        word = "is destroyed" if fighter.kind == "horde" else "perishes"
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="dead",
            text=f"{fighter.name} {word} at 0 wounds (no Fate)",
        )


def past_zero(
    draft: Draft, tables: D100Tables, fighter: Combatant, amount: int, suffix: str, where: str
) -> None:
    """Critical (or Lethal) Damage: tracked past 0, and a reminder to read the table."""
    if amount <= 0:
        return
    track, label = tables.raw["zero"]["track"] + suffix, tables.raw["zero"]["label"]
    total = draft.state.combatant(fighter.id).track(track) + amount
    at = f" to the {where}" if where else ""
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track=track,
        value=total,
        text=f"{fighter.name} takes {amount} {label}{at} (total {total})",
    )
    draft.emit(
        ev.ReminderRaised,
        who=fighter.id,
        key=f"{track}",
        text=f"{fighter.name}: {label} {total}{at} — read the {label} table (it is not "
        f"in the rule text) and record the result with 'note'",
    )
