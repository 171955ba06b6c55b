"""nerv-d100 turn economy: ``act`` and ``exert`` (Fate, Stress and Trauma: ``resources``).

A turn has one Move and two Actions (★ = 1, ★★ = 2); an action and its variations are
one group that cannot repeat in a turn, except through an Exert. One Chance Attack until
the start of the combatant's next turn, none while ailing.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.core.wording import counted
from tracker.rules.common import delayer_acts, words_and_options
from tracker.rules.nerv_d100 import combo_moves, defend, disrupt, focus, holds, running, shake_turns
from tracker.rules.nerv_d100.afflictions import (
    add_stress,
)
from tracker.rules.nerv_d100.stats import (
    ailments,
    blocked_by,
    ignoring,
    injury_rows,
    set_value,
    whole,
)
from tracker.rules.nerv_d100.tables import NervTables

EXERT, SURGE, MOVE, CHANCE = "exert", "surge", "move", "chance attack"
FREE_REPEAT = (EXERT, SURGE)
ACT_FLAGS = ("combo", "force")


def fresh_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """Start of a turn: two Actions, one Move, the Chance Attack back."""
    fighter = draft.state.combatant(who)
    set_value(draft, fighter.id, "actions", tables.number("economy", "actions"))
    set_value(draft, fighter.id, "moves", tables.number("economy", "moves"))
    if fighter.track("chance") == 0:
        set_value(draft, fighter.id, "chance", 1)


def turn_over(draft: Draft, who: str) -> None:
    """End of a turn: what was not used is gone (an Exert later gives one action)."""
    fighter = draft.state.combatant(who)
    for track in ("actions", "moves"):
        if fighter.track(track):
            set_value(draft, fighter.id, track, 0)


def own_turn(draft: Draft, fighter: Combatant) -> bool:
    """Whether it is ``fighter``'s turn now."""
    current = draft.state.current
    return current is not None and slot_owner(current) == fighter.id


# --- act ---------------------------------------------------------------------------------


def act(draft: Draft, tables: NervTables, rules: Rules, command: Command, dice: DiceLike) -> None:
    """``act WHO`` (a delayer acts now) or ``act WHO ACTION [combo] [cost=N] [force]``."""
    if len(command.args) < 2:
        delayer_acts(draft, rules, command, dice, "'act {slot} standard attack', 'act {slot} move'")
        return
    command, result = disrupt.split_result(command, ACT_FLAGS)
    fighter = who_arg(draft.state, command)
    words, values = words_and_options(command, len(command.args), ACT_FLAGS, ("cost", "on"))
    words |= {w.casefold() for w in command.args[2:] if w.casefold() in ACT_FLAGS}
    name = " ".join(w for w in command.args[1:] if w.casefold() not in ACT_FLAGS)
    if not name:
        raise RuleError(
            f"which action? 'act {fighter.id} move', 'act {fighter.id} chance', "
            f"'act {fighter.id} standard attack' …"
        )
    forced = "force" in words
    folded = name.casefold()
    if folded == MOVE:
        _move(draft, tables, fighter, forced)
    elif folded in ("chance", CHANCE):
        _chance(draft, tables, fighter, forced)
    else:
        combo = "combo" in words
        spec, argument = combo_moves.split_argument(tables, name)
        combo_moves.check(spec, fighter, argument, combo)
        target = values.pop("on", "")
        _action(draft, tables, fighter, spec.key, combo, forced, values)
        disrupt.check(draft, tables, fighter, spec.key, target, result)  # refusal: none kept
        combo_moves.take_effect(draft, rules, dice, spec, fighter, argument)
        disrupt.declared(draft, tables, fighter, spec.key, target, result)


def unable(tables: NervTables, fighter: Combatant, what: str) -> str:
    """Why ``fighter`` may not take ``what`` (``moves``, ``actions``) — "Carol is Stunned",
    "Carol is incapacitated" (l.206: "you are incapacitated or killed") — or ""."""
    if fighter.status == "down":
        return f"{fighter.name} is incapacitated"
    held = blocked_by(fighter, tables, what)
    return f"{fighter.name} is {held.name}" if held is not None else ""


