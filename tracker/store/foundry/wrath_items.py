"""Wrath & Glory embedded items: weapons, armour, abilities, talents, keywords.

Weapons read as their wielder's attack dialog gives them (:mod:`.wrath_weapons`); armour
counts when equipped (:mod:`.wrath_armour`).

Weapons, abilities, talents, keywords, psychic powers, mutations, augmetics and traumatic
and memorable injuries become traits, kept whole; the species, archetype and faction items
name who the actor is (a line of the notes each).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.core.model import Trait
from tracker.core.safe_text import NAME_LIMIT, TRAIT_LIMIT
from tracker.store.foundry.leftovers import words
from tracker.store.foundry.plain import plain_line, plain_lines
from tracker.store.foundry.shapes import item_system
from tracker.store.foundry.wrath_armour import Armour
from tracker.store.foundry.wrath_loadout import loaded
from tracker.store.foundry.wrath_powers import ability_head, power_head
from tracker.store.foundry.wrath_weapons import Wielder, weapon_text

KINDS = {
    "weapon": "weapon",
    "ability": "ability",
    "talent": "talent",
    "keyword": "keyword",
    "psychicPower": "ability",
    "mutation": "ability",
    "augmetic": "ability",
    "traumaticInjury": "rule",
    "memorableInjury": "rule",
}
"""Item types kept as traits, and the kind each becomes."""
HEADINGS = {
    "augmetic": "Augmetic",
    "traumaticInjury": "Traumatic injury",
    "memorableInjury": "Memorable injury",
}
"""Item types whose trait names say what they are (``Traumatic injury: Lost Eye``)."""
IDENTITY = ("species", "archetype", "faction")
"""Singleton items naming who the actor is: a line of the notes each."""

WEAPON_STATES = (("equipped", False, "not equipped"), ("needsReload", True, "needs reloading"))
"""What the sheet's combat tab shows of a weapon: only equipped ones (``equipped`` false:
not there), and one that needs reloading greyed out."""
USED = (*KINDS, "armour", *IDENTITY)


@dataclass
class Items:
    """What the items give: traits, the armour rating, remarks for the report."""

    traits: list[Trait] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    identity: dict[str, str] = field(default_factory=dict)
    """``species`` / ``archetype`` / ``faction`` → the item's name."""
    loaded: set[str] = field(default_factory=set)
    """Ids of the ammunition a weapon is loaded with (used, so not left out)."""


def wear_armour(items: tuple[Mapping[str, Any], ...]) -> Armour:
    """What the actor's armour gives its sheet (read before its numbers are worked)."""
    worn = Armour()
    for item in items:
        if item.get("type") == "armour":
            worn.wear(plain_line(item.get("name"), NAME_LIMIT) or "?", item_system(item))
    return worn


def read_items(
    items: tuple[Mapping[str, Any], ...],
    wielder: Wielder,
    worn: Armour,
    mob_needs: Mapping[str, int] | None = None,
) -> Items:
    """Every item the mapping uses, in the export's order, the worn armour's traits last;
    weapons with the numbers ``wielder`` gives them; an ability a mob needs a size for
    (``mob_needs``: item id → size) says so."""
    needs = mob_needs or {}
    found = Items()
    for item in items:
        kind = str(item.get("type", ""))
        system = item_system(item)
        name = _name(item, found)
        if kind == "weapon":
            text = _weapon(item, items, wielder, found)
            found.traits.append(Trait(name, _cut(text, name, found), "weapon"))
        elif kind in KINDS:
            text = _described(kind, system, wielder)
            size = needs.get(str(item.get("_id") or ""))
            if size:
                text = f"Mob ability: works while the mob is {size} or more.\n{text}".rstrip()
            text = _cut(text, name, found)
            if kind in HEADINGS:
                name = plain_line(f"{HEADINGS[kind]}: {name}", NAME_LIMIT)
            found.traits.append(Trait(name, text, KINDS[kind]))
        elif kind in IDENTITY:
            found.identity.setdefault(kind, name)
    found.traits += worn.traits
    found.remarks += worn.remarks
    return found


def _weapon(
    item: Mapping[str, Any], items: tuple[Mapping[str, Any], ...], wielder: Wielder, found: Items
) -> str:
    """The weapon's trait text, its upgrades and ammunition counted in (and named)."""
    kit = loaded(item, items)
    if kit.ammo_id:
        found.loaded.add(kit.ammo_id)
    fitted = [f"loaded with {kit.ammo}"] if kit.ammo else []
    if kit.upgrades:
        fitted.append("upgrades " + " and ".join(kit.upgrades))
    if kit.combi:
        fitted.append(f"combi-weapon with {kit.combi} (fires both)")
    text = weapon_text(kit.system, wielder, tuple(fitted))
    states = [word for key, value, word in WEAPON_STATES if kit.system.get(key) is value]
    return "; ".join([*states, text]) if text else "; ".join(states)


def _name(item: Mapping[str, Any], found: Items) -> str:
    full = plain_line(item.get("name")) or "?"
    if len(full) > NAME_LIMIT:
        found.remarks.append(f"the name {full[:30]}… cut at {NAME_LIMIT} characters")
    return plain_line(full, NAME_LIMIT)


def _cut(text: str, name: str, found: Items) -> str:
    """The text whole, or — beyond ``TRAIT_LIMIT`` — cut with a mark saying so."""
    if len(text) <= TRAIT_LIMIT:
        return text
    mark = f" … cut at {TRAIT_LIMIT:,} characters"
    found.remarks.append(f"{name}: text cut at {TRAIT_LIMIT:,} characters")
    return text[: TRAIT_LIMIT - len(mark)].rstrip() + mark


def _described(kind: str, system: Mapping[str, Any], wielder: Wielder) -> str:
    """The item's numbers (a power's DN, what it deals, the test it calls for), then its
    words."""
    parts = []
    ability = plain_line(system.get("abilityType"))
    if ability:
        parts.append(words(ability).capitalize() + ".")
    if kind == "psychicPower":
        parts.append(power_head(system, wielder))
    elif kind in ("ability", "talent"):
        parts.append(ability_head(system, wielder))
    for key in ("description", "effect"):
        text = plain_lines(system.get(key))
        if text:
            parts.append(text)
    requirements = plain_line(system.get("requirements"))
    if requirements:
        parts.append(f"Requirements: {requirements}")
    return "\n".join(p for p in parts if p)
