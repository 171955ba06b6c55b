"""Wrath & Glory damage: Damage Rating against Resilience, Soak, Shock and Wounds, Defiance.

Equal to Resilience: 1d3 Shock. Above it: one Wound per point over. Heroes may Soak
(one Wound per icon, two per Exalted icon; it costs 1 Shock plus 1 per Wound negated);
Mortal Wounds cannot be Soaked. Double the starting Wounds from one attack slays.
At 0 Shock: Exhausted. At 0 Wounds a Hero is unconscious and makes Defiance Checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import icons
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll, record_roll_of
from tracker.core.wording import counted
from tracker.rules.common import clamp
from tracker.rules.wrath_glory.acting import check_can_act, take_action
from tracker.rules.wrath_glory.defiance_due import nothing_owed, raise_defiance, settle
from tracker.rules.wrath_glory.dice import is_hero, soak_faces, spend_wrath

Data = Mapping[str, Any]


def resilience(fighter: Combatant, data: Data) -> int:
    """The combatant's Resilience (armour included, as the roster gives it)."""
    return fighter.stats.get("resilience", int(data["defaults"]["resilience"]))


@dataclass(frozen=True)
class Hit:
    """One attack's damage as the GM types it."""

    rating: int
    bonus_dice: int = 0
    mortal: int = 0
    soak: int = 0
    reroll: bool = False
    by: str = ""


def soak_pool(fighter: Combatant, command: Command) -> int:
    """Soak dice asked for: ``soak=N``, or ``soak`` alone for the Toughness attribute."""
    if "soak" not in command.options:
        return 0
    value = command.options["soak"]
    size = parse_int(value, "soak") if value else fighter.stats.get("toughness", 0)
    if size < 1:
        raise RuleError(f"{fighter.name} has no Toughness to Soak with — 'soak=N'")
    return size


def resolve_hit(draft: Draft, dice: DiceLike, data: Data, who: str, hit: Hit) -> None:
    """Compare the Damage Rating with Resilience, Soak if asked, and apply the loss."""
    fighter = draft.state.combatant(who)
    _alive(fighter)
    if hit.rating < 0 or hit.bonus_dice < 0 or hit.mortal < 0 or hit.soak < 0:
        raise RuleError("damage, bonus dice, mortal wounds and soak must be 0 or more")
    if hit.soak and not is_hero(fighter, data):
        raise RuleError(f"only Heroes may Soak — {fighter.name} is not one")
    bonus = dice.pool(hit.bonus_dice) if hit.bonus_dice else ()
    total = hit.rating + icons(bonus)
    res = resilience(fighter, data)
    rolls, parts = list(bonus), [_rating_text(hit, bonus, total, res)]
    shock, wounds = _against_resilience(dice, data, total, res, rolls, parts, fighter)
    if hit.soak and wounds:
        wounds, extra = _soak(draft, dice, data, fighter, hit, wounds, rolls, parts)
        shock += extra
    elif hit.soak:
        parts.append("nothing to Soak")
    if hit.mortal:
        wounds += hit.mortal
        parts.append(f"+{counted(hit.mortal, 'Mortal Wound')}, not soakable")
    _log(draft, fighter, rolls, "; ".join(parts))
    apply_loss(draft, data, fighter.id, shock=shock, wounds=wounds, attack=True)


def shock_immune(fighter: Combatant) -> bool:
    """A threat whose sheet gives Shock 0 (a Necron, a daemon): it takes no Shock."""
    return fighter.limits.get("shock", -1) == 0


def _against_resilience(
    dice: DiceLike,
    data: Data,
    total: int,
    res: int,
    rolls: list[int],
    parts: list[str],
    fighter: Combatant,
) -> tuple[int, int]:
    """(Shock, Wounds): equal to Resilience 1d3 Shock, above it a Wound per point."""
    if total == res and shock_immune(fighter):
        parts.append("equal: no Shock (Shock-immune)")
        return 0, 0
    if total == res:
        roll = dice.roll(str(data["damage"]["shock_on_equal"]))
        rolls += roll.dice
        parts.append(f"equal: {roll.total} Shock ({roll.expr} {list(roll.dice)})")
        return roll.total, 0
    if total > res:
        parts.append(counted(total - res, "Wound"))
        return 0, total - res
    parts.append("no harm")
    return 0, 0


def _rating_text(hit: Hit, bonus: tuple[int, ...], total: int, res: int) -> str:
    bonus_text = (
        f" + {counted(len(bonus), 'bonus die', 'bonus dice')} {list(bonus)}" if bonus else ""
    )
    return f"DR {hit.rating}{bonus_text} = {total} vs Resilience {res}"


def _soak(
    draft: Draft,
    dice: DiceLike,
    data: Data,
    fighter: Combatant,
    hit: Hit,
    wounds: int,
    rolls: list[int],
    parts: list[str],
) -> tuple[int, int]:
    if hit.reroll:
        spend_wrath(draft, fighter, "re-rolling the Soak")
    faces = soak_faces(dice, hit.soak, reroll=hit.reroll)
    rolls += faces
    negated = min(wounds, icons(faces))
    cost = int(data["soak"]["base_shock"]) + int(data["soak"]["shock_per_wound"]) * negated
    parts.append(f"Soak {hit.soak}d {list(faces)} negates {negated}, costing {cost} Shock")
    return wounds - negated, cost


