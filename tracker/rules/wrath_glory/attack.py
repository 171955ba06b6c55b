"""Wrath & Glory tests and attacks as commands.

``test WHO POOL [dn=N]`` rolls any test with the combatant's DN penalties added.
``attack WHO TARGET[,TARGET…] POOL melee|ranged [dmg=DR]`` rolls once against each
target's Defence (Multi-attack when there are several), turns Shifted Exalted icons and
a Called Shot into bonus damage dice, marks a 6 on the Wrath die as a critical hit, and
with ``dmg=`` applies the damage at once (a melee weapon adds the wielder's Strength).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, resolve
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import counted
from tracker.rules.wrath_glory.acting import check_can_act, take_action
from tracker.rules.wrath_glory.damage import Hit, resolve_hit, soak_pool
from tracker.rules.wrath_glory.dice import (
    PoolTest,
    pool_size,
    roll_pool,
    run_test,
    spend_wrath,
    wrath_glory,
)
from tracker.rules.wrath_glory.modifiers import (
    attack_dice,
    called_shot_dice,
    defence,
    option_spec,
    options_held,
    test_penalty,
)
from tracker.rules.wrath_glory.options import check_option

Data = Mapping[str, Any]


def roll_test(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``test WHO POOL [dn=N] [bonus=N] [vs=WHO] [for=WHAT] [wrath] [bank]``."""
    fighter = named(draft.state, command.arg(0, "who tests and a pool, e.g. 'test ann agility+3'"))
    size = pool_size(fighter, command.arg(1, "a dice pool, e.g. 'test ann 5 dn=3'"))
    size += command.option_int("bonus")
    against = resolve(draft.state, command.options["vs"]) if "vs" in command.options else ""
    base = command.option_int("dn", int(data["dice"]["default_dn"]))
    extra, notes = test_penalty(fighter, data, attack=bool(against), against=against)
    dn = max(int(data["dice"]["min_dn"]), base + extra)
    note = f"{base} " + " ".join(notes) if notes else ""
    draft.emit(ev.ActionUsed, who=fighter.id, action="test")
    run_test(
        draft,
        dice,
        data,
        fighter,
        size,
        dn,
        purpose=command.options.get("for", ""),
        reroll=command.flag("wrath"),
        bank=command.flag("bank"),
        note=note,
    )


def attack(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """Roll one attack against one or more targets and apply damage if ``dmg=`` is given."""
    if len(command.args) < 4 or command.args[3].casefold() not in ("melee", "ranged"):
        raise RuleError(
            "'attack' needs who, the target(s), a pool and melee or ranged, "
            "e.g. 'attack ann ork 6 ranged dmg=10'"
        )
    actor = named(draft.state, command.args[0])
    targets = [named(draft.state, t) for t in command.args[1].split(",") if t]
    kind = command.args[3].casefold()
    check_can_act(actor, data, f"{kind} attack", draft.state.round)
    if actor.id in {t.id for t in targets}:
        raise RuleError(f"{actor.name} cannot attack themselves")
    if len(targets) > 1 and not actor.condition(option_spec(data, "multi-attack")["name"]):
        # listing targets is a Multi-attack, with the same limits as declaring one
        check_option(actor, option_spec(data, "multi-attack"), data, draft.state.round)
    take_action(draft, actor, f"{kind} attack")
    extra_dice, dice_notes = attack_dice(actor, data, kind)
    size = pool_size(actor, command.args[2]) + extra_dice + command.option_int("bonus")
    if command.flag("wrath"):
        spend_wrath(draft, actor, "a re-roll")
    result = roll_pool(dice, size, 0, reroll=command.flag("wrath"))
    bonus = f" ({' '.join(dice_notes)})" if dice_notes else ""
    record_roll(
        draft,
        actor.id,
        f"{size}d6",
        result.faces,
        total=result.icons,
        reason=f"{kind} attack",
        text=f"{actor.name} makes a {kind} attack: {size}d{bonus} "
        f"{result.faces_text()} → {counted(result.icons, 'icon')}",
    )
    wrath_glory(draft, data, actor, result)
    aimed = [(t, *_attack_dn(draft, data, command, actor, t, kind, len(targets))) for t in targets]
    hit = [t for t, dn, _why in aimed if PoolTest(result.faces, dn, result.first_faces).passed]
    for target, dn, why in aimed:
        if target in hit:
            # seed 002 l.49-50: a critical on a Multi-attack falls on one target; with one
            # target hit, it is that one
            _hit(draft, dice, data, command, actor, target, (result, dn, why), len(hit) == 1)
        else:
            draft.say(f"{actor.name} misses {target.name} (DN {dn}: {why})")
    if result.glorious and len(hit) > 1:
        # seed 002 "Multi-attack": "the player may choose one target to suffer the effects"
        names = ", ".join(t.name for t in hit)
        draft.say(f"Wrath 6, a critical hit: the player picks one of {names} for it")


def _hit(
    draft: Draft,
    dice: DiceLike,
    data: Data,
    command: Command,
    actor: Combatant,
    target: Combatant,
    roll: tuple[PoolTest, int, str],
    only_hit: bool,
) -> None:
    """One target the attack hits: its bonus damage dice, the critical, its damage if given."""
    rolled, dn, why = roll
    kind = command.args[3].casefold()
    result = PoolTest(rolled.faces, dn, rolled.first_faces)
    bonus_dice = result.shifts + called_shot_dice(actor, data)
    critical = ", a critical hit (Wrath 6)" if result.glorious and only_hit else ""
    draft.say(
        f"{actor.name} hits {target.name} (DN {dn}: {why}); "
        f"{counted(bonus_dice, 'bonus damage die', 'bonus damage dice')}{critical}"
    )
    if "dmg" not in command.options:
        draft.say(f"Damage to {target.name}: 'dmg {target.id} DR bd={bonus_dice}'", gm_only=True)
        return
    rating = command.option_int("dmg")
    if kind == "melee":
        rating += actor.stats.get("strength", 0)
    hit = Hit(
        rating=rating,
        bonus_dice=bonus_dice,
        mortal=command.option_int("mortal"),
        soak=soak_pool(target, command),
        by=actor.id,
    )
    resolve_hit(draft, dice, data, target.id, hit)


def _attack_dn(
    draft: Draft,
    data: Data,
    command: Command,
    actor: Combatant,
    target: Combatant,
    kind: str,
    count: int,
) -> tuple[int, str]:
    if "dn" in command.options:
        base, notes = command.option_int("dn"), ["set by the GM"]
    else:
        base, defence_notes = defence(target, data, melee=kind == "melee")
        notes = [f"Defence {base}" + (f" ({' '.join(defence_notes)})" if defence_notes else "")]
    extra, penalty_notes = test_penalty(actor, data, attack=True, against=target.id)
    held = {spec["key"] for spec, _level, _arg in options_held(actor, data)}
    if count > 1 and "multi-attack" not in held:
        extra += 2 * (count - 1)
        penalty_notes.append(f"+{2 * (count - 1)} Multi-attack")
    dn = max(int(data["dice"]["min_dn"]), base + extra)
    return dn, " ".join(notes + penalty_notes)
