"""nerv-d100 turn economy and resources: ``act``, ``exert``, ``spend``, ``gain``, ``downtime``.

A turn has one Move and two Actions (★ = 1, ★★ = 2); an action and its variations are
one group that cannot repeat in a turn, except through an Exert. One Chance Attack until
the start of the combatant's next turn, none while ailing. Fate points have seven uses.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.rules.common import delayer_acts, words_and_options
from tracker.rules.nerv_d100 import defend, fate_tests, running
from tracker.rules.nerv_d100.afflictions import (
    add_stress,
    add_trauma,
    end_condition,
    sync_thresholds,
)
from tracker.rules.nerv_d100.stats import (
    ailments,
    blocked_by,
    bonus,
    ignoring,
    injury_rows,
    put_on,
    set_value,
    shift,
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
    fighter = who_arg(draft.state, command)
    words, values = words_and_options(command, len(command.args), ACT_FLAGS, ("cost",))
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
        _action(draft, tables, fighter, name, "combo" in words, forced, values)


def _refuse_if_blocked(tables: NervTables, fighter: Combatant, what: str, forced: bool) -> None:
    held = blocked_by(fighter, tables, what)
    if held is not None and not forced:
        raise RuleError(f"{fighter.name} is {held.name}: no {what} (add 'force' to allow it)")


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
        text=f"{fighter.name}: Basic Move ({left} Move(s) left)",
    )
    pain = sum(r.move_stress for r in injury_rows(fighter, tables) if not ignoring(fighter, r.name))
    add_stress(draft, tables, fighter.id, pain, "Foot Pain")


def _chance(draft: Draft, tables: NervTables, fighter: Combatant, forced: bool) -> None:
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
        if key in (MOVE, CHANCE, *FREE_REPEAT):
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
            f"{fighter.name} has {fighter.track('actions')} action(s) left; "
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
        text=f"{fighter.name}: {spec.key.title()} {stars} ({left} action(s) left)",
    )
    defend.declared(draft, tables, fighter.id, spec.key)
    running.declared(draft, tables, fighter.id, spec.key)


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


# --- resources ---------------------------------------------------------------------------


RESOURCES = ("fate", "stress", "trauma")


def _resource(fighter: Combatant, word: str) -> str:
    key = word.casefold()
    if key not in RESOURCES:
        raise RuleError(f"{fighter.name} has no '{word}' to spend or gain — {', '.join(RESOURCES)}")
    return key


def _amount_and_name(command: Command) -> tuple[int, str]:
    rest = list(command.args[2:])
    amount = 1
    if rest and rest[0].isascii() and rest[0].lstrip("-").isdigit():
        amount = int(rest.pop(0))
    if amount < 1:
        raise RuleError(f"the amount must be 1 or more, not {amount}")
    return amount, " ".join(rest)


def gain(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``gain WHO fate|stress|trauma [N]``."""
    fighter = who_arg(draft.state, command)
    track = _resource(fighter, command.arg(1, f"what to gain — {', '.join(RESOURCES)}"))
    amount, extra = _amount_and_name(command)
    why = extra or "the GM"
    if track == "stress":
        add_stress(draft, tables, fighter.id, amount, why)
    elif track == "trauma":
        add_trauma(draft, tables, fighter.id, amount, why)
    else:
        shift(draft, fighter.id, "fate", amount, "Fate", why)