def _refuse_if_blocked(tables: NervTables, fighter: Combatant, what: str, forced: bool) -> None:
    """Refuse ``what`` to one who may not take it, unless the GM forces it."""
    why = "" if forced else unable(tables, fighter, what)
    if why:
        raise RuleError(f"{why}: no {what} (add 'force' to allow it)")


def _refuse_if_limited(tables: NervTables, fighter: Combatant, key: str, forced: bool) -> None:
    """An ailment that leaves only some actions (Enraged: melee attacks, l.285)."""
    for limit in tables.raw.get("only_actions", []):
        name = str(limit["condition"])
        if fighter.condition(name) is None or ignoring(fighter, name) or forced:
            continue
        if key not in limit["actions"]:
            raise RuleError(
                f"{fighter.name} is {name}: only {limit['words']}, not {key} "
                "(add 'force' to allow it)"
            )


def _still(tables: NervTables, fighter: Combatant) -> str:
    """The action used this turn that forbids moving in it (Heavy Weapon Attack), or ""."""
    used = {entry.split(" (", 1)[0] for entry in fighter.spent}
    return next((a.key for a in tables.actions if a.still and a.key in used), "")


def _move(draft: Draft, tables: NervTables, fighter: Combatant, forced: bool) -> None:
    _refuse_if_blocked(tables, fighter, "moves", forced)
    still = _still(tables, fighter)
    if still and not forced:
        raise RuleError(
            f"{fighter.name} used {still.title()} this turn: no move in the same turn "
            "(add 'force' to allow it)"
        )
    if fighter.track("moves") <= 0:
        raise RuleError(f"{fighter.name} has no Move left this turn (Running gives another)")
    set_value(draft, fighter.id, "moves", fighter.track("moves") - 1)
    left = draft.state.combatant(fighter.id).track("moves")
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=MOVE,
        text=f"{fighter.name}: Basic Move ({counted(left, 'Move')} left)",
    )
    holds.tested(draft, tables, fighter, "move")
    pain = sum(r.move_stress for r in injury_rows(fighter, tables) if not ignoring(fighter, r.name))
    add_stress(draft, tables, fighter.id, pain, "Foot Pain")


def _chance(draft: Draft, tables: NervTables, fighter: Combatant, forced: bool) -> None:
    # l.181 "Chance Attacks act exactly like a standard attack": none for one who may
    # take no action (Unconscious, Frozen in Fear, Catatonia) or is incapacitated
    _refuse_if_blocked(tables, fighter, "actions", forced)
    ailing = ailments(fighter)
    if ailing and not forced:
        raise RuleError(f"{fighter.name} is {ailing[0].name}: no Chance Attacks while ailing")
    if fighter.condition("Grappled") is not None and not forced:
        raise RuleError(f"{fighter.name} is Grappled: no Chance Attacks")
    if fighter.track("chance") <= 0 and not forced:
        raise RuleError(
            f"{fighter.name} has made a Chance Attack already — the next one "
            "after the start of their turn"
        )
    set_value(draft, fighter.id, "chance", 0)
    draft.emit(
        ev.ActionUsed, who=fighter.id, action=CHANCE, text=f"{fighter.name} makes a Chance Attack"
    )


def groups_used(tables: NervTables, spent: tuple[str, ...]) -> dict[str, str]:
    """Action group → the action that used it this turn."""
    used: dict[str, str] = {}
    for entry in spent:
        key = entry.split(" (", 1)[0]
        if key in (MOVE, CHANCE, *FREE_REPEAT) or key.startswith(shake_turns.PREFIX):
            continue
        used.setdefault(tables.action(key).group, key)
    return used


def free_repeats(spent: tuple[str, ...]) -> int:
    """Actions from Exerts and Surges not yet used to repeat an action."""
    granted = sum(1 for e in spent if e in FREE_REPEAT)
    return granted - sum(1 for e in spent if e.endswith(" (exert)"))


