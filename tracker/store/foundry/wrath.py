"""Wrath & Glory actors (Foundry system ``wrath-and-glory``) as ``wrath-glory`` blocks.

The system's data model (its DataModel classes; template.json before them, same fields):
``attributes.<name>`` {rating, base, bonus, total}; ``skills.<name>`` {attribute, rating,
base, bonus, total}; ``combat`` defence / resilience / determination / resolve /
conviction {bonus, total}, wounds / shock {value, bonus, max}, ``speed``, ``fly`` (a
flying Speed, 0 when it does not fly), ``size``;
agents also ``advances.tier`` and ``resources.wrath``. Totals are computed when Foundry
opens a sheet, so an export may hold 0 for them: :mod:`.wrath_numbers` computes those
as the system does. Items: :mod:`.wrath_items`.

Mapping: agent → side pc (a Hero), threat → side enemy; attributes, skills and the
combat numbers become stats (a skill its own part, so pools read
``agility+ballistic_skill``); Wounds and Shock their ``max`` (a threat's Shock 0 stays
0: it takes no Shock); weapons, abilities, talents and keywords become traits; size and
the actor's notes go into the notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.traits import trait_tables
from tracker.store.foundry.blocks import Converted, Notes, actor_name, effect_report, finish
from tracker.store.foundry.leftovers import ignored_line, item_summary, plural, unused_fields
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import ActorExport, at, whole
from tracker.store.foundry.wrath_items import USED, Items, read_items
from tracker.store.foundry.wrath_numbers import (
    ATTRIBUTES,
    DERIVED,
    Sheet,
    attributes,
    derived,
    skills,
)

QUIET = ("advances", "experience", "corruption.current", "bio.threat", "settings")
KNOWN_COMBAT = frozenset(
    {"defence", "resilience", "determination", "resolve", "conviction", "wounds", "shock"}
    | {"speed", "fly", "size"}
)


def wrath_block(actor: ActorExport, fallback: str) -> Converted:
    """The block for a ``wrath-and-glory`` agent or threat."""
    data, remarks = actor.data, []
    agent = actor.type == "agent"
    items = read_items(actor.items)
    sheet = Sheet()
    attributes(data, sheet)
    skills(data, sheet)
    tier = whole(at(data, "advances.tier")) or 0
    derived(data, sheet, items.armour, items.shields, agent, tier)
    if items.armour_names:
        sheet.read.append("armour " + ", ".join(items.armour_names))
    _speed_and_wrath(data, sheet, agent)
    stats = _ordered(sheet.stats)
    if sheet.missing:
        remarks.append(
            f"not in the export: {', '.join(sheet.missing)} (the ruleset's defaults apply)"
        )
    remarks += items.remarks
    by_effects, said = effect_report(actor)
    remarks += said
    notes = Notes()
    size = plain_line(at(data, "combat.size"))
    if size:
        notes.line(f"Size: {size.capitalize()}")
    notes.text(data.get("notes") if isinstance(data.get("notes"), str) else "")
    block: dict[str, Any] = {"side": "pc" if agent else "enemy", "stats": stats}
    if items.traits:
        block["traits"] = trait_tables(items.traits)
        sheet.read.append(_traits_line(items))
    used = {"attributes", "skills", "combat", "resources.wrath", "notes"}
    fields = unused_fields(data, used, QUIET)
    fields += [f"combat.{k}" for k in _unused_combat(data)]
    name = actor_name(actor, fallback)
    return Converted(
        "wrath-glory",
        finish(actor, name, block, notes, remarks),
        ignored_line(fields, item_summary(actor.items, USED)),
        remarks,
        read=sheet.read,
        computed=[*by_effects, *sheet.computed],
    )


def _ordered(stats: dict[str, int]) -> dict[str, int]:
    """Attributes, Wounds and Shock, the combat numbers, Speed, Fly and Wrath, then skills."""
    first = [*ATTRIBUTES, "wounds", "shock", *DERIVED, "speed", "fly", "wrath"]
    ordered = {k: stats[k] for k in first if k in stats}
    ordered.update((k, v) for k, v in stats.items() if k not in ordered)
    return ordered


def _speed_and_wrath(data: Mapping[str, Any], sheet: Sheet, agent: bool) -> None:
    speed = whole(at(data, "combat.speed"))
    if speed:
        sheet.stats["speed"] = speed
        sheet.read.append(f"Speed {speed}")
    fly = whole(at(data, "combat.fly"))
    if fly:  # jump packs, jetbikes, wings: the sheet's flying Speed (0: it does not fly)
        sheet.stats["fly"] = fly
        sheet.read.append(f"Fly {fly}")
    wrath = whole(at(data, "resources.wrath"))
    if agent and wrath is not None:
        sheet.stats["wrath"] = wrath
        sheet.read.append(f"Wrath {wrath}")


def _traits_line(items: Items) -> str:
    counts: dict[str, int] = {}
    for trait in items.traits:
        counts[trait.kind] = counts.get(trait.kind, 0) + 1
    parts = [f"{n} {plural(kind, n)}" for kind, n in counts.items()]
    return "traits: " + ", ".join(parts)


def _unused_combat(data: Mapping[str, Any]) -> list[str]:
    combat = data.get("combat")
    if not isinstance(combat, Mapping):
        return []
    return [k for k, v in combat.items() if k not in KNOWN_COMBAT and whole(at(v, "total") or v)]
