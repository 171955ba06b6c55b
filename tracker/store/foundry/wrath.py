"""Wrath & Glory actors (Foundry system ``wrath-and-glory``) as ``wrath-glory`` blocks.

The system's data model (template.json, later its DataModel classes, same fields):
``attributes.<name>`` {rating, bonus, total}; ``skills.<name>`` {rating, bonus, total};
``combat`` defence / resilience / determination / resolve / conviction {bonus, total},
wounds / shock {value, bonus, max}, ``speed``, ``size``; agents also ``resources.wrath``.
Weapons are embedded items with ``damage`` / ``ed`` / ``ap`` {base, bonus, rank} (plain
numbers in old exports), ``salvo``, ``category``, ``range`` and ``traits``.

Mapping: agent → side pc (a Hero), threat → side enemy; attributes and the combat numbers
are their ``total`` (an attribute without one: its rating plus bonus); Wounds and Shock
their ``max``; skills become stats of their own rating (``ballistic_skill = 4``) so pools
read ``agility+ballistic_skill``; size and weapons go into the notes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tracker.store.foundry.blocks import Converted, Notes, actor_name, finish, signed
from tracker.store.foundry.leftovers import ignored_line, item_summary, unused_fields
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import ActorExport, at, item_system, whole

ATTRIBUTES = (
    "strength",
    "toughness",
    "agility",
    "initiative",
    "willpower",
    "intellect",
    "fellowship",
)
COMBAT = ("defence", "resilience", "determination", "resolve", "conviction")
QUIET = ("advances", "experience", "corruption.current", "bio.threat")


def wrath_block(actor: ActorExport, fallback: str) -> Converted:
    """The block for a ``wrath-and-glory`` agent or threat."""
    data, remarks = actor.data, []
    used = {"attributes", "skills", "combat", "resources.wrath", "notes"}
    stats = _attributes(data)
    missing = []
    for track in ("wounds", "shock"):
        top = _first(at(data, f"combat.{track}.max"), at(data, f"combat.{track}.total"))
        if top:
            stats[track] = top
        else:
            missing.append(track)
    for key in COMBAT:
        value = _first(at(data, f"combat.{key}.total"), at(data, f"combat.{key}"))
        if value:
            stats[key] = value
        elif key in ("defence", "resilience"):
            missing.append(key)
    speed = whole(at(data, "combat.speed"))
    if speed:
        stats["speed"] = speed
    wrath = whole(at(data, "resources.wrath"))
    if actor.type == "agent" and wrath is not None:
        stats["wrath"] = wrath
    stats.update(_skills(data, stats))
    if missing:
        remarks.append(f"not in the export: {', '.join(missing)} (the ruleset's defaults apply)")
    notes = Notes()
    size = plain_line(at(data, "combat.size"))
    if size:
        notes.line(f"Size: {size.capitalize()}")
    _weapons(actor, notes)
    notes.text(data.get("notes") if isinstance(data.get("notes"), str) else "")
    block = {"side": "pc" if actor.type == "agent" else "enemy", "stats": stats}
    fields = unused_fields(data, used, QUIET)
    fields += [f"combat.{k}" for k in _unused_combat(data)]
    items = item_summary(actor.items, ("weapon",))
    name = actor_name(actor, fallback)
    return Converted(
        "wrath-glory",
        finish(actor, name, block, notes, remarks),
        ignored_line(fields, items),
        remarks,
    )


def _attributes(data: Mapping[str, Any]) -> dict[str, int]:
    stats: dict[str, int] = {}
    for key in ATTRIBUTES:
        entry = at(data, f"attributes.{key}")
        value = _first(at(entry, "total"), _sum(at(entry, "rating"), at(entry, "bonus")), entry)
        if value:
            stats[key] = value
    return stats


def _skills(data: Mapping[str, Any], attributes: Mapping[str, int]) -> dict[str, int]:
    """Each skill's own rating (plus bonus); an export with only totals: total − attribute."""
    stats: dict[str, int] = {}
    skills = data.get("skills")
    for key, entry in skills.items() if isinstance(skills, Mapping) else ():
        value = _sum(at(entry, "rating"), at(entry, "bonus")) or whole(entry)
        if not value:
            total = whole(at(entry, "total")) or 0
            value = total - attributes.get(str(at(entry, "attribute") or ""), total)
        if value and value > 0:
            stats[_snake(str(key))] = value
    return stats


