"""nerv-d100: putting ailments and conditions on, Stress and Trauma with their thresholds.

``afflict`` enforces "one ailment per category" (refusing, or logging why an automatic
effect did not take hold); ``add_stress`` and ``add_trauma`` keep Fatigued, Exhausted,
Unsettled and Dysfunctional in step with the numbers and bring Blood Loss back for
Internal Bleeding.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition
from tracker.rules.nerv_d100.stats import (
    bonus,
    injury_rows,
    put_on,
    remind,
    resolve_reminder,
    set_value,
    shift,
    take_off,
)
from tracker.rules.nerv_d100.tables import ConditionSpec, NervTables, is_ailment
from tracker.rules.nerv_d100.visions import REMINDER as NIGHTMARE

BURNING = "burning"
CRITICAL = "critical"
"""The reminder key of a critical effect the GM is to apply (:mod:`.injuries`)."""
ADDICTION = "Addiction"
"""The condition an Addiction Disorder puts on a PC entering a fight (seed 000 l.407)."""
THRESHOLD_CATEGORIES = {
    "Fatigued": "Stress",
    "Exhausted": "Stress",
    "Unsettled": "Trauma",
    "Dysfunctional": "Trauma",
}


def afflict(
    draft: Draft,
    tables: NervTables,
    who: str,
    name: str,
    *,
    why: str = "",
    replace: bool = False,
    strict: bool = False,
    source: str = "",
    level: int = 0,
) -> bool:
    """Put an ailment or condition on ``who``; True if it took hold.

    ``strict`` (a GM command) refuses with a RuleError where an automatic effect
    (a critical hit, an injury) only logs why nothing happened.
    """
    fighter = draft.state.combatant(who)
    spec = tables.condition(name)
    held = fighter.condition(spec.name)
    if held is not None and source == "injury" and held.source != source and not is_ailment(spec):
        _held_by_injury(draft, fighter, held)
        return False
    if held is not None:
        return _no_stack(draft, fighter, spec, strict)
    if is_ailment(spec) and not _category_free(draft, tables, fighter, spec, replace, strict):
        return False
    rounds = bonus(fighter, "physique") if spec.name == "Suffocating" else 0
    kind = f" ({spec.category} ailment)" if is_ailment(spec) else ""
    reason = f" — {why}" if why else ""
    put_on(
        draft,
        fighter.id,
        spec.name,
        spec.category,
        f"{fighter.name}: {spec.name}{kind}{reason}",
        level=level,
        rounds=rounds,
        source=source,
    )
    if spec.name.casefold() == BURNING:
        set_value(draft, fighter.id, BURNING, tables.number("burning", "damage"))
    _critical_done(draft, tables, fighter, spec.name)
    return True


def _critical_done(draft: Draft, tables: NervTables, fighter: Combatant, name: str) -> None:
    """A damage type's critical effect now on ``fighter`` answers the open reminder to
    apply one (a Crucial Strike or critical hit of a type the GM had not said, l.211)."""
    effects = {tables.critical_effect(kind) for kind in tables.damage_types()}
    if name in effects:
        resolve_reminder(
            draft,
            fighter.id,
            CRITICAL,
            f"{fighter.name}: the critical effect is applied ({name}) — the reminder closes",
        )


def _held_by_injury(draft: Draft, fighter: Combatant, held: Condition) -> None:
    """A condition held for a while (a temporary Blindness) that an injury now puts on
    (Head 4+ Blinded, l.214): it does not stack, but from now on the injury holds it —
    no shake-off ends it, only healing (l.330: only a *temporary* Blindness shakes off)."""
    draft.emit(ev.ConditionRemoved, who=fighter.id, name=held.name)
    put_on(
        draft,
        fighter.id,
        held.name,
        held.category,
        f"{fighter.name} is already {held.name}: the injury keeps it on until healed",
        level=held.level,
        source="injury",
    )


def _no_stack(draft: Draft, fighter: Combatant, spec: ConditionSpec, strict: bool) -> bool:
    if strict:
        raise RuleError(f"{fighter.name} is already {spec.name} — effects do not stack")
    draft.say(f"{fighter.name} is already {spec.name} (effects do not stack)")
    return False


def _category_free(
    draft: Draft,
    tables: NervTables,
    fighter: Combatant,
    spec: ConditionSpec,
    replace: bool,
    strict: bool,
) -> bool:
    """Clear the way for an ailment: its category is empty, or ``replace`` empties it."""
    other = fighter.in_category(spec.category)
    if other is None:
        return True
    if replace:
        text = f"{fighter.name}: {other.name} gives way to {spec.name}"
        end_condition(draft, fighter.id, other.name, text, tables)
        return True
    if strict:
        raise RuleError(
            f"{fighter.name} already has a {spec.category} ailment ({other.name}) "
            f"— one per category; add 'replace' to swap it for {spec.name}"
        )
    draft.say(
        f"{spec.name} does not take hold on {fighter.name}: already {other.name} "
        f"(one {spec.category} ailment at a time)"
    )
    return False


def end_condition(
    draft: Draft, who: str, name: str, text: str, tables: NervTables | None = None
) -> None:
    """Take a condition off, with what hangs on it (Burning's damage, open reminders: its
    shake-off, its hold's test and, with ``tables``, the test it asks each turn — Blood
    Loss, Suffocating — and the nightmare's Fear test)."""
    take_off(draft, who, name, text)
    fighter = draft.state.combatant(who)
    if name.casefold() == BURNING and fighter.track(BURNING):
        set_value(draft, fighter.id, BURNING, 0)
    hanging = {f"shake:{name}", f"grapple:{name}", *_asked_by(tables, name)}
    for reminder in draft.state.reminders_for(fighter.id):
        if reminder.key in hanging:
            resolve_reminder(draft, fighter.id, reminder.key)


def _asked_by(tables: NervTables | None, name: str) -> tuple[str, ...]:
    """The reminders a condition raises for a test of its own: Blood Loss's and
    Suffocating's test each turn (``test`` in the data), Hallucinating's nightmare Fear
    test (l.283) — none of them owed once the condition is gone."""
    if tables is None:
        return ()
    spec = tables.conditions.get(name.casefold())
    asked = (f"test:{spec.test}",) if spec is not None and spec.test else ()
    return (*asked, NIGHTMARE) if name == "Hallucinating" else asked


# --- Stress and Trauma ------------------------------------------------------------------


def add_stress(draft: Draft, tables: NervTables, who: str, amount: int, why: str) -> None:
    """Take Stress: thresholds follow, Internal Bleeding reopens, Exhausted must test."""
    if amount <= 0:
        return
    shift(draft, who, "stress", amount, "Stress", why)
    fighter = draft.state.combatant(who)
    reopens = any(row.bleeding_returns for row in injury_rows(fighter, tables))
    if reopens and fighter.condition("Blood Loss") is None:
        afflict(draft, tables, who, "Blood Loss", why="Internal Bleeding reopens with Stress")
    sync_thresholds(draft, tables, who)
    if draft.state.combatant(who).condition("Exhausted") is not None:
        remind(draft, who, "test:exhausted", f"{fighter.name}: {tables.check('exhausted').text}")


def add_trauma(draft: Draft, tables: NervTables, who: str, amount: int, why: str) -> None:
    """Take Trauma; Unsettled and Dysfunctional follow."""
    if amount <= 0:
        return
    shift(draft, who, "trauma", amount, "Trauma", why)
    sync_thresholds(draft, tables, who)


def thresholds(tables: NervTables, fighter: Combatant) -> dict[str, tuple[bool, str]]:
    """Each threshold condition: (whether it applies now, the numbers that say so)."""
    pb, wb = bonus(fighter, "physique"), bonus(fighter, "will")
    stress, trauma = fighter.track("stress"), fighter.track("trauma")
    fatigued = pb + tables.number("stress", "fatigued_over")
    exhausted = pb + tables.number("stress", "exhausted_from")
    unsettled = wb + tables.number("trauma", "unsettled_over")
    broken = wb + tables.number("trauma", "dysfunctional_over")
    craving = fighter.condition(ADDICTION) is not None and stress <= fatigued
    return {
        "Fatigued": (
            stress > fatigued or craving,
            f"{ADDICTION}: until the substance is taken"
            if craving
            else f"Stress {stress} > {fatigued}",
        ),
        "Exhausted": (stress >= exhausted, f"Stress {stress} ≥ {exhausted}"),
        "Unsettled": (trauma > unsettled, f"Trauma {trauma} > {unsettled}"),
        "Dysfunctional": (trauma > broken, f"Trauma {trauma} > {broken}"),
    }


def sync_thresholds(draft: Draft, tables: NervTables, who: str) -> None:
    """Put on or take off Fatigued, Exhausted, Unsettled and Dysfunctional as the numbers say."""
    fighter = draft.state.combatant(who)
    effects = tables.raw["thresholds"]
    for name, (applies, numbers) in thresholds(tables, fighter).items():
        held = fighter.condition(name) is not None
        if applies and not held:
            put_on(
                draft,
                fighter.id,
                name,
                THRESHOLD_CATEGORIES[name],
                f"{fighter.name} is {name} ({numbers}): {effects[name]}",
            )
        elif held and not applies:
            take_off(draft, fighter.id, name, f"{fighter.name} is no longer {name}")
