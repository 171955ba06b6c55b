"""nerv-d100 conditions an injury keeps on until it heals (seed 000): Blinded from a head
injury at 4+ ("Until you heal, you are unable to see", l.214), Hindered from a Broken Foot
("All of your movement is Hindered", l.225) and every row that carries it "as above".

The chart rows name them (``until_healed`` in data.toml). A campaign stores only the
injury: the next fight puts the condition on again from it, and a treatment that heals
the injury takes the condition with it (and an undone treatment brings both back).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Injury
from tracker.core.wording import either
from tracker.rules.nerv_d100.afflictions import afflict
from tracker.rules.nerv_d100.stats import rows_of, take_off
from tracker.rules.nerv_d100.tables import NervTables

if TYPE_CHECKING:  # a one-off fight never loads the campaign's model
    from tracker.core.campaign import CarriedInjury

INJURY = "injury"
"""The source a condition an injury put on carries."""


def injury_label(injury: Injury | CarriedInjury) -> str:
    """``Head 4 Blinded``: where, the score, the name (in a fight or between fights)."""
    where = injury.location.replace("_", " ").title()
    return f"{where} {injury.score} {injury.name}"


def kept_on(
    tables: NervTables, injuries: Iterable[Injury | CarriedInjury]
) -> dict[str, Injury | CarriedInjury]:
    """Each condition the injuries keep on until they heal → the first injury keeping it."""
    kept: dict[str, Injury | CarriedInjury] = {}
    for injury in injuries:
        for row in rows_of(tables, injury):
            for name in row.until_healed:
                kept.setdefault(name, injury)
    return kept


def put_back(draft: Draft, tables: NervTables, who: str) -> None:
    """Entering a fight with carried injuries: what they keep on is on again."""
    fighter = draft.state.combatant(who)
    for name, injury in kept_on(tables, fighter.injuries).items():
        if draft.state.combatant(who).condition(name) is None:
            why = f"until {injury_label(injury)} heals"
            afflict(draft, tables, who, name, why=why, source=INJURY)


def lift(draft: Draft, tables: NervTables, who: str) -> None:
    """After an injury heals in a fight: a lasting condition an injury put on, which no
    injury left keeps on, ends."""
    fighter = draft.state.combatant(who)
    kept = kept_on(tables, fighter.injuries)
    lasting = {n for rows in tables.charts.values() for row in rows for n in row.until_healed}
    for condition in fighter.conditions:
        name = condition.name
        if condition.source == INJURY and name in lasting and name not in kept:
            take_off(draft, who, name, f"{fighter.name}: {name} ends, the injury healed")


def not_kept(tables: NervTables, fighter: Combatant, name: str) -> None:
    """A RuleError when ``fighter``'s injuries keep ``name`` on (the same sentence as
    ``campaign set PC condition -NAME``): seed 000 l.214's "until you heal" is not the
    temporary blindness of l.332 that a test or a cure lifts for the scene."""
    keeping = [i for i in fighter.injuries if name in kept_on(tables, [i])]
    if not keeping:
        return
    injuries = either([injury_label(i) for i in keeping], "and")
    noun = "injury" if len(keeping) == 1 else "injuries"
    where = dict.fromkeys(i.location for i in keeping)
    heals = [
        f"'heal {fighter.id} {_to_heal(fighter, location, keeping)} @{location.replace(' ', '_')}'"
        for location in where
    ]
    ends = "that injury heals" if len(keeping) == 1 else "they heal"
    raise RuleError(
        f"{name} comes from {fighter.name}'s {noun} {injuries} — it ends when {ends} "
        f"({either(heals, 'and')})"
    )


def _to_heal(fighter: Combatant, location: str, keeping: list[Injury]) -> int:
    """How many injuries at ``location`` 'heal' takes (the latest first) to reach every
    one of ``keeping`` there."""
    there = [i for i in reversed(fighter.injuries) if i.location == location]
    return max(there.index(i) for i in keeping if i.location == location) + 1


def notes(tables: NervTables, injuries: Iterable[CarriedInjury]) -> list[str]:
    """``Blinded until Head 4 Blinded heals`` for each condition carried injuries keep on."""
    return [
        f"{name} until {injury_label(injury)} heals (back in every fight until treated)"
        for name, injury in kept_on(tables, injuries).items()
    ]
