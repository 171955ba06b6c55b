"""Alien dying and getting up: death rolls, first aid and rally.

A lethal critical injury (see :mod:`damage`) starts a death-roll timer: each death roll
is Stamina; a failed one kills, three survived end it. First aid stabilises the dying
and gets the Broken up (a failure while dying shortens the timer a step, and at round
it kills); a rally (a COMMAND roll) gets the Broken up but not the dying.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import successes
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, resolve, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.alien_evolved.actions import charge, check_able
from tracker.rules.alien_evolved.damage import (
    SAVES,
    TIMER,
    check_alive,
    clear_timer,
    death_roll_timing,
    nothing_owed,
    resolve_reminder,
    set_track,
)
from tracker.rules.alien_evolved.pools import record_pool
from tracker.rules.alien_evolved.waiting import death_rolls_due, free_death_roll_key

Data = Mapping[str, Any]


def death_due(draft: Draft, who: str, why: str) -> None:
    """Remind the GM of a death roll."""
    fighter = draft.state.combatant(who)
    due = len(death_rolls_due(draft.state, who)) + 1
    draft.emit(
        ev.ReminderRaised,
        who=who,
        key=free_death_roll_key(draft.state, who),
        text=f"{fighter.name}: death roll ({why}) — Stamina, no push, no stress dice; "
        f"{fighter.track(SAVES)}/3 survived" + (f"; {due} death rolls due" if due > 1 else ""),
    )


def death_roll(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``deathroll WHO [pass|fail]``: roll Stamina (or enter the result)."""
    fighter = who_arg(draft.state, command, 0, "who")
    check_alive(fighter)
    if not fighter.track(TIMER):
        raise RuleError(f"{fighter.name} has no lethal critical injury: no death roll")
    passed = _death_result(draft, command, dice, data, fighter)
    for key in death_rolls_due(draft.state, fighter.id)[:1]:  # the oldest due
        resolve_reminder(draft, fighter.id, key)
    if not passed:
        clear_timer(draft, fighter.id)
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="dead",
            text=f"{fighter.name} fails the death roll and dies",
        )
        nothing_owed(draft, fighter.id)
        return
    saves = fighter.track(SAVES) + 1
    set_track(draft, fighter.id, SAVES, saves)
    if saves >= int(data["death"]["survive_after"]):
        clear_timer(draft, fighter.id)
        draft.say(f"{fighter.name} survives a third death roll and stops rolling")
    else:
        draft.say(f"{fighter.name} lingers on ({saves}/3 death rolls survived)")


def _death_result(
    draft: Draft, command: Command, dice: DiceLike, data: Data, fighter: Combatant
) -> bool:
    word = command.args[1].casefold() if len(command.args) > 1 else ""
    if word in ("pass", "fail"):
        draft.say(f"{fighter.name}'s death roll: {word}ed at the table")
        return word == "pass"
    if word:
        raise RuleError("a death roll is 'pass', 'fail', or nothing to roll Stamina")
    size = fighter.stats.get("stamina", int(data["defaults"]["stamina"]))
    faces = dice.pool(max(1, size))
    passed = successes(faces, int(data["death"]["success_face"])) > 0
    text = (
        f"{fighter.name}'s death roll: Stamina {size}d {list(faces)} → "
        f"{'success' if passed else 'failure'}"
    )
    record_pool(draft, fighter.id, size, faces, successes(faces), "death roll", text)
    return passed


def get_up(draft: Draft, who: str, health: int, why: str) -> None:
    """No longer Broken: back up with ``health`` Health."""
    fighter = draft.state.combatant(who)
    value = min(fighter.limits.get("health", health), fighter.track("health") + health)
    draft.emit(
        ev.TrackSet,
        who=who,
        track="health",
        value=value,
        text=f"{fighter.name} is back up ({why}): Health {fighter.track('health')} → {value}",
    )
    draft.emit(ev.ConditionRemoved, who=who, name="Broken")
    if fighter.status == "down":
        draft.emit(ev.StatusChanged, who=who, status="active")


