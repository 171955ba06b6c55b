"""eva-escale damage: ``dmg``, ``wound`` and ``heal``.

Damage (typed, or dice the tracker rolls) may gain Righteous Fury — a natural maximum on a
damage die, confirmed by a test, adds 1d10 and another for each further 10, for Fate
holders only. Soak = Toughness Bonus + armour at the location − Penetration; what passes
Soak is wounds lost. Constructs lose them from the pool of the location hit alone (a
location at 0 is crippled); everyone else from one pool. At 0, no Fate: death (or a
defeated construct); with Fate, Critical Damage past 0.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import counted, with_article
from tracker.rules.common import words_and_options
from tracker.rules.d100 import Location, pick_location, whole
from tracker.rules.d100.damage import (
    DamageRoll,
    confirm,
    dos_of,
    exploding_d10,
    lose_wounds,
    past_zero,
    roll_damage,
    soak_of,
    still_standing,
    unarmed_fatigue,
)
from tracker.rules.d100.ruleset import D100Ruleset
from tracker.rules.eva_escale.forces import has_fate, pilot_id
from tracker.rules.eva_escale.on_foot import to_hit_note

DMG_KEYS = ("pen", "by", "confirm", "test", "dos", "hit")
DEFEAT = "defeat"
"""The reminder key of the GM's question whether Critical Damage defeats a construct."""


def pools_by_location(rules: D100Ruleset, fighter: Combatant) -> bool:
    """Constructs and Angels keep one wound pool per location."""
    return fighter.kind in rules.tables.words("pools", "per_location")


def attacker_of(draft: Draft, values: dict[str, str], target: Combatant) -> Combatant | None:
    """``by=WHO``, else whoever's turn it is (unless that is the target itself)."""
    state = draft.state
    if "by" in values:
        return named(state, values["by"])
    acting = state.acting
    return acting if acting is not None and acting.id != target.id else None


def where_hit(
    draft: Draft, rules: D100Ruleset, dice: DiceLike, fighter: Combatant, command: Command
) -> Location | None:
    """The location hit; hordes have none, and a single-pool combatant whose armour is the
    same everywhere needs none rolled."""
    if not rules.tables.locations_for(fighter.kind):
        if command.location:
            raise RuleError(f"{fighter.name} is {with_article(fighter.kind)}: it has no locations")
        return None
    if (
        not command.location
        and "hit" not in command.options
        and not pools_by_location(rules, fighter)
        and len(set(fighter.armour.values())) <= 1
        and len(fighter.armour) in (0, len(rules.tables.locations_for(fighter.kind)))
    ):
        return None
    return pick_location(draft, rules.tables, dice, fighter, command)


