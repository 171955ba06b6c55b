"""Wrath & Glory armour: what the equipped armour gives the sheet, as the system counts it.

The system (``CombatModel.computeArmour`` and the armour traits' effects in
``config.traitEffects``; ``Actor._computeArmour`` before 6.1, the same rules) counts only
equipped armour:

- Resilience adds the best armour's ``rating`` plus every shield's (a shield's rating
  adds to Defence too);
- Powered (X) adds X to Strength and Bulk (X) takes X from Speed, for each armour worn.

The traits are ``traits.list`` [{name, rating, type, custom, display}] (a bare list
before the DataModel); ``name`` is the system's key (``powered``, ``bulk``, ``shield``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.store.foundry.shapes import whole
from tracker.store.foundry.wrath_numbers import Sheet


@dataclass
class Armour:
    """What the equipped armour gives: Resilience, Defence, Strength, Speed."""

    best: int = 0
    """The best equipped armour's rating (shields apart)."""
    shields: int = 0
    """Every equipped shield's rating together."""
    powered: list[tuple[str, int]] = field(default_factory=list)
    """(armour, X) for each Powered (X) worn: +X Strength."""
    bulk: list[tuple[str, int]] = field(default_factory=list)
    """(armour, X) for each Bulk (X) worn: −X Speed."""
    names: list[str] = field(default_factory=list)
    """``Wardplate 4``, ``Bastion Shield shield 2``: the report's read line."""
    remarks: list[str] = field(default_factory=list)

    def wear(self, name: str, system: Mapping[str, Any]) -> None:
        """Count one armour item (``system``: its data) as the sheet does."""
        rating = whole(system.get("rating")) or whole(system.get("base")) or 0
        if not _equipped(system):
            self.remarks.append(f"{name} (armour {rating}) is not equipped: not counted")
            return
        qualities = armour_traits(system.get("traits"))
        shield = "shield" in qualities
        self.names.append(f"{name} {'shield ' if shield else ''}{rating}")
        if shield:
            self.shields += rating
        else:
            self.best = max(self.best, rating)
        for key, kept in (("powered", self.powered), ("bulk", self.bulk)):
            amount = whole(qualities.get(key)) or 0
            if amount > 0:
                kept.append((name, amount))


def armour_traits(value: Any) -> dict[str, str]:
    """The system's trait keys → their ratings ("" when none), in either shape;
    a trait whose ``type`` is ``remove`` is not the armour's."""
    listed = value.get("list") if isinstance(value, Mapping) else value
    found: dict[str, str] = {}
    for trait in listed if isinstance(listed, list) else []:
        if isinstance(trait, str):
            found[trait.casefold()] = ""
        elif isinstance(trait, Mapping) and trait.get("type") != "remove":
            key = str(trait.get("name") or "").casefold()
            if key:
                rating = trait.get("rating")
                found[key] = "" if rating is None else str(rating).strip()
    return found


def _equipped(system: Mapping[str, Any]) -> bool:
    equipped = system.get("equipped")
    if isinstance(equipped, Mapping):
        equipped = equipped.get("value")
    return equipped is not False


def add_powered(armour: Armour, sheet: Sheet) -> None:
    """Strength with each worn Powered (X) added, as the sheet shows it."""
    if not armour.powered or "strength" not in sheet.stats:
        return
    before = sheet.stats["strength"]
    sheet.stats["strength"] = before + sum(x for _, x in armour.powered)
    parts = " + ".join(f"Powered {x} ({name})" for name, x in armour.powered)
    sheet.computed.append(f"Strength {sheet.stats['strength']} = {before} + {parts}")


def take_bulk(armour: Armour, sheet: Sheet) -> None:
    """Speed with each worn Bulk (X) taken off, as the sheet shows it (never below 0)."""
    if not armour.bulk or "speed" not in sheet.stats:
        return
    before = sheet.stats["speed"]
    sheet.stats["speed"] = max(before - sum(x for _, x in armour.bulk), 0)
    parts = " - ".join(f"Bulk {x} ({name})" for name, x in armour.bulk)
    sheet.computed.append(f"Speed {sheet.stats['speed']} = {before} - {parts}")
