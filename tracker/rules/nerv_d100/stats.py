"""nerv-d100 building blocks: scores and bonuses, d100 tests, tracks, conditions held.

Every other nerv-d100 module decides through these helpers, so a score, a bonus or a
test reads the same everywhere (decay included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant, Condition, Injury, slot_owner
from tracker.core.protocol import DiceLike
from tracker.rules.common import whole as whole
from tracker.rules.d100.checks import Modifier, TestResult, roll_test
from tracker.rules.nerv_d100 import fate_tests, focus
from tracker.rules.nerv_d100.tables import (
    AILMENT_CATEGORIES,
    FEAR,
    InjuryRow,
    NervTables,
    TestModifier,
    named_above,
)
from tracker.rules.readings import chosen

if TYPE_CHECKING:  # a one-off fight never loads the campaign's model
    from tracker.core.campaign import CarriedInjury

DECAY = "decay@"


# --- scores and bonuses ----------------------------------------------------------------


def score(fighter: Combatant, stat: str) -> int:
    """A score (or skill) as it stands now: the roster value less any decay."""
    return fighter.stats.get(stat, 0) - fighter.track(DECAY + stat)


def bonus(fighter: Combatant, stat: str) -> int:
    """A bonus: the roster's override, else the tens digit of the score now."""
    override = fighter.extras.get("bonuses", {}).get(stat)
    if isinstance(override, int):
        return override
    return max(0, score(fighter, stat) // 10)


# --- d100 tests --------------------------------------------------------------------------


def tested_stat(fighter: Combatant, stats: tuple[str, ...]) -> str:
    """The first of ``stats`` the combatant has (a skill before its score)."""
    for stat in stats:
        if stat in fighter.stats:
            return stat
    return stats[-1]


def roll_stat(
    draft: Draft,
    dice: DiceLike,
    tables: NervTables,
    fighter: Combatant,
    stats: tuple[str, ...],
    advantage: int,
    purpose: str,
    check: str = "",
    extra: Sequence[Modifier] = (),
    shaking: str = "",
) -> TestResult:
    """Roll d100 against a score or skill as it stands (decay counted), each Advantage
    worth ``[tests] advantage`` (seed 000: +10 per Advantage), with every modifier the
    tracker knows of (``[[test_modifiers]]``: Dizzy, Fatigued, a stemmed bleeding …),
    each named in the log line; ``extra``: the modifiers the caller knows (a nightmare's
    Disadvantages); ``shaking``: the condition a shake-off is for."""
    stat = tested_stat(fighter, stats)
    step = tables.number("tests", "advantage")
    shown = [Modifier(step * advantage, f"{advantage:+d} Advantage")]
    shown += known_modifiers(tables, fighter, stats, check, draft.state.options, shaking)
    shown += extra
    shown += fate_tests.advantage(draft, tables, fighter)
    shown += focus.advantage(tables, fighter)
    label, value = stat.capitalize(), score(fighter, stat)
    worse = keep_worse(tables, fighter, stats)
    result = roll_test(draft, dice, tables, fighter, label, value, shown, purpose, worse)
    rerolled = fate_tests.wants_reroll(draft, tables, fighter, result)
    if rerolled:
        again = f"{purpose}, rerolled with Fate"
        result = roll_test(draft, dice, tables, fighter, label, value, shown, again, worse)
    fate_tests.settle(draft, tables, fighter.id, rerolled)
    focus.spent(draft, fighter.id)
    return result


def keep_worse(tables: NervTables, fighter: Combatant, stats: tuple[str, ...]) -> str:
    """What makes this test of ``stats`` rolled twice, the worse kept (``Unsettled`` on a
    Will test, seed 000 l.401), or ``""``."""
    for held, tested in tables.worse_of:
        if set(tested) & set(stats) and fighter.condition(held) is not None:
            return held
    return ""


def known_modifiers(
    tables: NervTables,
    fighter: Combatant,
    stats: tuple[str, ...],
    check: str,
    options: Mapping[str, Any],
    shaking: str = "",
) -> list[Modifier]:
    """The modifiers the tracker knows of for this test of ``stats`` (``check``: which;
    ``shaking``: the condition a shake-off is for), as the encounter's readings
    (``options``) have them."""
    step = tables.number("tests", "advantage")
    found = []
    for mod in tables.test_modifiers:
        if mod.reading and not _read_so(tables, options, mod.reading):
            continue
        if mod.stats and not set(mod.stats) & set(stats):
            continue
        if mod.checks and check not in mod.checks:
            continue
        if mod.shaking and mod.shaking != shaking:
            continue
        if _gives(mod, fighter, tables):
            found.append(Modifier(step * mod.advantage, f"{step * mod.advantage:+d} {mod.source}"))
    return found


def _read_so(tables: NervTables, options: Mapping[str, Any], reading: str) -> bool:
    """Whether the encounter reads ``KEY:CHOICE`` so."""
    key, _, choice = reading.partition(":")
    return chosen(tables.readings, options, key) == choice


def _gives(mod: TestModifier, fighter: Combatant, tables: NervTables) -> bool:
    """Whether the combatant has what gives the modifier (an injury "as above" counts)."""
    if mod.held:
        return fighter.condition(mod.held) is not None
    if mod.injury:
        return any(row.name == mod.injury for row in injury_rows(fighter, tables))
    return mod.declared in fighter.spent


# --- tracks -------------------------------------------------------------------------------


def set_value(
    draft: Draft, who: str, track: str, value: int, text: str = "", limit: int = -1
) -> int:
    """Set a track (never below 0, never above its limit) with an optional log line."""
    fighter = draft.state.combatant(who)
    top = limit if limit >= 0 else fighter.limits.get(track, -1)
    value = max(0, value if top < 0 else min(value, top))
    draft.emit(ev.TrackSet, who=fighter.id, track=track, value=value, limit=limit, text=text)
    return value


def shift(draft: Draft, who: str, track: str, delta: int, label: str, why: str = "") -> int:
    """Move a track by ``delta`` and log ``Name: Label 2 → 3 (why)``; returns the new value."""
    fighter = draft.state.combatant(who)
    before = fighter.track(track)
    top = fighter.limits.get(track, -1)
    after = max(0, before + delta if top < 0 else min(before + delta, top))
    reason = f" ({why})" if why else ""
    return set_value(
        draft, who, track, after, f"{fighter.name}: {label} {before} → {after}{reason}"
    )


# --- conditions held ------------------------------------------------------------------


def ailments(fighter: Combatant) -> tuple[Condition, ...]:
    """The Physical and Mental ailments the combatant has (each grants attackers +1 Advantage)."""
    return tuple(c for c in fighter.conditions if c.category in AILMENT_CATEGORIES)


def fear_of(fighter: Combatant) -> Condition | None:
    """The combatant's Fear effect, if any."""
    return fighter.in_category(FEAR)


def blocked_by(fighter: Combatant, tables: NervTables, what: str) -> Condition | None:
    """The condition that forbids ``what`` (``actions``, ``moves``, ``opposing``), if any."""
    for held in fighter.conditions:
        if ignoring(fighter, held.name):
            continue
        spec = tables.conditions.get(held.name.casefold())
        blocks = spec.blocks if spec else ()
        if held.category == FEAR:
            blocks = next((b.blocks for b in tables.fear if b.name == held.name), ())
        if what in blocks:
            return held
    return None


def ignoring(fighter: Combatant, name: str) -> bool:
    """Whether a Fate point lets the combatant ignore ``name`` this round."""
    return fighter.condition(f"Ignoring {name}") is not None


def is_helpless(fighter: Combatant) -> bool:
    """Helpless (a condition), unconscious or incapacitated: attacks on it are Savage."""
    return (
        fighter.status in ("down", "dead")
        or fighter.condition("Helpless") is not None
        or fighter.condition("Unconscious") is not None
    )


def injury_rows(fighter: Combatant, tables: NervTables) -> tuple[InjuryRow, ...]:
    """Every injury effect in play: each injury's row and the rows its text still says it
    carries "as above" (a row treated between fights is gone from the text, and from
    play); an injury without a text carries every row above it, as the chart says."""
    seen: dict[tuple[str, str], InjuryRow] = {}
    for injury in fighter.injuries:
        for row in rows_of(tables, injury):
            seen.setdefault((row.chart, row.name), row)
    return tuple(seen.values())


def rows_of(tables: NervTables, injury: Injury | CarriedInjury) -> tuple[InjuryRow, ...]:
    """One injury's row and the rows its text still says it carries "as above" (every
    row above it when it has no text), in a fight or carried between fights."""
    chart = chart_of(tables, injury.location)
    head, *above = tables.rows_in_effect(chart, injury.score)
    if injury.effect:
        named = named_above(injury.effect)
        above = [row for row in above if row.name in named]
    return (head, *above)


def chart_of(tables: NervTables, location_key: str) -> str:
    """The injury chart a stored location key reads from."""
    for loc in tables.locations:
        if loc.key == location_key:
            return loc.chart
    return "body"


def put_on(
    draft: Draft,
    who: str,
    name: str,
    category: str,
    text: str,
    *,
    level: int = 0,
    rounds: int = 0,
    source: str = "",
) -> None:
    """Emit one condition (no checks: callers decide)."""
    draft.emit(
        ev.ConditionApplied,
        who=slot_owner(who),
        name=name,
        category=category,
        level=level,
        rounds=rounds,
        source=source,
        text=text,
    )


def take_off(draft: Draft, who: str, name: str, text: str) -> None:
    """Remove one condition by name."""
    draft.emit(ev.ConditionRemoved, who=slot_owner(who), name=name, text=text)


def remind(draft: Draft, who: str, key: str, text: str) -> None:
    """Raise (or refresh) a reminder for the GM."""
    draft.emit(ev.ReminderRaised, who=slot_owner(who), key=key, text=text)


def resolve_reminder(draft: Draft, who: str, key: str, text: str = "") -> None:
    """Close a reminder if it is open."""
    cid = slot_owner(who)
    if any(r.who == cid and r.key == key for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=cid, key=key, text=text)


def nothing_owed(draft: Draft, who: str) -> None:
    """The dead test nothing more: every reminder still open about ``who`` closes (its Fear
    test, shake-offs, the Blood Loss test …), each named in the log — seed 000, Wounds and
    Injury: "you are incapacitated or killed"."""
    fighter = draft.state.combatant(slot_owner(who))
    for reminder in draft.state.reminders_for(fighter.id):
        said = f"Closed ({fighter.name} is dead): {reminder.text}" if reminder.text else ""
        draft.emit(ev.ReminderResolved, who=fighter.id, key=reminder.key, text=said)