def first_aid(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``firstaid WHO N|fail [by=HELPER] [roll=POOL]``: stabilise, and get the Broken up."""
    fighter = who_arg(draft.state, command, 0, "who gets first aid")
    check_alive(fighter)
    broken, dying = bool(fighter.condition("Broken")), bool(fighter.track(TIMER))
    if not broken and not dying:
        raise RuleError(f"{fighter.name} is neither Broken nor dying: first aid changes nothing")
    helper = resolve(draft.state, command.options["by"]) if "by" in command.options else ""
    if helper == fighter.id and broken:
        raise RuleError(f"{fighter.name} is Broken and cannot give first aid to themselves")
    if helper:
        check_able(draft.state.combatant(helper), "first aid")
    count = _aid_successes(draft, command, dice, data, fighter, helper)
    if helper:
        charge(draft, helper, data, "full", "first-aid")
    if count > 0:
        if dying:
            clear_timer(draft, fighter.id)
            draft.say(f"{fighter.name} is stabilised: no more death rolls")
        if broken:
            get_up(draft, fighter.id, count, f"first aid, {counted(count, 'success', 'successes')}")
        return
    _aid_failed(draft, data, fighter, dying)


def _aid_successes(
    draft: Draft, command: Command, dice: DiceLike, data: Data, fighter: Combatant, helper: str
) -> int:
    if "roll" in command.options:
        size = command.option_int("roll")
        if size < 0:
            raise RuleError(f"roll= is the MEDICAL AID dice, 0 or more — not {size}")
        if helper == fighter.id:
            size -= int(data["first_aid"]["self_penalty"])
        faces = dice.pool(max(0, size))
        count = successes(faces, int(data["stress"]["success_face"]))
        hits = counted(count, "success", "successes")
        text = f"First aid on {fighter.name}: {max(0, size)}d {list(faces)} → {hits}"
        record_pool(draft, helper or fighter.id, size, faces, count, "first aid", text)
        return count
    word = command.arg(1, "the successes rolled (0 or 'fail'), or roll=POOL")
    return successes_rolled(word)


def successes_rolled(word: str) -> int:
    """The successes a GM typed for a roll made at the table: ``fail`` or a count of 0 or
    more (a negative count is a slip, not a failure: it would shorten a death timer)."""
    if word.casefold() == "fail":
        return 0
    count = parse_int(word, "the successes rolled")
    if count < 0:
        raise RuleError(f"the successes rolled are 0 or more ('fail' for none), not {count}")
    return count


def _aid_failed(draft: Draft, data: Data, fighter: Combatant, dying: bool) -> None:
    if not dying:
        draft.say(f"First aid on {fighter.name} fails")
        return
    step = fighter.track(TIMER)
    if step <= 1:
        clear_timer(draft, fighter.id)
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="dead",
            text=f"First aid on {fighter.name} fails with the time limit already at "
            f"round: {fighter.name} dies",
        )
        nothing_owed(draft, fighter.id)
        return
    shorter = str(data["death"]["timers"][step - 2])
    set_track(draft, fighter.id, TIMER, step - 1)
    draft.emit(
        ev.ConditionChanged,
        who=fighter.id,
        name="Dying",
        level=step - 1,
        text=f"First aid on {fighter.name} fails: the death roll now comes "
        f"{death_roll_timing(fighter, data, shorter)}",
    )


def rally(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``rally WHO N|fail [by=HELPER]``: a COMMAND roll gets the Broken up (not the dying)."""
    fighter = who_arg(draft.state, command, 0, "who is rallied")
    check_alive(fighter)
    if not fighter.condition("Broken"):
        raise RuleError(f"{fighter.name} is not Broken: nothing to rally")
    helper = resolve(draft.state, command.options["by"]) if "by" in command.options else ""
    if helper:
        check_able(draft.state.combatant(helper), "rally")
        charge(draft, helper, data, "quick", "rally")
    count = successes_rolled(command.arg(1, "the successes rolled (0 or 'fail')"))
    if count > 0:
        get_up(draft, fighter.id, count, f"rallied, {counted(count, 'success', 'successes')}")
    else:
        draft.say(f"The rally fails: {fighter.name} stays Broken")
