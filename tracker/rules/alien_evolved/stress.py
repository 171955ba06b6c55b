"""Alien stress, panic, supplies (air, ammo, power), Full Auto and reloading.

Humans carry a stress level; synthetics and creatures never do, and nobody gains stress
or panics while Broken (skill rolls, pushes and opposed rolls: ``rolls``). A supply roll
throws stress dice equal to the rating (at most six); each 1 lowers it by one.
Panic effects come from the GM's panic table when it has the total.
Full Auto: up to three attack rolls, stress +1 for each after the first, an ammo roll
after each. Reloading is a quick action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import count
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, who_arg
from tracker.core.model import Combatant, slot_owner
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import with_article
from tracker.rules.alien_evolved.actions import AMMO_ROLL, charge, check_able
from tracker.rules.alien_evolved.levels import add_stress, feels_stress
from tracker.rules.alien_evolved.pools import record_pool
from tracker.rules.alien_evolved.tables import CriticalTable, PanicResult

Data = Mapping[str, Any]
PANIC_ENTRY = "panic-table"
"""The reminder key of a panic total the GM is to look up in their table and enter."""


def stress(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``stress WHO N``: raise (``+1``) or lower (``-1``) the stress level."""
    fighter = who_arg(draft.state, command)
    amount = parse_int(command.arg(1, "a change, e.g. +1 or -2"), "the stress change")
    if not feels_stress(fighter, data):
        raise RuleError(
            f"{fighter.name} is {with_article(fighter.kind)}: "
            "synthetics and creatures never gain stress"
        )
    if amount > 0 and fighter.condition("Broken"):
        raise RuleError(f"{fighter.name} is Broken: no stress while Broken")
    if amount == 0 or (amount < 0 and fighter.track("stress") == 0):
        raise RuleError(f"{fighter.name}'s stress level stays {fighter.track('stress')}")
    add_stress(draft, data, fighter, amount, command.options.get("for", "GM"))


def panic(
    draft: Draft, command: Command, dice: DiceLike, data: Data, table: CriticalTable | None = None
) -> None:
    """``panic WHO [N [EFFECT…]]``: roll 1d6 + stress (or enter the total); the GM's panic
    table, when it has the total, gives the effect."""
    fighter = who_arg(draft.state, command)
    if not feels_stress(fighter, data):
        raise RuleError(f"{fighter.name} is {with_article(fighter.kind)}: it never panics")
    if fighter.condition("Broken"):
        raise RuleError(f"{fighter.name} is Broken: no panic rolls while Broken")
    _resolve(draft, fighter.id, "panic")
    if len(command.args) > 1:
        _resolve(draft, fighter.id, PANIC_ENTRY)
        result = parse_int(command.args[1], "the panic result")
        if result < 1:
            raise RuleError(f"a panic total is 1d6 + the stress level: 1 or more, not {result}")
        effect = " ".join(command.args[2:])
        row = table.find_panic(result) if table is not None and not effect else None
        if row is not None:
            _panic_effect(draft, fighter, result, row)
        else:
            _panics(draft, fighter, result, effect)
        return
    roll = dice.roll(str(data["stress"]["panic_die"]))
    level = fighter.track("stress")
    total = roll.total + level
    row = table.find_panic(total) if table is not None else None
    shown = f"{fighter.name}'s panic roll: {roll.expr} {list(roll.dice)} + stress {level} = {total}"
    record_roll(draft, fighter.id, roll.expr, roll.dice, total=total, reason="panic", text=shown)
    if row is not None:
        _panic_effect(draft, fighter, total, row)
        return
    draft.emit(
        ev.ReminderRaised,
        who=fighter.id,
        key=PANIC_ENTRY,
        text=f"{fighter.name}: look up panic {total} and enter it — "
        f"'panic {fighter.id} {total} EFFECT'",
    )


def _panic_effect(draft: Draft, fighter: Combatant, total: int, row: PanicResult) -> None:
    """The GM's panic table gave ``row`` for ``total``: keep cool, or panic with its effect."""
    if row.calm:
        draft.say(f"{fighter.name} keeps cool: {total}, {row.text}")
        return
    _panics(draft, fighter, total, row.text)


def _panics(draft: Draft, fighter: Combatant, total: int, effect: str) -> None:
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name="Panicking",
        category="panic",
        level=total,
        source=effect,
        text=f"{fighter.name} panics: {total}" + (f", {effect}" if effect else ""),
    )