def _log(draft: Draft, fighter: Combatant, rolls: list[int], text: str) -> None:
    line = f"{fighter.name} is hit: {text}"
    if rolls:
        record_roll(
            draft,
            fighter.id,
            "damage",
            tuple(rolls),
            total=0,
            reason="damage",
            text=line,
        )
    else:
        draft.emit(ev.Said, who=fighter.id, text=line)


def _alive(fighter: Combatant) -> None:
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead already")


def apply_loss(
    draft: Draft, data: Data, who: str, *, shock: int = 0, wounds: int = 0, attack: bool = False
) -> None:
    """Take Shock and Wounds off, with every threshold: Exhausted, down, slain, Defiance."""
    fighter = draft.state.combatant(who)
    was_down = fighter.track("wounds") == 0
    slay_at = int(data["damage"]["slain_multiple"]) * fighter.limits.get("wounds", 1)
    if attack and wounds and wounds >= slay_at:
        _set(draft, fighter, "wounds", 0)
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="dead",
            text=f"{fighter.name} is slain outright ({counted(wounds, 'Wound')} from one attack, "
            f"at least {slay_at})",
        )
        nothing_owed(draft, fighter.id)
        return
    if shock and shock_immune(fighter):
        draft.emit(ev.Said, who=fighter.id, text=f"{fighter.name} takes no Shock (Shock-immune)")
        shock = 0
    if shock:
        _lose(draft, fighter.id, "shock", shock, "Shock")
        if draft.state.combatant(who).track("shock") == 0 and not fighter.condition("Exhausted"):
            add_effect(draft, who, "Exhausted", "at 0 Shock")
    if wounds:
        _lose(draft, fighter.id, "wounds", wounds, "Wounds")
        if not was_down and draft.state.combatant(who).track("wounds") == 0:
            _drop(draft, data, who)
    if was_down and (shock or wounds):
        hurt_at_zero(draft, data, who)


def _lose(draft: Draft, who: str, track: str, amount: int, label: str) -> None:
    fighter = draft.state.combatant(who)
    before = fighter.track(track)
    _set(
        draft,
        fighter,
        track,
        before - amount,
        f"{fighter.name}: {label} {before} → {clamp(fighter, track, before - amount)}",
    )


def _set(draft: Draft, fighter: Combatant, track: str, value: int, text: str = "") -> None:
    draft.emit(
        ev.TrackSet, who=fighter.id, track=track, value=clamp(fighter, track, value), text=text
    )


def add_effect(draft: Draft, who: str, name: str, why: str = "") -> None:
    """Give a lasting combat effect (Exhausted, Prone, Unconscious, Stabilised)."""
    fighter = draft.state.combatant(who)
    text = f"{fighter.name} is {name}" + (f" ({why})" if why else "")
    draft.emit(ev.ConditionApplied, who=who, name=name, category="effect", text=text)


def drop_effect(draft: Draft, who: str, name: str, why: str = "") -> None:
    """End a combat effect if the combatant has it."""
    fighter = draft.state.combatant(who)
    held = fighter.condition(name)
    if held is not None:
        text = f"{fighter.name} is no longer {held.name}" + (f" ({why})" if why else "")
        draft.emit(ev.ConditionRemoved, who=who, name=held.name, text=text)


def _drop(draft: Draft, data: Data, who: str) -> None:
    fighter = draft.state.combatant(who)
    if not is_hero(fighter, data):
        draft.emit(
            ev.StatusChanged,
            who=who,
            status="down",
            text=f"{fighter.name} falls at 0 Wounds and is out of the fight",
        )
        return
    draft.emit(
        ev.StatusChanged,
        who=who,
        status="down",
        text=f"{fighter.name} falls unconscious at 0 Wounds",
    )
    add_effect(draft, who, "Unconscious")
    if not fighter.condition("Prone"):
        add_effect(draft, who, "Prone", "unconscious")


def hurt_at_zero(draft: Draft, data: Data, who: str) -> None:
    """Damage at 0 Wounds: a Hero makes a Defiance Check at once."""
    fighter = draft.state.combatant(who)
    if fighter.status == "dead" or not is_hero(fighter, data):
        return
    drop_effect(draft, who, "Stabilised", "hurt again")
    raise_defiance(draft, who, "hurt at 0 Wounds: Defiance Check now")