def _unused_combat(data: Mapping[str, Any]) -> list[str]:
    known = {*COMBAT, "wounds", "shock", "speed", "size"}
    combat = data.get("combat")
    if not isinstance(combat, Mapping):
        return []
    return [k for k, v in combat.items() if k not in known and whole(at(v, "total") or v)]


def _weapons(actor: ActorExport, notes: Notes) -> None:
    for item in actor.items:
        if item.get("type") != "weapon":
            continue
        system = item_system(item)
        name = plain_line(item.get("name"), 60) or "?"
        category = plain_line(system.get("category"))
        parts = [_damage(system)]
        salvo = whole(system.get("salvo"))
        if salvo:
            parts.append(f"Salvo {salvo}")
        reach = _range(system.get("range"))
        if reach:
            parts.append(f"range {reach}")
        traits = _traits(system.get("traits"))
        if traits:
            parts.append(traits)
        shown = ", ".join(p for p in parts if p)
        notes.line(
            f"{name}" + (f" ({category})" if category else "") + (f": {shown}" if shown else "")
        )


def _damage(system: Mapping[str, Any]) -> str:
    """``damage 10 +1 ED, AP -1`` (``+ Rank`` where the weapon scales with Rank)."""
    damage, damage_rank = _rating(system.get("damage"))
    ed, ed_rank = _rating(system.get("ed"))
    ap, ap_rank = _rating(system.get("ap"))
    parts = []
    if damage or damage_rank:
        parts.append(
            f"damage {damage}{damage_rank}" + (f" +{ed}{ed_rank} ED" if ed or ed_rank else "")
        )
    if ap or ap_rank:
        parts.append(f"AP {signed(ap)}{ap_rank}")
    return ", ".join(parts)


def _rating(value: Any) -> tuple[int, str]:
    """A weapon number from ``{base, bonus, rank}`` (or a plain number in old exports)."""
    if not isinstance(value, Mapping):
        return whole(value) or 0, ""
    rank = value.get("rank")
    scaled = {"single": " + Rank", "double": " + Double Rank"}.get(str(rank), "")
    return _sum(value.get("base"), value.get("bonus")), scaled


def _range(value: Any) -> str:
    if not isinstance(value, Mapping):
        return plain_line(value)
    bands = [whole(value.get(k)) for k in ("short", "medium", "long")]
    if any(bands):
        return "/".join(str(b or 0) for b in bands)
    return ""


def _traits(value: Any) -> str:
    names = []
    for trait in value if isinstance(value, list) else []:
        if isinstance(trait, Mapping):
            label = _words(plain_line(trait.get("name") or trait.get("type")))
            rating = plain_line(str(trait.get("rating") or "")) if trait.get("rating") else ""
            names.append(f"{label} ({rating})" if rating else label)
        elif isinstance(trait, str):
            names.append(_words(plain_line(trait)))
    return ", ".join(n[:1].upper() + n[1:] for n in names if n)


def _words(name: str) -> str:
    """``rapidFire`` → ``rapid Fire`` (Foundry trait keys are camelCase)."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)


def _first(*values: Any) -> int | None:
    for value in values:
        number = whole(value)
        if number and number > 0:
            return number
    return None


def _sum(*values: Any) -> int:
    return sum(whole(v) or 0 for v in values)


def _snake(name: str) -> str:
    """``ballisticSkill`` → ``ballistic_skill``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).casefold()
