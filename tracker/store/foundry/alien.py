"""Alien RPG actors (Foundry system ``alienrpg``) as ``alien-evolved`` bestiary blocks.

The system's data model (its template.json): ``header.health`` {value, max} and, for
characters, ``header.stress`` and ``header.npc``; ``attributes`` str / wit / agl / emp
{value, mod}; ``skills`` {value} (``stamina``, ``mobility`` …); ``general.armor``;
``consumables`` air / power / food / water; ``notes``. Creatures have ``attributes.speed``,
``attributes.armorrating``, ``general.mobility`` / ``observation`` / ``acidSplash`` /
``special`` and ``notes.notes``. Weapons and armour are embedded items.

Mapping: character → kind human, synthetic → synthetic, creature → creature; Health is
``health.max`` (else its value, else the Strength score, as the rules give it);
``stamina`` is the STAMINA roll's dice (Strength + the Stamina skill), what a death roll
throws; air and power become supplies; armour and weapons are written into the notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.store.foundry.blocks import Converted, Notes, actor_name, finish, signed
from tracker.store.foundry.leftovers import ignored_line, item_summary, unused_fields
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import ActorExport, at, item_system, whole

KINDS = {"character": "human", "synthetic": "synthetic", "creature": "creature"}
ATTRIBUTES = {"str": "strength", "wit": "wits", "agl": "agility", "emp": "empathy"}
QUIET = ("header.npc", "header.synthstress", "general.xp", "general.sp", "general.cash")


def alien_block(actor: ActorExport, fallback: str) -> Converted:
    """The block for an ``alienrpg`` character, synthetic or creature."""
    data, used, remarks = actor.data, {"header.health"}, []
    stats: dict[str, int] = {}
    supplies: dict[str, int] = {}
    notes = Notes()
    if actor.type == "creature":
        _creature(data, stats, notes, used)
    else:
        _person(actor, stats, supplies, notes, used)
    health = _positive(at(data, "header.health.max"), at(data, "header.health.value"))
    health = health or (stats.get("strength") if actor.type != "creature" else None)
    if health:
        stats = {"health": health, **stats}
    else:
        remarks.append("no Health in the export: the ruleset's default applies")
    _weapons(actor, notes)
    name = actor_name(actor, fallback)
    side = "enemy" if actor.type == "creature" or at(data, "header.npc") is True else "pc"
    block = {"side": side, "kind": KINDS[actor.type], "stats": stats, "supplies": supplies}
    fields = unused_fields(data, used, QUIET)
    items = item_summary(actor.items, ("weapon", "armor"))
    return Converted(
        "alien-evolved",
        finish(actor, name, block, notes, remarks),
        ignored_line(fields, items),
        remarks,
    )


def _person(
    actor: ActorExport,
    stats: dict[str, int],
    supplies: dict[str, int],
    notes: Notes,
    used: set[str],
) -> None:
    data = actor.data
    for key, stat in ATTRIBUTES.items():
        value = whole(at(data, f"attributes.{key}"))
        used.add(f"attributes.{key}")
        if value:
            stats[stat] = value
    stamina = whole(at(data, "skills.stamina"))
    used.add("skills.stamina")
    if stats.get("strength"):
        stats["stamina"] = stats["strength"] + (stamina or 0)
    stress = whole(at(data, "header.stress"))
    used.add("header.stress")
    if stress:
        stats["stress"] = stress
    armour = whole(at(data, "general.armor"))
    used.add("general.armor")
    if armour:
        stats["armour_rating"] = armour
    for kind in ("air", "power"):
        value = whole(at(data, f"consumables.{kind}"))
        used.add(f"consumables.{kind}")
        if value:
            supplies[kind] = value
    used.add("notes")
    notes.text(data.get("notes"))


def _creature(data: Mapping[str, Any], stats: dict[str, int], notes: Notes, used: set[str]) -> None:
    speed = whole(at(data, "attributes.speed"))
    if speed:
        stats["speed"] = speed
    armour = whole(at(data, "attributes.armorrating"))
    if armour:
        stats["armour_rating"] = armour
    used.update(("attributes.speed", "attributes.armorrating"))
    rolls = []
    for key, label in (
        ("mobility", "Mobility"),
        ("observation", "Observation"),
        ("acidSplash", "Acid Splash"),
    ):
        used.add(f"general.{key}")
        value = whole(at(data, f"general.{key}"))
        if value:
            rolls.append(f"{label} {value}")
    if rolls:
        notes.line(", ".join(rolls))
    table = plain_line(data.get("rTables"))
    used.add("rTables")
    if table:
        notes.line(f"Attack table: {table}")
    for key in ("special", "comment"):
        used.add(f"general.{key}")
        notes.text(at(data, f"general.{key}.value"))
    used.add("notes")
    notes.text(
        at(data, "notes.notes") if isinstance(data.get("notes"), Mapping) else data.get("notes")
    )


def _weapons(actor: ActorExport, notes: Notes) -> None:
    for item in actor.items:
        system = item_system(item)
        name = plain_line(item.get("name"), 60) or "?"
        if item.get("type") == "weapon":
            parts = [
                f"bonus {signed(bonus)}"
                if (bonus := whole(at(system, "attributes.bonus")))
                else "",
                f"damage {damage}" if (damage := whole(at(system, "attributes.damage"))) else "",
                f"range {reach}"
                if (reach := plain_line(at(system, "attributes.range.value")))
                else "",
            ]
            shown = ", ".join(p for p in parts if p)
            notes.line(f"Weapon: {name}" + (f" ({shown})" if shown else ""))
        elif item.get("type") == "armor":
            rating = whole(at(system, "attributes.armorrating"))
            notes.line(f"Armour: {name}" + (f" (rating {rating})" if rating else ""))


def _positive(*values: Any) -> int | None:
    for value in values:
        number = whole(value)
        if number and number > 0:
            return number
    return None