def spend(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``spend WHO fate [N] use=USE [NAME]`` or ``spend WHO stress|trauma N`` (to lower it)."""
    fighter = who_arg(draft.state, command)
    track = _resource(fighter, command.arg(1, f"what to spend — {', '.join(RESOURCES)}"))
    amount, name = _amount_and_name(command)
    if track != "fate":
        words_and_options(command, len(command.args), (), ())
        label = track.capitalize()
        if fighter.track(track) < amount:
            raise RuleError(f"{fighter.name} has only {fighter.track(track)} {label}")
        shift(draft, fighter.id, track, -amount, label, "relieved")
        sync_thresholds(draft, tables, fighter.id)
        return
    _, values = words_and_options(command, len(command.args), (), ("use",))
    spend_fate(draft, tables, fighter, values.get("use", ""), amount, name)


def spend_fate(
    draft: Draft, tables: NervTables, fighter: Combatant, use: str, amount: int, name: str
) -> None:
    """Spend Fate on one of its seven uses; the pool and the use are logged."""
    uses = ", ".join(tables.fate_uses)
    if use not in tables.fate_uses:
        what = f"'{use}' is not a Fate use" if use else "say what the Fate point is for"
        raise RuleError(f"{what} — use={uses.replace(', ', '|')}")
    if amount > 1 and use != "block":
        raise RuleError(f"one Fate point per {use}: only 'block' takes several")
    if fighter.track("fate") < amount:
        raise RuleError(f"{fighter.name} has {fighter.track('fate')} Fate left")
    shift(draft, fighter.id, "fate", -amount, "Fate", tables.fate_uses[use])
    if use in ("advantage", "reroll"):
        _for_test(draft, tables, fighter, use)
        return
    FATE_USES.get(use, _said)(draft, tables, fighter, amount, name)


def _for_test(draft: Draft, tables: NervTables, fighter: Combatant, use: str) -> None:
    """Advantage or a reroll: held for the next test the tracker rolls (``fate_tests``)."""
    fate_tests.hold(draft, tables, draft.state.combatant(fighter.id), use)


def _said(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    """Uses the GM resolves at the table: the log line is the record."""


def _restore(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    pool = fighter.limits.get("fate", 0)
    shift(draft, fighter.id, "wounds", pool, "Wounds", f"Fate restores {pool}")


def _cure(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    held = [a for a in ailments(fighter) if not name or a.name.casefold() == name.casefold()]
    if len(held) != 1:
        has = ", ".join(a.name for a in ailments(fighter)) or "no ailment"
        raise RuleError(
            f"which ailment? {fighter.name} has: {has} — 'spend {fighter.id} fate use=ailment NAME'"
        )
    end_condition(
        draft, fighter.id, held[0].name, f"{fighter.name} throws off {held[0].name} (Fate)"
    )


def _unblock(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    if len(fighter.injuries) < amount:
        raise RuleError(f"{fighter.name} has {len(fighter.injuries)} injury point(s) to block")
    for injury in list(reversed(fighter.injuries))[:amount]:
        draft.emit(
            ev.InjuryRemoved,
            who=fighter.id,
            location=injury.location,
            name=injury.name,
            text=f"{fighter.name}: Fate blocks the injury {injury.name} "
            f"({injury.location}); effects already applied stay until cured",
        )
        shift(draft, fighter.id, "injuries", -1, "Injuries")
    if fighter.status == "down" and draft.state.combatant(fighter.id).track("injuries") <= _pb(
        fighter
    ):
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="active",
            text=f"{fighter.name} is back in the fight",
        )


def _pb(fighter: Combatant) -> int:
    return bonus(fighter, "physique")


def _ignore(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    known = [c.name for c in fighter.conditions] + [r.name for r in injury_rows(fighter, tables)]
    match = next((k for k in known if k.casefold() == name.casefold()), None)
    if match is None:
        raise RuleError(f"ignore what? {fighter.name} has: {', '.join(known) or 'nothing'}")
    put_on(
        draft,
        fighter.id,
        f"Ignoring {match}",
        "Fate",
        f"{fighter.name} ignores {match} until the end of the round",
    )


def _surge(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    set_value(draft, fighter.id, "actions", fighter.track("actions") + 1)
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=SURGE,
        text=f"{fighter.name} surges: +1 action, no Stress",
    )


FATE_USES = {
    "wounds": _restore,
    "ailment": _cure,
    "block": _unblock,
    "ignore": _ignore,
    "surge": _surge,
}


# --- downtime ----------------------------------------------------------------------------


def downtime(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``downtime [short|long]``: Stress and Trauma ease, Fate refills, Exerts reset."""
    length = (command.args[0] if command.args else "short").casefold()
    if length not in tables.raw["downtime"]:
        raise RuleError(f"no downtime '{length}' — short, long")
    rest = tables.raw["downtime"][length]
    draft.say(
        f"{length.capitalize()} Downtime: Stress -{rest['stress']}, "
        f"Trauma -{rest['trauma']}, Fate refilled, Exert costs reset"
    )
    for fighter in draft.state.active:
        _rest(draft, tables, fighter, int(rest["stress"]), int(rest["trauma"]))


def _rest(draft: Draft, tables: NervTables, fighter: Combatant, stress: int, trauma: int) -> None:
    for track, amount in (("stress", stress), ("trauma", trauma)):
        if amount and fighter.track(track):
            shift(draft, fighter.id, track, -amount, track.capitalize(), "downtime")
    top = fighter.limits.get("fate", 0)
    if fighter.track("fate") < top:
        set_value(draft, fighter.id, "fate", top, f"{fighter.name}: Fate refilled to {top}")
    if fighter.track("exerts"):
        set_value(draft, fighter.id, "exerts", 0)
    fate_tests.lapse(draft, tables, fighter.id)
    if fighter.condition("Ego Fracture") is not None:
        end_condition(
            draft,
            fighter.id,
            "Ego Fracture",
            f"{fighter.name}'s AT Field mends (Ego Fracture ends)",
        )
    sync_thresholds(draft, tables, fighter.id)
