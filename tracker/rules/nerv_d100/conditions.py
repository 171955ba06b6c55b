"""nerv-d100 conditions that run on their own: Blood Loss, Suffocating, score decay, altitude.

``test WHO bleeding|breath|exhausted pass|fail|roll`` resolves the reminders these raise;
``decay WHO STAT N`` lowers a score; ``fly`` and ``fall`` move between altitude bands.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.d100.checks import pass_or_fail
from tracker.rules.nerv_d100.afflictions import add_stress, afflict, sync_thresholds
from tracker.rules.nerv_d100.damage import Hit, resolve_hit
from tracker.rules.nerv_d100.injuries import add_injury, check_incapacitated, incapacitate
from tracker.rules.nerv_d100.stats import (
    DECAY,
    bonus,
    nothing_owed,
    put_on,
    remind,
    resolve_reminder,
    roll_stat,
    score,
    set_value,
    shift,
    take_off,
    whole,
)
from tracker.rules.nerv_d100.tables import Check, NervTables

ALTITUDE = "altitude"
BREATH = "breath"  # the Suffocating test: holding one's breath (l.349-351)


def start_of_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """Reminders for the tests conditions ask at the start of the bearer's turn."""
    fighter = draft.state.combatant(who)
    for held in fighter.conditions:
        spec = tables.conditions.get(held.name.casefold())
        if spec is None or not spec.test or spec.reminder != "start":
            continue
        if spec.test == BREATH and held.level:  # out of air: no breath left to hold
            continue
        remind(draft, who, f"test:{spec.test}", f"{fighter.name}: {tables.check(spec.test).text}")


# --- the tests ----------------------------------------------------------------------------


