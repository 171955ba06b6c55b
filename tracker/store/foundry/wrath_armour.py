"""Wrath & Glory armour: what the equipped armour gives the sheet, as the system counts it.

The system (``CombatModel.computeArmour`` and the armour traits' effects in
``config.traitEffects``; ``Actor._computeArmour`` before 6.1, the same rules) counts only
equipped armour:

- Resilience adds the best armour's ``rating`` plus every shield's (a shield's rating
  adds to Defence too);
- Powered (X) adds X to Strength and Bulk (X) takes X from Speed, for each armour worn;
- Invulnerable armour (``invulnerable``; a trait before 6.0) makes AP never lower the
  wearer's Resilience, and a Power Field turns the Mortal Wounds it takes into Wounds
  (so Determination may be rolled against them).

Equipped armour with a quality or Invulnerable is kept as a trait (``Armour: NAME``)
saying what each does, so the GM has it when a hit's AP or Mortal Wounds come.

The traits are ``traits.list`` [{name, rating, type, custom, display}] (a bare list
before the DataModel); ``name`` is the system's key (``powered``, ``bulk``, ``shield``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.core.model import Trait
from tracker.core.safe_text import NAME_LIMIT
from tracker.store.foundry.fields import flag
from tracker.store.foundry.leftovers import words
from tracker.store.foundry.plain import plain_line
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
    traits: list[Trait] = field(default_factory=list)
    """``Armour: NAME`` for each equipped armour with a quality or Invulnerable."""
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
            amount = whole(qualities.get(key, ("",))[0]) or 0
            if amount > 0:
                kept.append((name, amount))
        if flag(system.get("invulnerable")):
            qualities.setdefault("invulnerable", ("", "Invulnerable"))
        self._keep(name, rating, qualities)

    def _keep(self, name: str, rating: int, qualities: dict[str, tuple[str, str]]) -> None:
        """The armour as a trait when it has more to say than its rating."""
        said = [quality_text(k, *found) for k, found in qualities.items() if k != "shield"]
        if not said:
            return
        shield = f"shield {rating}: adds {rating} to Resilience and Defence"
        text = "; ".join([shield if "shield" in qualities else f"armour {rating}", *said])
        self.traits.append(Trait(plain_line(f"Armour: {name}", NAME_LIMIT), text, "rule"))


def armour_traits(value: Any) -> dict[str, tuple[str, str]]:
    """The system's trait keys (casefolded) → (rating, "" when none; the label shown), in
    either shape; a trait whose ``type`` is ``remove`` is not the armour's."""
    listed = value.get("list") if isinstance(value, Mapping) else value
    found: dict[str, tuple[str, str]] = {}
    for trait in listed if isinstance(listed, list) else []:
        if isinstance(trait, str):
            found[trait.casefold()] = ("", words(trait))
        elif isinstance(trait, Mapping) and trait.get("type") != "remove":
            key = str(trait.get("name") or "")
            rating = trait.get("rating")
            label = plain_line(trait.get("display") or trait.get("custom")) or words(key)
            if key:
                found[key.casefold()] = ("" if rating is None else str(rating).strip(), label)
    return found


QUALITIES = {
    "powered": "Powered ({x}): +{x} Strength (in its Strength)",
    "bulk": "Bulk ({x}): -{x} Speed (in its Speed)",
    "invulnerable": "Invulnerable: AP never lowers its Resilience",
    "powerfield": (
        "Power Field: Mortal Wounds it takes count as Wounds"
        " (Determination may be rolled against them)"
    ),
}
"""What the armour qualities the system computes do, in words (keys casefolded)."""


def quality_text(key: str, rating: str, label: str) -> str:
    """``Powered (2): +2 Strength …``; a quality the system leaves to the GM by its label."""
    if key in QUALITIES and (rating or "{x}" not in QUALITIES[key]):
        return QUALITIES[key].format(x=plain_line(rating))
    label = label[:1].upper() + label[1:]
    rating = plain_line(rating)
    return f"{label} ({rating})" if rating and rating not in label else label


def _equipped(system: Mapping[str, Any]) -> bool:
    equipped = system.get("equipped")
    if isinstance(equipped, Mapping):
        equipped = equipped.get("value")
    return flag(equipped, True)


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
