"""Alien damage: Health, Broken, critical injuries and the death-roll timer they start.

At 0 Health a human is Broken and rolls a critical injury (D66; a result of 14 or more
already suffered is rolled again); more damage while Broken gives another one. A lethal
injury starts a death-roll timer (round, stretch or shift): failed first aid shortens it a
step, and at round it kills; first aid stabilises; three death rolls survived on one's own
end it. A synthetic at 0 Health takes critical systems damage and keeps operating until
a shutdown. The tables are the GM's (see alien_tables). Death rolls, first aid and
rally are in :mod:`dying`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.rules.alien_evolved.tables import INSTANT, Critical, CriticalTable
from tracker.rules.alien_evolved.waiting import (
    CRITICAL,
    death_rolls_due,
    free_key,
    oldest_waiting,
    waiting_criticals,
    waiting_keys,
)

Data = Mapping[str, Any]
TIMER = "death_timer"
"""Track: 0 no lethal injury, else the index + 1 of the timer in ``death.timers``."""
SAVES = "death_saves"
PANIC_ROLL = "panic"
"""The reminder key of a panic roll due (a 1 on a stress die)."""


def is_synthetic(fighter: Combatant, data: Data) -> bool:
    """Synthetics: no stress, critical systems damage instead of injuries."""
    return fighter.kind in data["kinds"]["synthetic"]


def timer_name(fighter: Combatant, data: Data) -> str:
    """``round``, ``stretch``, ``shift`` — or empty when not dying."""
    step = fighter.track(TIMER)
    return str(data["death"]["timers"][step - 1]) if step else ""


def death_roll_timing(fighter: Combatant, data: Data, timer: str) -> str:
    """When the death rolls of ``timer`` come, in the text's words: ``every stretch``, and
    for a round timer (seed 003 l.156: "Death Roll on your every turn, right after you
    act") after each of the fighter's turns — two a round for a Speed 2 one that is not
    Broken (l.58: one card, one turn, per Speed; the Broken draw one)."""
    if timer != "round":
        return f"every {timer}"
    speed = int(fighter.stats.get("speed", int(data["defaults"]["speed"])))
    turns = 1 if fighter.condition("Broken") else max(1, speed)
    each = f"right after each of {fighter.name}'s turns"
    return each + (f" ({turns} a round at Speed {turns})" if turns > 1 else "")


def check_alive(fighter: Combatant) -> None:
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead")


def damage(
    draft: Draft, dice: DiceLike, data: Data, table: CriticalTable, who: str, amount: int
) -> None:
    """Lose Health; at 0 Broken (or systems damage) and a critical; more damage, another."""
    fighter = draft.state.combatant(who)
    check_alive(fighter)
    if amount < 1:
        raise RuleError("damage must be 1 or more — 'heal' restores Health")
    before = fighter.track("health")
    after = max(0, before - amount)
    draft.emit(
        ev.TrackSet,
        who=who,
        track="health",
        value=after,
        text=f"{fighter.name} takes {amount} damage: Health {before} → {after}",
    )
    if before == 0:
        roll_critical(draft, dice, data, table, who, "more damage at 0 Health")
    elif after == 0:
        _zero_health(draft, dice, data, table, fighter)


def _zero_health(
    draft: Draft, dice: DiceLike, data: Data, table: CriticalTable, fighter: Combatant
) -> None:
    if is_synthetic(fighter, data):
        draft.say(f"{fighter.name} is at 0 Health: critical systems damage, but it keeps operating")
    else:
        draft.emit(
            ev.ConditionApplied,
            who=fighter.id,
            name="Broken",
            category="broken",
            text=f"{fighter.name} is Broken: a single move a round, no stress, no panic",
        )
        draft.emit(ev.StatusChanged, who=fighter.id, status="down")
        _no_panic_roll(draft, fighter)
    roll_critical(draft, dice, data, table, fighter.id, "at 0 Health")


def _no_panic_roll(draft: Draft, fighter: Combatant) -> None:
    """Seed 003 l.138: the Broken "never make panic rolls" — one still due is not made."""
    if any(r.who == fighter.id and r.key == PANIC_ROLL for r in draft.state.reminders):
        draft.emit(
            ev.ReminderResolved,
            who=fighter.id,
            key=PANIC_ROLL,
            text=f"{fighter.name} is Broken: the panic roll still due is not made",
        )


def roll_critical(
    draft: Draft, dice: DiceLike, data: Data, table: CriticalTable, who: str, why: str
) -> None:
    """Roll a critical (re-rolling duplicates); add it if the table knows it, else ask."""
    fighter = draft.state.combatant(who)
    synthetic = is_synthetic(fighter, data)
    die = str(data["critical"]["synthetic_die" if synthetic else "human_die"])
    rolls: list[int] = []
    while True:
        roll = dice.roll(die)
        rolls += roll.dice
        if synthetic or not _duplicate(
            fighter, data, roll.total, waiting_criticals(draft.state, who)
        ):
            break
        draft.say(f"{fighter.name} already has critical {roll.total}: rolled again")
    number = roll.total
    kind = "critical systems damage" if synthetic else "critical injury"
    record_roll(
        draft,
        who,
        die,
        tuple(rolls),
        total=number,
        reason=kind,
        text=f"{fighter.name} rolls {kind} ({why}): {die} → {number}",
    )
    entry = table.find(number, synthetic)
    if entry is not None:
        add_critical(draft, data, who, entry)
        return
    draft.emit(
        ev.ReminderRaised,
        who=who,
        key=free_key(draft.state, who, number),
        text=f"{fighter.name}: look up {kind} {number} and enter it — "
        f"'crit {who} {number} NAME effect=… lethal=round|stretch|shift'",
    )


def _duplicate(fighter: Combatant, data: Data, number: int, waiting: Collection[int] = ()) -> bool:
    """Seed 003 "Critical Injuries": one already held (or rolled and not yet entered), from
    the re-roll threshold up."""
    held = {i.score for i in fighter.injuries} | set(waiting)
    return number >= int(data["critical"]["reroll_from"]) and number in held


def crit(draft: Draft, command: Command, dice: DiceLike, data: Data, table: CriticalTable) -> None:
    """``crit WHO [N NAME…] [effect=…] [lethal=round|stretch|shift|instant]``: enter or roll
    one (``instant``: it kills at once); ``instead=critical-N`` rolls again for a critical
    waiting to be entered, in its place."""
    fighter = who_arg(draft.state, command, 0, "who")
    check_alive(fighter)
    instead = command.options.get("instead", "")
    if instead:
        _close_waiting(draft, fighter, instead)
    if len(command.args) < 2:
        why = f"again for {instead.replace('-', ' ', 1)}" if instead else "rolled by the GM"
        roll_critical(draft, dice, data, table, fighter.id, why)
        return
    synthetic = is_synthetic(fighter, data)
    number = parse_int(command.args[1], "the critical's number")
    _check_number(fighter, data, number, synthetic)
    known = table.find(number, synthetic)
    name = " ".join(command.args[2:]) or (known.name if known else f"Critical {number}")
    effect = command.options.get("effect", known.effect if known else "")
    lethal = command.options.get("lethal", known.timer if known else "").casefold()
    if lethal in ("no", "none", "false"):
        lethal = ""
    if lethal and lethal not in (*data["death"]["timers"], INSTANT):
        raise RuleError("lethal= takes round, stretch, shift, instant (dies at once) or no")
    if not instead:
        _overrides_roll(draft, fighter, number)
    add_critical(draft, data, fighter.id, Critical(number, name, effect, lethal))


def _overrides_roll(draft: Draft, fighter: Combatant, number: int) -> None:
    """A critical entered with another number than the one rolled and waiting: the GM
    overrides the roll — the entered one takes the oldest waiting one's place, said in the
    log (seed 003 l.153: one critical injury per drop to 0 Health or further damage)."""
    if waiting_keys(draft.state, fighter.id, number):
        return
    oldest = oldest_waiting(draft.state, fighter.id)
    if oldest is None:
        return
    key, rolled = oldest
    resolve_reminder(
        draft,
        fighter.id,
        key,
        f"{fighter.name}: critical {number} entered in place of the rolled {rolled} "
        "(the GM's call)",
    )


def _close_waiting(draft: Draft, fighter: Combatant, key: str) -> None:
    """``instead=critical-45`` (the reminder's "Roll again on the table"): the critical
    waiting under that key is not owed any more — the roll made now takes its place."""
    if not any(r.who == fighter.id and r.key == key for r in draft.state.reminders):
        raise RuleError(f"{fighter.name} has no {key.replace('-', ' ', 1)} waiting to be entered")
    resolve_reminder(draft, fighter.id, key)


def _check_number(fighter: Combatant, data: Data, number: int, synthetic: bool) -> None:
    if synthetic:
        if not 1 <= number <= 6:
            raise RuleError("critical systems damage is 1 to 6 (one d6)")
        return
    if not (11 <= number <= 66 and 1 <= number % 10 <= 6):
        raise RuleError("a critical injury is a D66 result: 11 to 66, each digit 1 to 6")
    if _duplicate(fighter, data, number):
        raise RuleError(
            f"{fighter.name} already has critical {number}: results of "
            f"{data['critical']['reroll_from']} and up are rolled again — "
            f"'crit {fighter.id}' rolls"
        )


def add_critical(draft: Draft, data: Data, who: str, entry: Critical) -> None:
    """Record a critical injury or systems damage; lethal ones start a death-roll timer."""
    fighter = draft.state.combatant(who)
    synthetic = is_synthetic(fighter, data)
    lethal = f", lethal ({entry.timer})" if entry.timer else ""
    effect = f": {entry.effect}" if entry.effect else ""
    draft.emit(
        ev.InjuryAdded,
        who=who,
        location="systems" if synthetic else "critical",
        score=entry.number,
        name=entry.name,
        effect=entry.effect,
        lethal=bool(entry.timer),
        text=f"{fighter.name} suffers critical {entry.number}, {entry.name}{effect}{lethal}",
    )
    waiting = waiting_keys(draft.state, who, entry.number)
    if waiting:
        resolve_reminder(draft, who, waiting[0])
    resolve_reminder(draft, who, CRITICAL)  # a journal from before criticals were numbered
    if synthetic and entry.number == int(data["critical"]["shutdown"]):
        draft.emit(
            ev.ConditionApplied,
            who=who,
            name="Shut down",
            category="broken",
            text=f"{fighter.name} shuts down",
        )
        draft.emit(ev.StatusChanged, who=who, status="down")
    if entry.timer == INSTANT:
        _dies_at_once(draft, who, entry)
    elif entry.timer:
        _start_timer(draft, data, who, entry.timer)


def _dies_at_once(draft: Draft, who: str, entry: Critical) -> None:
    """A lethal critical with no time limit: no death roll, no first aid — dead."""
    fighter = draft.state.combatant(who)
    if fighter.track(TIMER):
        clear_timer(draft, who)
    draft.emit(
        ev.StatusChanged,
        who=who,
        status="dead",
        text=f"{fighter.name} dies at once ({entry.name}: lethal with no time limit)",
    )
    nothing_owed(draft, who)


def nothing_owed(draft: Draft, who: str) -> None:
    """The dead roll nothing more: every reminder about ``who`` closes — a panic roll, a
    critical waiting to be entered ('crit' refuses the dead), a death roll (l.157)."""
    for reminder in draft.state.reminders_for(who):
        draft.emit(ev.ReminderResolved, who=who, key=reminder.key)


def _start_timer(draft: Draft, data: Data, who: str, timer: str) -> None:
    fighter = draft.state.combatant(who)
    step = list(data["death"]["timers"]).index(timer) + 1
    current = fighter.track(TIMER)
    if current and current <= step:
        return
    set_track(draft, who, TIMER, step)
    if SAVES not in fighter.tracks:
        set_track(draft, who, SAVES, 0)
    draft.emit(
        ev.ConditionApplied,
        who=who,
        name="Dying",
        category="timer",
        level=step,
        text=f"{fighter.name} is dying: a death roll {death_roll_timing(fighter, data, timer)}",
    )


def set_track(draft: Draft, who: str, track: str, value: int) -> None:
    draft.emit(ev.TrackSet, who=who, track=track, value=value)


def resolve_reminder(draft: Draft, who: str, key: str, text: str = "") -> None:
    if any(r.who == who and r.key == key for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=who, key=key, text=text)


def clear_timer(draft: Draft, who: str) -> None:
    """No more death rolls (stabilised, survived three, or dead): the timer, the rolls
    survived and any death roll still due end (seed 003 l.161)."""
    set_track(draft, who, TIMER, 0)
    set_track(draft, who, SAVES, 0)
    fighter = draft.state.combatant(who)
    if fighter.condition("Dying"):
        draft.emit(ev.ConditionRemoved, who=who, name="Dying")
    for key in death_rolls_due(draft.state, who):
        resolve_reminder(draft, who, key)