def damage(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``dmg WHO DAMAGE [@LOC|hit=NN] [pen=N] [by=WHO] [dos=N] [fury] [unarmed]
    [confirm=pass|fail] [test=ws|bs]``."""
    state = draft.state
    target = still_standing(who_arg(state, command, 0, "who is hit"))
    text = command.arg(1, "the damage, e.g. 'dmg ramiel 2d10+4 pen=3'")
    flags, values = words_and_options(command, 2, ("fury", "unarmed"), DMG_KEYS)
    attacker = attacker_of(draft, values, target)
    where = where_hit(draft, rules, dice, target, command)
    rolled = roll_damage(text, dice, dos_of(draft, command, values))
    fury = righteous_fury(
        draft, rules, dice, attacker, rolled, "fury" in flags, values, command, where
    )
    total = rolled.total + sum(fury)
    armour_at = (
        where.key if where else ("body" if rules.tables.locations_for(target.kind) else "all")
    )
    soak = soak_of(rules.tables, target, armour_at, whole(values, "pen"))
    lost = max(0, total - soak.value)
    extra = f" + {rules.tables.raw['fury']['label']} {sum(fury)} = {total}" if fury else ""
    at = f" @{where.key}" if where else ""
    outcome = counted(lost, "wound") if lost else "all soaked, no effect"
    draft.emit(
        ev.Said,
        who=target.id,
        text=f"{target.name}{at}: damage {rolled.shown}{extra} vs {soak.shown}: {outcome}"
        f"{to_hit_note(rules.tables, target)}",
    )
    if "unarmed" in flags:
        unarmed_fatigue(draft, rules.tables, target, total)
    take(draft, rules, target, lost, where)


def righteous_fury(
    draft: Draft,
    rules: D100Ruleset,
    dice: DiceLike,
    attacker: Combatant | None,
    rolled: DamageRoll,
    flagged: bool,
    values: dict[str, str],
    command: Command,
    where: Location | None,
) -> tuple[int, ...]:
    """The Righteous Fury dice (none when there is no natural maximum, no Fate or no
    confirmation); every face recorded."""
    label = rules.tables.raw["fury"]["label"]
    if not (rolled.natural_max or flagged):
        return ()
    state = draft.state
    if attacker is None or not has_fate(state, attacker, rules.tables):
        who = attacker.name if attacker else "no attacker is named"
        has = " has no Fate" if attacker else ""
        draft.say(f"A natural maximum on the damage dice, but {who}{has}: no {label}")
        if attacker is None:
            draft.say(f"Name the attacker for {label}: by=WHO", gm_only=True)
        return ()
    if "confirm" not in values and "test" not in values:
        retype = _retyped(command, rolled, where)
        raise RuleError(
            f"{attacker.name}'s damage shows a natural maximum ({rolled.shown}): "
            f"{label} to confirm — type '{retype}' (or confirm=pass|fail)"
        )
    if not confirm(
        draft, dice, rules.tables, attacker, values, 0, label, rules.lender(state, attacker)
    ):
        return ()
    faces = exploding_d10(dice)
    again = " (each 10 rolls again)" if len(faces) > 1 else ""
    record_roll(
        draft,
        attacker.id,
        "1d10",
        faces,
        total=sum(faces),
        reason=label,
        text=f"{label}! {attacker.name} adds 1d10 "
        f"[{', '.join(map(str, faces))}] = {sum(faces)}{again}",
    )
    return faces


def _retyped(command: Command, rolled: DamageRoll, where: Location | None) -> str:
    """The same command with the rolled total typed in and the Fury flag: nothing re-rolls."""
    words = [command.verb, command.args[0], str(rolled.total), *command.args[2:]]
    if where is not None:
        words.append(f"@{where.key.replace(' ', '-')}")
    words += [f"{k}={v}" for k, v in command.options.items() if k not in ("hit", "dos")]
    return " ".join([*words, "fury", "test=ws|bs"])


def take(
    draft: Draft, rules: D100Ruleset, fighter: Combatant, lost: int, where: Location | None
) -> None:
    """Wounds off the location's pool (constructs) or the single pool."""
    if lost <= 0:
        return
    if pools_by_location(rules, fighter):
        if where is None:
            raise RuleError(f"{fighter.name} has a pool per location: name one (@left-arm)")
        location_wounds(draft, rules, fighter, where, lost)
        return
    fated = has_fate(draft.state, fighter, rules.tables)
    lose_wounds(draft, rules.tables, fighter, lost, fated, where.label.lower() if where else "")


def location_wounds(
    draft: Draft, rules: D100Ruleset, fighter: Combatant, where: Location, lost: int
) -> None:
    """Only the location hit loses wounds; at 0 it is crippled. Past 0: Critical Damage
    there for Fate holders; without Fate a vital location at 0 defeats the construct."""
    track = f"wounds@{where.key}"
    before = fighter.track(track)
    after = before - lost
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track=track,
        value=max(0, after),
        text=f"{fighter.name}: {where.label} wounds {before} → {max(0, after)}",
    )
    if after <= 0 < before:
        draft.say(f"{fighter.name}'s {where.label.lower()} is crippled")
    vital = where.key in rules.tables.words("pools", "vital")
    if has_fate(draft.state, fighter, rules.tables):
        past_zero(
            draft, rules.tables, fighter, min(lost, -after), f"@{where.key}", where.label.lower()
        )
        if vital and after < 0 and pilot_id(fighter):
            draft.emit(
                ev.ReminderRaised,
                who=fighter.id,
                key=DEFEAT,
                text=f"If the {rules.tables.raw['zero']['label']} defeats {fighter.name}: "
                f"'defeat {fighter.id}' (its pilot then ejects)",
            )
    elif after <= 0 and vital:
        defeat(draft, fighter, f"its {where.label.lower()} is destroyed")