def defiance_check(draft: Draft, dice: DiceLike, data: Data, who: str, wrath: bool) -> None:
    """Roll a Defiance Check: stabilised, back up, one or two failures, or dead."""
    fighter = draft.state.combatant(who)
    _alive(fighter)
    rule = data["defiance"]
    if not is_hero(fighter, data):
        raise RuleError(f"only Heroes make Defiance Checks — {fighter.name} is not one")
    if fighter.track("wounds") > 0:
        raise RuleError(
            f"{fighter.name} has {counted(fighter.track('wounds'), 'Wound')}: "
            "Defiance Checks are only made at 0 Wounds"
        )
    if fighter.condition("Stabilised"):
        raise RuleError(f"{fighter.name} is stabilised: no Defiance Check until hurt again")
    bonus = int(rule["wrath_bonus"]) if wrath else 0
    if wrath:
        spend_wrath(draft, fighter, "+1 on the Defiance Check")
    face = dice.d(int(rule["die"]))
    result = face + bonus
    outcome = _defiance_outcome(draft, data, who, result)
    shown = f"{face}+{bonus} = {result}" if bonus else str(face)
    record_roll(
        draft,
        who,
        "1d6",
        (face,),
        total=result,
        reason="defiance",
        text=f"{fighter.name}'s Defiance Check: {shown} — {outcome}",
    )
    fighter = draft.state.combatant(who)
    dies = fighter.track("defiance") >= int(rule["deadly_failures"])
    # seed 002 l.249-251: a pass (stabilised or up) or the third failure ends the checks
    ended = dies or fighter.track("wounds") > 0 or bool(fighter.condition("Stabilised"))
    settle(draft, who, every=ended)
    if dies:
        draft.emit(
            ev.StatusChanged,
            who=who,
            status="dead",
            text=f"{fighter.name} dies after a third failed Defiance Check",
        )
        nothing_owed(draft, who)


def _defiance_outcome(draft: Draft, data: Data, who: str, result: int) -> str:
    rule = data["defiance"]
    fighter = draft.state.combatant(who)
    if result >= int(rule["conscious_at"]):
        wake(draft, who, int(rule["conscious_wounds"]))
        return f"conscious again with {rule['conscious_wounds']} Wound"
    if result >= int(rule["stable_at"]):
        add_effect(draft, who, "Stabilised", "passed a Defiance Check")
        return "stabilised"
    failed = 2 if result <= int(rule["two_failures_at"]) else 1
    total = fighter.track("defiance") + failed
    _set(draft, fighter, "defiance", total)
    return f"{counted(failed, 'failure')}, {min(total, 3)}/3"


def wake(draft: Draft, who: str, wounds: int) -> None:
    """Back to consciousness with ``wounds`` Wounds (Defiance 6, or any healing)."""
    fighter = draft.state.combatant(who)
    _set(
        draft,
        fighter,
        "wounds",
        max(fighter.track("wounds"), wounds),
        f"{fighter.name}: Wounds {fighter.track('wounds')} → "
        f"{clamp(fighter, 'wounds', max(fighter.track('wounds'), wounds))}",
    )
    drop_effect(draft, who, "Unconscious")
    drop_effect(draft, who, "Stabilised")
    if fighter.track("defiance"):
        _set(draft, fighter, "defiance", 0)
    if fighter.status == "down":
        prone = " (still Prone)" if fighter.condition("Prone") else ""
        draft.emit(
            ev.StatusChanged,
            who=who,
            status="active",
            text=f"{fighter.name} is back in the fight{prone}",
        )
    settle(draft, who, every=True)


def heal(draft: Draft, who: str, amount: int, shock: bool) -> None:
    """Restore Wounds (waking an unconscious Hero) or Shock (ending Exhausted)."""
    fighter = draft.state.combatant(who)
    _alive(fighter)
    if amount < 1:
        raise RuleError("heal needs an amount of 1 or more")
    track = "shock" if shock else "wounds"
    before = fighter.track(track)
    after = clamp(fighter, track, before + amount)
    if after == before:
        raise RuleError(f"{fighter.name}'s {track.capitalize()} are full already ({before})")
    if track == "wounds" and before == 0:
        wake(draft, who, after)
        return
    _set(draft, fighter, track, after, f"{fighter.name}: {track.capitalize()} {before} → {after}")
    if shock:
        drop_effect(draft, who, "Exhausted", "Shock restored")


def restore_shock(draft: Draft, dice: DiceLike, data: Data, who: str) -> None:
    """Restore Shock: an action and a Wrath point for 1d3+3 Shock; Exhausted ends."""
    fighter = draft.state.combatant(who)
    _alive(fighter)
    rule = data["restore_shock"]
    check_can_act(fighter, data, "Restore Shock", draft.state.round)
    if fighter.track("shock") >= fighter.limits.get("shock", 0):
        raise RuleError(f"{fighter.name}'s Shock is full already")
    take_action(draft, fighter, "Restore Shock")
    spend_wrath(draft, fighter, "Restore Shock", int(rule["wrath"]))
    roll = dice.roll(str(rule["dice"]))
    fighter = draft.state.combatant(who)
    before = fighter.track("shock")
    after = clamp(fighter, "shock", before + roll.total)
    record_roll_of(
        draft,
        who,
        roll,
        reason="restore shock",
        text=f"{fighter.name} restores Shock: {roll.expr} {list(roll.dice)} = "
        f"{roll.total}; Shock {before} → {after}",
    )
    _set(draft, fighter, "shock", after)
    drop_effect(draft, who, "Exhausted", "Shock restored")