def test(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``test WHO bleeding|breath|exhausted pass|fail|roll [dof=N] [adv=N]``."""
    fighter = who_arg(draft.state, command)
    kinds = ", ".join(tables.checks)
    check = tables.check(command.arg(1, f"which test — {kinds}").casefold())
    _due(draft, fighter, check)
    usage = f"'test {fighter.id} {check.key} pass|fail|roll'"
    word = command.arg(2, f"a result — {usage}").casefold()
    _, values = words_and_options(command, 3, (), ("dof", "adv"))
    dof = whole(values, "dof")
    if word == "roll":
        result = roll_stat(
            draft,
            dice,
            tables,
            fighter,
            check.stats,
            whole(values, "adv"),
            f"{check.label} test",
            check.key,
        )
        passed, dof = result.passed, result.degrees
    else:
        passed = pass_or_fail(word, usage)
    resolve_reminder(draft, fighter.id, f"test:{check.key}")
    if passed:
        draft.say(f"{fighter.name} passes the {check.label} test")
        return
    FAILURES[check.key](draft, tables, fighter.id, dof)


def _due(draft: Draft, fighter: Combatant, check: Check) -> None:
    """A test is due only for what the combatant has (or a reminder still asks for it):
    no Blood Loss test without Blood Loss, no breath test without Suffocating."""
    held = fighter.condition(check.needs) if check.needs else None
    if check.key == BREATH and held is not None and held.level:
        raise RuleError(
            f"{fighter.name} is out of air: no breath is left to hold, so no {check.label} "
            f"test — dies in {counted(held.rounds, 'round')} unless air is found "
            f"('cure {fighter.id} {held.name}')"
        )
    if not check.needs or held is not None:
        return
    if any(r.key == f"test:{check.key}" for r in draft.state.reminders_for(fighter.id)):
        return
    raise RuleError(f"{fighter.name} has no {check.needs} condition: no {check.label} test is due")


def _bleed(draft: Draft, tables: NervTables, who: str, dof: int) -> None:
    """Blood Loss failed: a wound, or out of wounds 1 Physique decay +1 per DoF."""
    fighter = draft.state.combatant(who)
    if fighter.track("wounds") > 0:
        shift(draft, who, "wounds", -1, "Wounds", "Blood Loss")
        return
    loss = 1 + dof
    left = max(0, score(fighter, "physique") - loss)
    decay_to(draft, tables, who, "physique", left, f"Blood Loss, {dof} DoF")
    if left == 0:
        draft.say(
            f"{fighter.name} has no Physique left: a Sharp injury to the body "
            "each round while bleeding"
        )


def _gasp(draft: Draft, tables: NervTables, who: str, dof: int) -> None:
    """Suffocating test failed: 1 Stress +1 per DoF."""
    add_stress(draft, tables, who, 1 + dof, "Suffocating")


def _collapse(draft: Draft, tables: NervTables, who: str, dof: int) -> None:
    """Exhausted test failed: unconscious for hours equal to Stress."""
    fighter = draft.state.combatant(who)
    put_on(
        draft,
        who,
        "Unconscious",
        "Condition",
        f"{fighter.name} falls unconscious from exhaustion "
        f"({counted(fighter.track('stress'), 'hour')})",
        source="exhausted",
    )
    incapacitate(draft, tables, who, "unconscious from exhaustion", blow=False)


FAILURES = {"bleeding": _bleed, "breath": _gasp, "exhausted": _collapse}


# --- score decay ---------------------------------------------------------------------------


def decay(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``decay WHO STAT N``: lower a score for a while (negative N restores it)."""
    fighter = who_arg(draft.state, command)
    stat = command.arg(1, "a score, e.g. 'decay rei physique 5'").casefold()
    if stat not in (*tables.scores, *tables.skills):
        raise RuleError(f"no stat '{stat}' — {', '.join(tables.scores)}")
    amount = command.number(2, "how many points")
    words_and_options(command, 3, (), ())
    decay_to(draft, tables, fighter.id, stat, score(fighter, stat) - amount, "decay")


def decay_to(draft: Draft, tables: NervTables, who: str, stat: str, value: int, why: str) -> None:
    """Set a score's decay so that it reads ``value`` (never above the roster's score)."""
    fighter = draft.state.combatant(who)
    base = fighter.stats.get(stat, 0)
    value = min(base, value)
    floor = 0 if why.startswith("Blood Loss") else 1
    if value < floor:
        value = floor
        incapacitate(
            draft,
            tables,
            who,
            f"{stat.capitalize()} cannot fall below {floor}: non-functional for a week",
            blow=False,
        )
    before = score(fighter, stat)
    set_value(
        draft,
        who,
        DECAY + stat,
        base - value,
        f"{fighter.name}: {stat.capitalize()} {before} → {value} ({why})",
    )
    sync_thresholds(draft, tables, who)
    # seed 000 l.206: a Physique Bonus decayed below the Injury points incapacitates too
    check_incapacitated(draft, tables, who, None)


def end_of_round(draft: Draft, tables: NervTables, dice: DiceLike) -> None:
    """Suffocation counts down, bleeding at Physique 0 injures, fallers drop, Fate ignores end."""
    for fighter in list(draft.state.active):
        if fighter.out_of_fight:
            continue
        if fighter.condition("Suffocating") is not None:
            _breath_runs_out(draft, tables, fighter.id)
        if (
            fighter.condition("Blood Loss") is not None
            and score(fighter, "physique") <= 0
            and "physique" in fighter.stats
        ):
            body = tables.location(fighter.kind, "body")
            add_injury(draft, tables, fighter.id, body, "rending")
            # seed 000 l.206: more Injury points than Physique Bonus incapacitates
            check_incapacitated(draft, tables, fighter.id, body)
        if fighter.condition("Falling") is not None:
            _drop(draft, tables, dice, fighter.id)
        for held in fighter.conditions:
            if held.name.startswith("Ignoring "):
                take_off(
                    draft,
                    fighter.id,
                    held.name,
                    f"{fighter.name} no longer ignores {held.name[9:]}",
                )


def _breath_runs_out(draft: Draft, tables: NervTables, who: str) -> None:
    """One round less of breath; at 0 unconscious, then (as many rounds later) dead."""
    fighter = draft.state.combatant(who)
    held = fighter.condition("Suffocating")
    assert held is not None
    left = held.rounds - 1
    if left > 0:
        draft.emit(
            ev.ConditionChanged,
            who=who,
            name=held.name,
            rounds=left,
            level=held.level,
            text=f"{fighter.name}: {counted(left, 'round')} of air left"
            if not held.level
            else f"{fighter.name}: dies in {counted(left, 'round')} without air",
        )
        return
    if held.level == 0:
        pb = bonus(fighter, "physique")
        draft.emit(
            ev.ConditionChanged,
            who=who,
            name=held.name,
            rounds=max(1, pb),
            level=1,
            text=f"{fighter.name} runs out of air and falls unconscious; "
            f"dies in {counted(max(1, pb), 'round')} without air",
        )
        _no_breath_to_hold(draft, who)
        incapacitate(draft, tables, who, "out of air", blow=False)
        return
    draft.emit(ev.StatusChanged, who=who, status="dead", text=f"{fighter.name} dies of suffocation")
    nothing_owed(draft, who)


def _no_breath_to_hold(draft: Draft, who: str) -> None:
    """Out of air, the breath test a turn asked for is moot: closed, said in its words."""
    for reminder in draft.state.reminders_for(who):
        if reminder.key == f"test:{BREATH}":
            text = f"Closed ({draft.state.combatant(who).name} is out of air): {reminder.text}"
            resolve_reminder(draft, who, reminder.key, text)


# --- altitude ----------------------------------------------------------------------------


def fly(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``fly WHO ground|low|high``: one band up or down (part of a Basic Move)."""
    fighter = who_arg(draft.state, command)
    bands = tables.bands
    wanted = command.arg(1, f"a band — {', '.join(bands)}").casefold()
    if wanted not in bands:
        raise RuleError(f"no altitude '{wanted}' — {', '.join(bands)}")
    if ALTITUDE not in fighter.tracks:
        raise RuleError(f"{fighter.name} cannot fly (give the roster 'altitude = \"ground\"')")
    if fighter.condition("Falling") is not None:  # l.77: its flight is knocked out
        raise RuleError(
            f"{fighter.name} is falling: 'cure {fighter.id} Falling' once it can fly again"
        )
    now, new = fighter.track(ALTITUDE), bands.index(wanted)
    if abs(new - now) != 1:
        raise RuleError(
            f"{fighter.name} is at {bands[now].capitalize()}: a Basic Move changes "
            "one band at a time"
        )
    set_value(
        draft,
        fighter.id,
        ALTITUDE,
        new,
        f"{fighter.name} flies {'up' if new > now else 'down'} to {wanted.capitalize()}",
    )


def fall(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``fall WHO``: a flyer starts falling, one band at the end of each round."""
    fighter = who_arg(draft.state, command)
    band = fighter.track(ALTITUDE)
    if band == 0:
        raise RuleError(f"{fighter.name} is on the ground: nothing to fall from")
    afflict(
        draft,
        tables,
        fighter.id,
        "Falling",
        strict=True,
        level=band,
        why=f"from {tables.bands[band].capitalize()}",
    )


def falls_end(draft: Draft, tables: NervTables, dice: DiceLike) -> None:
    """The fight ends with someone falling: the fall runs its course (seed 000 l.77: one
    band a round until the ground, then the crash) — it lands now, the crash with it."""
    for fighter in list(draft.state.active):
        if not fighter.out_of_fight and fighter.condition("Falling") is not None:
            _drop(draft, tables, dice, fighter.id, to_ground=True)


def _drop(
    draft: Draft, tables: NervTables, dice: DiceLike, who: str, *, to_ground: bool = False
) -> None:
    """End of round: one band down (to the ground at the fight's end); reaching the ground
    is a crash."""
    fighter = draft.state.combatant(who)
    held = fighter.condition("Falling")
    assert held is not None
    band = 0 if to_ground else max(0, fighter.track(ALTITUDE) - 1)
    bands = tables.bands
    said = "the fight is over, but the fall goes on: " if to_ground else ""
    set_value(
        draft, who, ALTITUDE, band, f"{said}{fighter.name} falls to {bands[band].capitalize()}"
    )
    if band > 0:
        return
    take_off(draft, who, "Falling", "")
    start = bands[max(1, held.level)]
    damage = int(tables.raw["altitude"]["crash"][start])
    where = tables.location(fighter.kind, str(tables.raw["altitude"]["crash_location"]))
    draft.say(
        f"{fighter.name} crashes into the ground from {start.capitalize()}: "
        f"Damage {damage}, armour ignored"
    )
    resolve_hit(draft, tables, dice, who, Hit(damage, where, ignore_armour=True))
    after = draft.state.combatant(who)
    if (after.track("wounds"), after.track("injuries")) != (
        fighter.track("wounds"),
        fighter.track("injuries"),
    ):
        afflict(draft, tables, who, "Prone", why="wounded by the fall")