def _resolve(draft: Draft, who: str, key: str) -> None:
    if any(r.who == who and r.key == key for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=who, key=key)


# --- supplies ------------------------------------------------------------------------


def supply_roll(draft: Draft, dice: DiceLike, data: Data, fighter: Combatant, kind: str) -> int:
    """Throw stress dice equal to the rating (max 6); each 1 lowers it. Returns the rating."""
    rule = data["supply"]
    if kind not in rule["kinds"]:
        raise RuleError(f"supplies are {', '.join(rule['kinds'])}, not '{kind}'")
    if kind not in fighter.tracks:
        raise RuleError(f"{fighter.name} has no {kind} rating (roster: supplies.{kind} = N)")
    rating = fighter.track(kind)
    if rating == 0:
        raise RuleError(
            f"{fighter.name} is out of {kind}"
            + (f" — 'reload {fighter.id}'" if kind == "ammo" else "")
        )
    faces = dice.pool(min(rating, int(rule["max_dice"])))
    lost = count(faces, int(rule["loses_on"]))
    after = rating - lost
    out = (
        {
            "ammo": "out of ammo: reload",
            "air": "out of air!",
            "power": "out of power: it stops working",
        }[kind]
        if after == 0
        else ""
    )
    text = f"{fighter.name}'s {kind} supply roll {list(faces)}: {kind} {rating} → {after}" + (
        f" — {out}" if out else ""
    )
    record_pool(draft, fighter.id, len(faces), faces, lost, f"{kind} supply", text)
    if kind == "ammo":
        _resolve(draft, fighter.id, AMMO_ROLL)
    if lost:
        draft.emit(ev.TrackSet, who=fighter.id, track=kind, value=after)
    return after


def supply(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``supply WHO ammo|air|power``: a supply roll."""
    fighter = who_arg(draft.state, command)
    supply_roll(draft, dice, data, fighter, command.arg(1, "ammo, air or power").casefold())


def full_auto(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``auto WHO ROLLS``: a burst of 1-3 attack rolls; stress for each after the first."""
    fighter = who_arg(draft.state, command)
    check_able(fighter, "Full Auto burst")
    acting = draft.state.current
    if acting is not None and slot_owner(acting) != fighter.id:  # l.125: "as part of the same
        raise RuleError(  # action" — a ranged attack, made on one's turn (l.60, 71-72)
            f"it is not {fighter.name}'s turn — a Full Auto burst is a ranged attack, made "
            "in one's own turn ('full WHO ranged', then 'auto')"
        )
    rolls = parse_int(command.arg(1, "the attack rolls in the burst (1 to 3)"), "attack rolls")
    most = int(data["full_auto"]["max_rolls"])
    if not 1 <= rolls <= most:
        raise RuleError(f"a burst is 1 to {most} attack rolls (it ends at a miss or a push)")
    for number in range(1, rolls + 1):
        if number > 1:
            add_stress(
                draft,
                data,
                draft.state.combatant(fighter.id),
                int(data["full_auto"]["stress_per_extra"]),
                f"Full Auto roll {number}",
            )
        left = supply_roll(draft, dice, data, draft.state.combatant(fighter.id), "ammo")
        if left == 0 and number < rolls:
            draft.say(f"The magazine runs dry: the burst ends after roll {number}")
            return


def reload(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``reload WHO``: a quick action; ammo back to full, one reload used."""
    fighter = who_arg(draft.state, command)
    if "ammo" not in fighter.tracks:
        raise RuleError(f"{fighter.name} has no ammo rating to reload")
    top = fighter.limits.get("ammo", fighter.track("ammo"))
    if fighter.track("ammo") >= top:
        raise RuleError(f"{fighter.name}'s ammo is full ({top})")
    if "reloads" in fighter.tracks and fighter.track("reloads") < 1:
        raise RuleError(f"{fighter.name} has no reloads left")
    charge(draft, fighter.id, data, "quick", "reload")
    if "reloads" in fighter.tracks:
        draft.emit(ev.TrackSet, who=fighter.id, track="reloads", value=fighter.track("reloads") - 1)
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="ammo",
        value=top,
        text=f"{fighter.name} reloads: ammo {fighter.track('ammo')} → {top}",
    )