def _action(
    draft: Draft,
    tables: NervTables,
    fighter: Combatant,
    name: str,
    combo: bool,
    forced: bool,
    values: dict[str, str],
) -> None:
    spec = tables.action(name)
    _refuse_if_blocked(tables, fighter, "actions", forced)
    _refuse_if_limited(tables, fighter, spec.key, forced)
    if spec.still and MOVE in fighter.spent and own_turn(draft, fighter) and not forced:
        raise RuleError(
            f"{fighter.name} has moved this turn: no {spec.key.title()} in the same turn "
            "(add 'force' to allow it)"
        )
    cost = _cost(spec.key, spec.stars, spec.cost, values)
    mine = own_turn(draft, fighter)
    if combo:
        _check_combo(fighter, spec.key, forced)
        cost = 0
    elif not mine and fighter.track("actions") <= 0:
        raise RuleError(
            f"it is not {fighter.name}'s turn — out of turn only an Exert "
            f"('exert {fighter.id}') or a Chance Attack ('act {fighter.id} chance')"
        )
    if cost > fighter.track("actions") and not forced:
        raise RuleError(
            f"{fighter.name} has {counted(fighter.track('actions'), 'action')} left; "
            f"{spec.key} costs {'★' * cost}"
        )
    label = spec.key
    earlier = groups_used(tables, fighter.spent).get(spec.group) if mine else None
    if earlier is not None and not combo:
        if free_repeats(fighter.spent) <= 0 and not forced:
            raise RuleError(
                f"{fighter.name} used {earlier} this turn: an action and its "
                "variations cannot repeat (an Exert's action can)"
            )
        label = f"{spec.key} (exert)"
    elif combo:
        label = f"{spec.key} (combo)"
    set_value(draft, fighter.id, "actions", fighter.track("actions") - cost)
    if spec.moves:
        set_value(draft, fighter.id, "moves", fighter.track("moves") + spec.moves)
    left = draft.state.combatant(fighter.id).track("actions")
    stars = "★" * cost if cost else "free"
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=label,
        text=f"{fighter.name}: {spec.key.title()} {stars} ({counted(left, 'action')} left)",
    )
    defend.declared(draft, tables, fighter.id, spec.key)
    focus.declared(draft, tables, fighter.id, spec.key)
    running.declared(draft, tables, fighter.id, spec.key)
    holds.tested(draft, tables, fighter, "action")


def _cost(key: str, stars: int, span: tuple[int, int] | None, values: dict[str, str]) -> int:
    if "cost" not in values:
        return stars
    if span is None:
        raise RuleError(f"{key} always costs {'★' * stars}: it takes no cost=")
    cost = whole(values, "cost")
    if not span[0] <= cost <= span[1]:
        raise RuleError(f"{key} costs {span[0]} to {span[1]} actions, not {cost}")
    return cost


def _check_combo(fighter: Combatant, key: str, forced: bool) -> None:
    ailing = ailments(fighter)
    if ailing and not forced:
        raise RuleError(f"{fighter.name} is {ailing[0].name}: no Combos while ailing")
    if key in (e.split(" (", 1)[0] for e in fighter.spent) and not forced:
        raise RuleError(
            f"{fighter.name} already used {key} this turn: a combo chain cannot "
            "repeat the same variation"
        )


def exert(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``exert WHO``: one more action now, for 1, then 2, then 3 … Stress."""
    fighter = who_arg(draft.state, command)
    words_and_options(command, 1, (), ())
    _refuse_if_blocked(tables, fighter, "actions", False)
    done = fighter.track("exerts")
    cost = tables.number("exert", "first") + tables.number("exert", "step") * done
    set_value(draft, fighter.id, "exerts", done + 1)
    set_value(draft, fighter.id, "actions", fighter.track("actions") + 1)
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=EXERT,
        text=f"{fighter.name} exerts (#{done + 1} since downtime): +1 action for {cost} Stress",
    )
    add_stress(draft, tables, fighter.id, cost, "Exert")
