"""nerv-d100 damage: Defense, counting wounds, the wound pool, Savage attacks, Burning.

Damage above Defense (Physique Bonus + armour at the location) is one wound; each
multiple-wound source adds one. Wounds come off the pool; a wound with none left is an
Injury point and Stress, and each Savage source adds an Injury point (what an Injury point
does is :mod:`.injuries`'). The log says how every number was reached.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import counted
from tracker.rules.nerv_d100.afflictions import BURNING, add_stress, end_condition
from tracker.rules.nerv_d100.injuries import (
    add_injury,
    check_incapacitated,
    critical_effect,
    incapacitate,
)
from tracker.rules.nerv_d100.stats import blocked_by, bonus, injury_rows, is_helpless, shift
from tracker.rules.nerv_d100.tables import Location, NervTables
from tracker.rules.nerv_d100.witness import allies
from tracker.rules.readings import chosen


@frozen_record
class Hit(FrozenRecord):
    """One attack as the GM describes it."""

    damage: int
    location: Location
    damage_type: str = ""
    exploit: bool = False
    critical: bool = False
    weak: bool = False
    ignore_armour: bool = False
    weak_spot: bool = False
    savage: int = 0
    block: int = 0
    exploited: str = ""
    """The ailment the Exploit Hit exploits, when the attacker's side decides it
    (Dominated: the controller's side)."""


@frozen_record
class WoundCount(FrozenRecord):
    """How many wounds a hit deals, and why (for the log)."""

    defense: int
    armour: int
    wounds: int
    reasons: tuple[str, ...]
    savage: tuple[str, ...]


def defense_of(fighter: Combatant, hit: Hit) -> tuple[int, int]:
    """(Defense, armour counted): Physique Bonus + armour at the location."""
    armour = 0 if hit.weak or hit.ignore_armour else fighter.armour.get(hit.location.key, 0)
    return bonus(fighter, "physique") + armour, armour


def count_wounds(
    tables: NervTables, fighter: Combatant, hit: Hit, state: EncounterState
) -> WoundCount:
    """Wounds from damage over Defense plus every multiple-wound source, and Savage sources."""
    defense, armour = defense_of(fighter, hit)
    margin = hit.damage - defense
    if margin <= 0:
        return WoundCount(defense, armour, 0, (), ())
    reasons: list[str] = []
    if margin >= tables.number("wounds", "high_damage"):
        reasons.append("high damage")
    if hit.location.key in tables.weak_spots(fighter.kind):
        reasons.append(hit.location.key)
    elif hit.weak_spot:
        reasons.append("weak spot")
    if hit.weak or fighter.armour.get(hit.location.key, 0) == 0:
        reasons.append("unguarded")
    if hit.exploit:
        reasons.append("exploit")
    if hit.critical:
        reasons.append("critical")
    if any(row.extra_wound for row in injury_rows(fighter, tables)):
        reasons.append("inner damage")
    wounds = 1 + len(reasons)
    savage = savage_sources(tables, fighter, wounds, margin, hit.savage, state)
    return WoundCount(defense, armour, wounds, tuple(reasons), savage)


def helpless_reason(tables: NervTables, fighter: Combatant, state: EncounterState) -> str:
    """``helpless`` for a Helpless, unconscious or down target; under the ``no-opposing``
    reading ``helpless`` also names a condition that forbids opposing attacks (l.363), and
    the surprise round of the surprised, who "may not oppose any tests" (l.16)."""
    if is_helpless(fighter):
        return "helpless"
    if chosen(tables.readings, state.options, "no-opposing") != "helpless":
        return ""
    held = blocked_by(fighter, tables, "opposing")
    if held is not None:
        return f"helpless ({held.name}: cannot oppose attacks)"
    if state.round == 1 and fighter.id in (slot_owner(s) for s in state.surprised):
        return "helpless (surprised: may not oppose any tests this round)"
    return ""


def savage_sources(
    tables: NervTables,
    fighter: Combatant,
    wounds: int,
    margin: int,
    flagged: int,
    state: EncounterState,
) -> tuple[str, ...]:
    """Why an attack is Savage: helpless target, 4+ wounds, very high damage, GM flags."""
    sources: list[str] = []
    helpless = helpless_reason(tables, fighter, state)
    if helpless:
        sources.append(helpless)
    if wounds >= tables.number("wounds", "savage_wounds"):
        sources.append(f"{tables.number('wounds', 'savage_wounds')}+ wounds")
    if margin >= tables.number("wounds", "savage_damage"):
        sources.append("very high damage")
    sources.extend(["flagged"] * flagged)
    return tuple(sources)


def explain(fighter: Combatant, hit: Hit, count: WoundCount) -> str:
    """``Sachiel @core: 12 vs Defense 6 (PB 4 + 2 AP): 1 wound +1 core … = 3 wounds``."""
    armour = f" + {count.armour} AP" if count.armour else ""
    head = (
        f"{fighter.name} @{hit.location.key}: {hit.damage} vs Defense {count.defense} "
        f"(PB {count.defense - count.armour}{armour})"
    )
    if not count.wounds:
        return f"{head}: no wound"
    extras = "".join(f" +1 {reason}" for reason in count.reasons)
    total = f" = {counted(count.wounds, 'wound')}" if count.reasons else ""
    savage = ""
    if count.savage:
        savage = f"; Savage ×{len(count.savage)} ({', '.join(count.savage)})"
    return f"{head}: 1 wound{extras}{total}{savage}"


def resolve_hit(draft: Draft, tables: NervTables, dice: DiceLike, who: str, hit: Hit) -> None:
    """Apply one attack: explain it, then critical effect, exploit, wounds and injuries."""
    fighter = draft.state.combatant(who)
    count = count_wounds(tables, fighter, hit, draft.state)
    draft.emit(ev.Said, who=fighter.id, text=explain(fighter, hit, count))
    if not count.wounds:
        return
    if hit.critical:
        critical_effect(draft, tables, who, hit.damage_type, "critical hit")
    if hit.exploit:
        clear_exploited(draft, tables, who, hit.damage_type, hit.exploited)
    take_wounds(
        draft,
        tables,
        dice,
        who,
        count.wounds,
        hit.location,
        savage=len(count.savage),
        block=hit.block,
        damage_type=hit.damage_type,
    )


def exploited_ailment(tables: NervTables, fighter: Combatant, damage_type: str) -> str:
    """The ailment a hit of ``damage_type`` exploits on ``fighter`` ("" when none): seed
    000 l.168 "Ailments often provide Exploit Hits" — voltaic on Shocked, impact on
    Frozen, any hit on Hypnotised (``exploited_by`` in the data)."""
    for held in fighter.conditions:
        spec = tables.conditions.get(held.name.casefold())
        if spec and ("any" in spec.exploited_by or damage_type in spec.exploited_by):
            return held.name
    return ""


def exploited_by_side(
    state: EncounterState, tables: NervTables, fighter: Combatant, attacker: Combatant | None
) -> str:
    """The ailment ``attacker``'s hit exploits because of who they are ("" when none):
    seed 000 l.281, Dominated — the controller's and their allies' "attacks gain Exploit
    Hits on you" (``exploited_by = ["controller"]`` in the data)."""
    if attacker is None:
        return ""
    for held in fighter.conditions:
        spec = tables.conditions.get(held.name.casefold())
        controller = state.combatants.get(held.source) if held.source else None
        if spec is None or "controller" not in spec.exploited_by or controller is None:
            continue
        if attacker.id == controller.id or allies(attacker, controller):
            return held.name
    return ""


def clear_exploited(
    draft: Draft, tables: NervTables, who: str, damage_type: str, exploited: str = ""
) -> None:
    """An Exploit Hit clears the ailment it exploited (when the damage type, or the
    attacker's side, says which)."""
    fighter = draft.state.combatant(who)
    name = exploited or exploited_ailment(tables, fighter, damage_type)
    if name:
        text = f"{fighter.name}: the Exploit Hit clears {name}"
        end_condition(draft, who, name, text, tables)


def take_wounds(
    draft: Draft,
    tables: NervTables,
    dice: DiceLike,
    who: str,
    wounds: int,
    location: Location | None,
    *,
    savage: int = 0,
    block: int = 0,
    damage_type: str = "",
) -> None:
    """Wounds off the pool; the rest become Injury points (+Stress); Savage adds injuries."""
    check_at_once(tables, wounds + savage, "wounds")
    fighter = draft.state.combatant(who)
    soaked = min(wounds, fighter.track("wounds"))
    overflow = wounds - soaked
    if soaked:
        shift(draft, who, "wounds", -soaked, "Wounds")
    points = overflow + savage
    if points and location is None:
        location = roll_location(draft, tables, dice, fighter)
    points -= block_injuries(draft, who, min(block, points))
    for _ in range(points):
        assert location is not None
        add_injury(draft, tables, who, location, damage_type)
    stress = overflow * tables.number("wounds", "stress_per_injury")
    add_stress(draft, tables, who, stress, "wounds past the pool")
    if savage and draft.state.combatant(who).track("wounds") == 0:
        incapacitate(draft, tables, who, "a Savage attack at 0 wounds")
    check_incapacitated(draft, tables, who, location)


def check_at_once(tables: NervTables, amount: int, what: str) -> None:
    """Refuse more ``what`` in one command than the data file's ``most_at_once``."""
    most = tables.number("wounds", "most_at_once")
    if amount > most:
        raise RuleError(f"{amount} {what} at once is more than any hit deals (at most {most})")


def block_injuries(draft: Draft, who: str, points: int) -> int:
    """Spend a Fate point per Injury point blocked; returns how many were blocked."""
    if points <= 0:
        return 0
    fighter = draft.state.combatant(who)
    if fighter.track("fate") < points:
        raise RuleError(
            f"{fighter.name} has only {fighter.track('fate')} Fate to block "
            f"{counted(points, 'injury point')}"
        )
    shift(draft, who, "fate", -points, "Fate", f"blocks {counted(points, 'injury point')}")
    return points


def roll_location(draft: Draft, tables: NervTables, dice: DiceLike, fighter: Combatant) -> Location:
    """Roll d100 on the hit-location table and record the die."""
    roll = dice.d(100)
    location = tables.hit_location(roll)
    record_roll(
        draft,
        fighter.id,
        "1d100",
        (roll,),
        total=roll,
        reason="hit location",
        text=f"Hit location on {fighter.name}: d100 {roll} → {location.label}",
    )
    return location


def burn(draft: Draft, tables: NervTables, dice: DiceLike, who: str) -> None:
    """End of round: Burning's attack ignoring armour (1 wound, more if the damage is high)."""
    fighter = draft.state.combatant(who)
    damage = fighter.track(BURNING) or tables.number("burning", "damage")
    defense = bonus(fighter, "physique")
    margin = damage - defense
    wounds = tables.number("burning", "wounds")
    extra = " +1 high damage" if margin >= tables.number("wounds", "high_damage") else ""
    wounds += 1 if extra else 0
    savage = savage_sources(tables, fighter, wounds, margin, 0, draft.state)
    text = (
        f"{fighter.name} burns: Damage {damage} vs Defense {defense} (armour ignored): "
        f"{tables.number('burning', 'wounds')} wound{extra}"
    )
    if savage:
        text += f"; Savage ×{len(savage)} ({', '.join(savage)})"
    draft.emit(ev.Said, who=fighter.id, text=text)
    where = tables.location(fighter.kind, str(tables.raw["burning"]["location"]))
    take_wounds(draft, tables, dice, who, wounds, where, savage=len(savage))
    if draft.state.combatant(who).condition("Burning") is not None:
        shift(
            draft,
            who,
            BURNING,
            tables.number("burning", "step"),
            "Burning damage",
            "the fire grows",
        )