def defeat(draft: Draft, fighter: Combatant, why: str) -> None:
    """A construct is defeated: its pilot must eject (a reminder); an Angel is destroyed.
    The GM's question whether Critical Damage defeats it is settled."""
    if any(r.who == fighter.id and r.key == DEFEAT for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=fighter.id, key=DEFEAT)
    if fighter.out_of_fight or fighter.status == "down":
        return
    if not pilot_id(fighter):
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="dead",
            text=f"{fighter.name} is destroyed: {why}",
        )
        return
    draft.emit(
        ev.StatusChanged, who=fighter.id, status="down", text=f"{fighter.name} is defeated: {why}"
    )
    eject_due(draft, fighter)


def eject_due(draft: Draft, fighter: Combatant) -> None:
    """A defeated construct's pilot must eject (seed 001 l.136): the reminder to roll."""
    draft.emit(
        ev.ReminderRaised,
        who=fighter.id,
        key="eject",
        text=f"{fighter.name} is defeated: its pilot ejects — roll the ejection chart "
        f"('eject {fighter.id} roll') or enter the result ('eject {fighter.id} N')",
    )


def defeat_command(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``defeat WHO``: the GM rules a construct defeated (e.g. after Critical Damage)."""
    state = draft.state
    fighter = who_arg(state, command, 0, "the construct")
    words_and_options(command, 1, (), ())
    if not pools_by_location(rules, fighter):
        raise RuleError(f"{fighter.name} is not a construct — use 'down' or 'dead'")
    if fighter.status != "active":
        raise RuleError(f"{fighter.name} is {fighter.status} already")
    defeat(draft, fighter, "the GM's ruling")


def wound(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``wound WHO N [@LOC]``: wounds entered directly (no Soak)."""
    state = draft.state
    fighter = still_standing(who_arg(state, command, 0, "who is wounded"))
    amount = command.number(1, "a number of wounds")
    if amount < 1:
        raise RuleError("wounds must be 1 or more — use 'heal' to restore them")
    words_and_options(command, 2, (), ("hit",))
    where = where_hit(draft, rules, dice, fighter, command)
    at = f" to the {where.label.lower()}" if where else ""
    draft.say(f"{fighter.name} takes {counted(amount, 'wound')}{at} (entered by the GM)")
    take(draft, rules, fighter, amount, where)


def heal(draft: Draft, command: Command, dice: DiceLike, rules: D100Ruleset) -> None:
    """``heal WHO N [@LOC]``: Critical Damage heals first, then wounds (constructs: at the
    location named)."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who heals")
    amount = command.number(1, "how much to heal")
    if amount < 1:
        raise RuleError("heal 1 or more")
    words_and_options(command, 2, (), ())
    suffix, track, label = "", "wounds", "Wounds"
    if pools_by_location(rules, fighter):
        if not command.location:
            names = ", ".join(loc.key for loc in rules.tables.locations_for(fighter.kind))
            raise RuleError(f"{fighter.name} heals one location at a time — @LOC: {names}")
        where = rules.tables.location(fighter.kind, command.location)
        suffix, track, label = f"@{where.key}", f"wounds@{where.key}", f"{where.label} wounds"
    critical = rules.tables.raw["zero"]["track"] + suffix
    left = amount
    if fighter.track(critical):
        mended = min(left, fighter.track(critical))
        left -= mended
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track=critical,
            value=fighter.track(critical) - mended,
            text=f"{fighter.name}: {mended} {rules.tables.raw['zero']['label']} healed",
        )
    if left and track in fighter.tracks:
        before, top = fighter.track(track), fighter.limits.get(track, 0)
        after = min(top, before + left)
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track=track,
            value=after,
            text=f"{fighter.name}: {label} {before} → {after} (healed)",
        )
    if draft.state is state:
        raise RuleError(f"{fighter.name} has nothing to heal there")
