"""Wrath & Glory embedded items: weapons, armour, abilities, talents, keywords.

Weapons come in two shapes. The current DataModel keeps ``damage`` {base, bonus, dice,
rank (0 none, 1 Rank, 2 Double Rank), ``ed`` and ``ap`` {base, bonus, dice, rank}} and
``traits`` {list: [{name, rating, custom, display}]}; older exports keep ``damage``,
``ed`` and ``ap`` beside each other ({base, bonus, rank "none|single|double"} or plain
numbers) and ``traits`` as a list. A melee weapon's Damage Rating adds the wielder's
Strength at the table (``attack … melee dmg=N`` adds it). Armour counts when equipped
(:mod:`.wrath_armour`).

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
from tracker.store.foundry.blocks import signed
from tracker.store.foundry.plain import plain_line, plain_lines
from tracker.store.foundry.shapes import item_system, whole
from tracker.store.foundry.wrath_armour import Armour, words

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

USED = (*KINDS, "armour", *IDENTITY)
_RANKS = {1: " + Rank", 2: " + Double Rank", "single": " + Rank", "double": " + Double Rank"}


@dataclass
class Items:
    """What the items give: traits, the armour rating, remarks for the report."""

    traits: list[Trait] = field(default_factory=list)
    worn: Armour = field(default_factory=Armour)
    """What the equipped armour gives (Resilience, Defence, Strength, Speed)."""
    remarks: list[str] = field(default_factory=list)
    identity: dict[str, str] = field(default_factory=dict)
    """``species`` / ``archetype`` / ``faction`` → the item's name."""


def read_items(items: tuple[Mapping[str, Any], ...]) -> Items:
    """Every item the mapping uses, in the export's order."""
    found = Items()
    for item in items:
        kind = str(item.get("type", ""))
        system = item_system(item)
        name = _name(item, found)
        if kind == "armour":
            found.worn.wear(name, system)
        elif kind == "weapon":
            found.traits.append(Trait(name, _cut(weapon_text(system), name, found), "weapon"))
        elif kind in KINDS:
            text = _cut(_described(system), name, found)
            if kind in HEADINGS:
                name = plain_line(f"{HEADINGS[kind]}: {name}", NAME_LIMIT)
            found.traits.append(Trait(name, text, KINDS[kind]))
        elif kind in IDENTITY:
            found.identity.setdefault(kind, name)
    found.traits += found.worn.traits
    found.remarks += found.worn.remarks
    return found


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


def _described(system: Mapping[str, Any]) -> str:
    parts = []
    kind = plain_line(system.get("abilityType"))
    if kind:
        parts.append(words(kind).capitalize() + ".")
    for key in ("description", "effect"):
        text = plain_lines(system.get(key))
        if text:
            parts.append(text)
    requirements = plain_line(system.get("requirements"))
    if requirements:
        parts.append(f"Requirements: {requirements}")
    return "\n".join(parts)


def weapon_text(system: Mapping[str, Any]) -> str:
    """``ranged: damage 10, ED 1, AP -1, Salvo 2, range 12/24/36; Rapid Fire (2)``."""
    category = plain_line(system.get("category"))
    damage = system.get("damage")
    ed = damage.get("ed") if isinstance(damage, Mapping) and "ed" in damage else system.get("ed")
    ap = damage.get("ap") if isinstance(damage, Mapping) and "ap" in damage else system.get("ap")
    dr = _rating(damage)
    if category == "melee" and dr:
        dr += " + Strength"
    parts = [f"damage {dr}" if dr else "", _labelled("ED", ed), _labelled("AP", ap, sign=True)]
    salvo = whole(system.get("salvo"))
    if salvo:
        parts.append(f"Salvo {salvo}")
    reach = _range(system.get("range"))
    if reach:
        parts.append(f"range {reach}")
    head = ", ".join(p for p in parts if p)
    text = f"{category}: {head}" if category and head else category or head
    traits = ", ".join(trait_names(system.get("traits")))
    return "; ".join(p for p in (text, traits) if p)


def _labelled(label: str, value: Any, sign: bool = False) -> str:
    text = _rating(value, sign)
    return f"{label} {text}" if text and text not in ("0", "+0") else ""


def _rating(value: Any, sign: bool = False) -> str:
    """A weapon number from ``{base, bonus, dice, rank}`` or a plain number ("" if none)."""
    if not isinstance(value, Mapping):
        number = whole(value)
        return (signed(number) if sign else str(number)) if number else ""
    number = (whole(value.get("base")) or 0) + (whole(value.get("bonus")) or 0)
    dice = plain_line(value.get("dice"))
    rank = value.get("rank")
    scaled = _RANKS.get(rank if isinstance(rank, int | str) else "", "")
    text = (signed(number) if sign else str(number)) if number else ""
    if dice:
        text = f"{text} + {dice}" if text else dice
    return f"{text}{scaled}" if text or scaled else ""


def _range(value: Any) -> str:
    if not isinstance(value, Mapping):
        return plain_line(value)
    bands = [whole(value.get(k)) for k in ("short", "medium", "long")]
    if any(bands):
        return "/".join(str(b or 0) for b in bands)
    return ""


def trait_names(value: Any) -> list[str]:
    """Weapon or armour qualities in either shape: ``Rapid Fire (2)``, ``Brutal``."""
    listed = value.get("list") if isinstance(value, Mapping) else value
    names = []
    for trait in listed if isinstance(listed, list) else []:
        if isinstance(trait, Mapping):
            if trait.get("type") == "remove":
                continue
            label = plain_line(trait.get("display") or trait.get("custom") or trait.get("name"))
            rating = plain_line(str(trait.get("rating") or ""))
            label = words(label)
            names.append(f"{label} ({rating})" if rating and rating not in label else label)
        elif isinstance(trait, str):
            names.append(words(plain_line(trait)))
    return [n[:1].upper() + n[1:] for n in names if n]
