"""nerv-d100 injuries: Injury points, read from the chart of the location hit at the
combatant's TOTAL injury score; what the rows newly in effect do at once (a Crucial
Strike's critical effect, conditions, Stress, a Fear test); incapacitation once Injury
points pass the Physique Bonus; and healing.

A damage type's critical effect (Stunned, Blood Loss, Burning, Shocked) is here too: a
critical hit (:mod:`.damage`) and a Crucial Strike row both bring it on.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.wording import counted
from tracker.rules.nerv_d100 import until_healed
from tracker.rules.nerv_d100.afflictions import CRITICAL, add_stress, afflict
from tracker.rules.nerv_d100.stats import bonus, fear_of, injury_rows, remind, shift
from tracker.rules.nerv_d100.tables import InjuryRow, Location, NervTables, above_clause
from tracker.rules.nerv_d100.witness import fallen


def critical_effect(draft: Draft, tables: NervTables, who: str, damage_type: str, why: str) -> None:
    """The damage type's critical effect (Stunned, Blood Loss, Burning, Shocked)."""
    name = tables.critical_effect(damage_type)
    if name:
        afflict(draft, tables, who, name, why=f"{why}, {damage_type}")
        return
    kinds = ", ".join(f"{t}: {tables.critical_effect(t)}" for t in tables.damage_types())
    fighter = draft.state.combatant(who)
    remind(
        draft,
        who,
        CRITICAL,
        f"{fighter.name}: {why} — apply the weapon's critical effect ({kinds})",
    )


def add_injury(
    draft: Draft, tables: NervTables, who: str, location: Location, damage_type: str = ""
) -> None:
    """One Injury point: the chart of ``location`` read at the new total, effects applied."""
    fighter = draft.state.combatant(who)
    before = {(r.chart, r.name) for r in injury_rows(fighter, tables)}
    total = fighter.track("injuries") + 1
    shift(draft, who, "injuries", 1, "Injuries")
    rows = tables.rows_in_effect(location.chart, total)
    head = rows[0]
    also = above_clause(rows[1:])
    draft.emit(
        ev.InjuryAdded,
        who=fighter.id,
        location=location.key,
        score=total,
        name=head.name,
        effect=head.effect + also,
        text=f"{fighter.name}: injury {total} to the {location.label.lower()} — "
        f"{head.name}: {head.effect}{also}",
    )
    fresh = [row for row in rows if (row.chart, row.name) not in before]
    injury_effects(draft, tables, who, fresh, damage_type)
    if not before and fighter.kind == "character" and fear_of(fighter) is None:
        remind(
            draft,
            who,
            "fear:injury",
            f"{fighter.name} suffered an injury, a Fear trigger: Will or Fortitude (Courage) test",
        )


def injury_effects(
    draft: Draft, tables: NervTables, who: str, rows: list[InjuryRow], damage_type: str
) -> None:
    """What rows newly in effect do at once: critical effect, conditions, Stress, Fear test."""
    if any(row.critical for row in rows):
        critical_effect(draft, tables, who, damage_type, "Crucial Strike")
    names: list[str] = []
    for row in rows:
        names.extend(row.applies)
        if row.prone:
            names.append("Prone")
    for name in dict.fromkeys(names):
        afflict(draft, tables, who, name, why="injury", source="injury")
    for row in rows:
        add_stress(draft, tables, who, row.stress, row.name)
        fighter = draft.state.combatant(who)
        if row.fear_test and fear_of(fighter) is None:  # Fear stays that of the first roll
            remind(draft, who, "fear:injury", f"{fighter.name}: {row.name} — a Fear test is due")


def incapacitate(draft: Draft, tables: NervTables, who: str, why: str, blow: bool = True) -> None:
    """Down: incapacitated; after a ``blow`` (damage, an injury) a line for the GM alone
    says to type 'dead WHO' if it kills (the players read only that it fell). Falling
    unconscious from exhaustion or out of air, or a score decayed to nothing, is no blow:
    no such line (air's own count kills, l.351)."""
    fighter = draft.state.combatant(who)
    if fighter.status in ("down", "dead"):
        return
    draft.emit(
        ev.StatusChanged,
        who=fighter.id,
        status="down",
        text=f"{fighter.name} is incapacitated: {why}",
    )
    if blow:
        draft.say(f"If the blow kills {fighter.name}: 'dead {fighter.id}'", gm_only=True)
    fallen(draft, tables, who)


def check_incapacitated(
    draft: Draft, tables: NervTables, who: str, location: Location | None
) -> None:
    """More Injury points than Physique Bonus: incapacitated, worst at the final location
    (``location`` None: no injury landed — a decayed Physique Bonus — so no blow)."""
    fighter = draft.state.combatant(who)
    pb = bonus(fighter, "physique")
    injuries = fighter.track("injuries")
    if injuries <= pb or fighter.status != "active":
        return
    worst = ""
    if location is not None:
        worst = (
            f"; an extreme {tables.chart_row(location.chart, 4).name} at the "
            f"{location.label.lower()}"
        )
    incapacitate(
        draft,
        tables,
        who,
        f"{counted(injuries, 'injury', 'injuries')} > Physique Bonus {pb}{worst}",
        blow=location is not None,
    )


def heal_injuries(
    draft: Draft, tables: NervTables, who: str, points: int, location: Location
) -> None:
    """Heal the latest ``points`` injuries at ``location``."""
    fighter = draft.state.combatant(who)
    there = [i for i in fighter.injuries if i.location == location.key]
    if not there:
        raise RuleError(f"{fighter.name} has no injury at the {location.label.lower()}")
    for injury in list(reversed(there))[:points]:
        draft.emit(
            ev.InjuryRemoved,
            who=fighter.id,
            location=injury.location,
            name=injury.name,
            text=f"{fighter.name}: {injury.name} ({location.label.lower()}) healed",
        )
        shift(draft, who, "injuries", -1, "Injuries")
    until_healed.lift(draft, tables, who)
