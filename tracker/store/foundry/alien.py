"""Alien RPG actors (Foundry system ``alienrpg``) as ``alien-evolved`` bestiary blocks.

The system's data model (module/data/actor-*.mjs; template.json before it): characters
and synthetics have ``header.health`` {value, max}, ``header.stress``, ``header.npc``,
``attributes`` str / wit / agl / emp {value} and twelve ``skills`` {value} (closeCbt,
rangedCbt, mobility, observation, heavyMach, stamina, survival, comtech, piloting,
command, manipulation, medicalAid), ``general.armor``, ``consumables`` and ``notes``.
Creatures have ``attributes`` speed / armorrating / armorvfire, ``general`` mobility /
observation / acidSplash (their dice) / special / comment, ``rTables`` (attack table) and
``cTables`` (their own critical table). Talents, weapons and armour are embedded items.

What the sheet computes when it opens (``prepareDerivedData``) is computed here the same
way: an attribute is its value plus the modifiers of active items; a skill's dice are the
skill's value plus its attribute plus item modifiers (``close_combat`` = STR + Close
Combat: what ``skill WHO close-combat`` rolls; Stoic and Take Control switch Stamina and
Manipulation to Wits when Wits is the higher); armour is the sum of the active armour
items; Health, when the export holds none, is the Evolved rule's (STR + AGL) / 2, rounded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.store.foundry.alien_health import active_items, data_models, health, modifier
from tracker.store.foundry.alien_sides import side_of
from tracker.store.foundry.alien_traits import (
    HEADED,
    Trait,
    item_traits,
    special_rules,
    table_traits,
)
from tracker.store.foundry.blocks import Converted, Notes, actor_name, effect_report, finish
from tracker.store.foundry.conditions import ALIEN_READ, carried
from tracker.store.foundry.leftovers import ignored_line, item_summary, unused_fields
from tracker.store.foundry.plain import plain_line, plain_lines
from tracker.store.foundry.shapes import ActorExport, at, item_system, whole

KINDS = {"character": "human", "synthetic": "synthetic", "creature": "creature"}
ATTRIBUTES = {"str": "strength", "wit": "wits", "agl": "agility", "emp": "empathy"}
SKILLS = {
    "closeCbt": ("close_combat", "str"),
    "rangedCbt": ("ranged_combat", "agl"),
    "mobility": ("mobility", "agl"),
    "observation": ("observation", "wit"),
    "heavyMach": ("heavy_machinery", "str"),
    "stamina": ("stamina", "str"),
    "survival": ("survival", "wit"),
    "comtech": ("comtech", "wit"),
    "piloting": ("piloting", "agl"),
    "command": ("command", "emp"),
    "manipulation": ("manipulation", "emp"),
    "medicalAid": ("medical_aid", "emp"),
}
"""Foundry skill → the ruleset's skill pool (data.toml ``[skills]``) and its attribute."""
WITS_TALENTS = {"stoic": ("stamina", "str"), "take control": ("manipulation", "emp")}
"""Talents that let a skill roll Wits when Wits is above its own attribute (the system's
sheet checks the talent by name and switches the skill's attribute)."""
CREATURE_DICE = {"mobility": "mobility", "observation": "observation", "acidSplash": "acid_splash"}
PLURALS = {"ability": "abilities", "talent": "talents", "weapon": "weapons", "rule": "rules"}
CAREERS = {
    1: "Colonial Marine",
    2: "Colonial Marshal",
    3: "Company Agent",
    4: "Kid",
    5: "Medic",
    6: "Mercenary",
    7: "Officer",
    8: "Pilot",
    9: "Roughneck",
    10: "Scientist",
    11: "Synthetic",
    12: "Homebrew",
    13: "Wildcatter",
    14: "Entertainer",
}
"""The system's career list (``ALIENRPG.career_list``): ``general.career`` holds its number."""
SUPPLIES = {"air": "air", "power": "power", "ammo": "rounds"}
"""The ruleset's supplies → the sheet's ``consumables`` (its ``rounds``: the ammo supply
the Evolved sheet rolls, "Rounds Supply")."""
ITEM_SUPPLIES = {"air": "airsupply", "power": "power"}
"""The supplies the sheet sums from its active items (their ``attributes.<key>``)."""
PROFILE = (("general.agenda", "Agenda"), ("general.sigItem", "Signature item"))
"""Sheet fields a GM plays an NPC by, kept in the notes under these labels."""
QUIET = (
    "header.npc",
    "header.synthstress",
    "general.xp",
    "general.sp",
    "general.cash",
    "general.panic",
    "general.critInj",
    "general.addpanic",
    "general.stressresponse",
    "general.encumbrance",
)


@dataclass
class Sheet:
    """What is being read from one actor: its stats, and the report's words."""

    actor: ActorExport
    stats: dict[str, int] = field(default_factory=dict)
    supplies: dict[str, int] = field(default_factory=dict)
    traits: list[Trait] = field(default_factory=list)
    notes: Notes = field(default_factory=Notes)
    used: set[str] = field(default_factory=lambda: {"header.health"})
    read: list[str] = field(default_factory=list)
    computed: list[str] = field(default_factory=list)
    now: dict[str, int] = field(default_factory=dict)

    @property
    def data(self) -> Mapping[str, Any]:
        """The actor's system data."""
        return self.actor.data


def alien_block(
    actor: ActorExport, fallback: str, game_masters: frozenset[str] = frozenset()
) -> Converted:
    """The block for an ``alienrpg`` character, synthetic or creature, and its report;
    ``game_masters``: the users the import shows to be the GM's (see ``alien_sides``)."""
    sheet = Sheet(actor)
    if actor.type == "creature":
        _creature(sheet)
    else:
        _person(sheet)
    sheet.traits += item_traits(actor.items, sheet.stats)
    remarks = health(sheet)
    side, why = side_of(actor, game_masters)
    block: dict[str, Any] = {"side": side, "kind": KINDS[actor.type], "stats": sheet.stats}
    block["supplies"] = sheet.supplies
    if sheet.traits:
        block["traits"] = sheet.traits
    name = actor_name(actor, fallback)
    fields = unused_fields(sheet.data, {*sheet.used, *ALIEN_READ}, QUIET)
    items = item_summary(
        actor.items, ("weapon", "armor", "talent", "critical-injury", "item", *HEADED)
    )
    by_effects, said = effect_report(actor)
    marks, on_sheet = carried(actor, "alien-evolved")
    remarks = [*remarks, *said, *on_sheet, _kept(sheet.traits), f"side {side}: {why}"]
    return Converted(
        "alien-evolved",
        finish(actor, name, block, sheet.notes, remarks),
        ignored_line(fields, items),
        [r for r in remarks if r],
        read=list(sheet.read),
        computed=[*by_effects, *sheet.computed],
        now=sheet.now,
        conditions=marks,
    )


def _person(sheet: Sheet) -> None:
    data = sheet.data
    active = active_items(sheet.actor.items)
    scores = _attributes(sheet, active)
    switched = _wits_talents(sheet)
    pools = []
    for key, (stat, attribute) in SKILLS.items():
        attribute = switched.get(key, attribute)
        level = whole(at(data, f"skills.{key}")) or 0
        if attribute in scores:
            bonus = modifier(active, f"skills.{key}")
            sheet.stats[stat] = level + scores[attribute] + bonus
            pools.append(f"{stat} {sheet.stats[stat]}")
    sheet.used.update(("attributes", "skills"))
    if pools:
        sheet.computed.append(
            "skill dice computed as the sheet does (attribute + skill + item modifiers): "
            + ", ".join(pools)
        )
    _read(sheet, "header.stress", "stress")
    _armour(sheet, active)
    _supplies(sheet)
    _profile(sheet)
    sheet.used.add("notes")
    sheet.notes.text(data.get("notes"))


def _wits_talents(sheet: Sheet) -> dict[str, str]:
    """Skills a talent lets roll Wits (``stamina`` → ``wit``): Stoic when Wits is above
    Strength, Take Control when above Empathy, as the sheet compares the attributes."""
    talents = {
        plain_line(i.get("name")).casefold() for i in sheet.actor.items if i.get("type") == "talent"
    }
    wits = whole(at(sheet.data, "attributes.wit")) or 0
    found = {}
    for talent, (skill, attribute) in WITS_TALENTS.items():
        other = whole(at(sheet.data, f"attributes.{attribute}")) or 0
        if talent in talents and wits > other:
            found[skill] = "wit"
            why = f"{talent.title()}: Wits {wits} above {ATTRIBUTES[attribute].capitalize()}"
            sheet.computed.append(f"{SKILLS[skill][0]} rolls Wits ({why} {other})")
    return found


def _profile(sheet: Sheet) -> None:
    """Career, agenda, signature item and gear, as notes lines (``Career: Roughneck``)."""
    career = at(sheet.data, "general.career.value")
    number = whole(career)
    name = CAREERS.get(number, "") if number is not None else plain_line(career)
    if name:
        sheet.notes.line(f"Career: {name}")
    for path, label in PROFILE:
        text = plain_line(at(sheet.data, f"{path}.value"))
        if text:
            sheet.notes.line(f"{label}: {text}")
    gear = [plain_line(i.get("name")) for i in sheet.actor.items if i.get("type") == "item"]
    gear += plain_lines(sheet.data.get("adhocitems")).split("\n")  # one item a paragraph
    if any(gear):
        sheet.notes.line("Gear: " + ", ".join(g for g in gear if g))
    sheet.used.update(("general.career", "general.agenda", "general.sigItem", "adhocitems"))


def _attributes(sheet: Sheet, active: list[Mapping[str, Any]]) -> dict[str, int]:
    scores: dict[str, int] = {}
    for key, stat in ATTRIBUTES.items():
        value = whole(at(sheet.data, f"attributes.{key}"))
        if value:
            bonus = modifier(active, f"attributes.{key}")
            scores[key] = sheet.stats[stat] = value + bonus
            sheet.read.append(stat)
            if bonus:
                sheet.computed.append(f"{stat} {value} {bonus:+d} from active items")
    return scores


def _armour(sheet: Sheet, active: list[Mapping[str, Any]]) -> None:
    sheet.used.add("general.armor")
    worn = [i for i in active if whole(at(item_system(i), "attributes.armorrating"))]
    if worn:
        total = sum(whole(at(item_system(i), "attributes.armorrating")) or 0 for i in worn)
        sheet.stats["armour_rating"] = total
        sheet.computed.append(f"armour_rating {total}: the active armour items")
    elif data_models(sheet.actor):
        _unshown(sheet, "general.armor", "armour_rating")
    else:
        _read(sheet, "general.armor", "armour_rating")


def _unshown(sheet: Sheet, path: str, what: str) -> None:
    """A number the data models' sheet computes from active items, none of which carries
    any: the sheet shows none, whatever the export stored (said when it stored one)."""
    stored = whole(at(sheet.data, path))
    if stored:
        sheet.computed.append(
            f"{what}: no active item carries any, so the sheet shows none (the export's "
            f"stored {stored} is not shown)"
        )


def _creature(sheet: Sheet) -> None:
    data = sheet.data
    _read(sheet, "attributes.speed", "speed")
    _read(sheet, "attributes.armorrating", "armour_rating")
    fire = whole(at(data, "attributes.armorvfire"))
    sheet.used.add("attributes.armorvfire")
    if fire is not None and (fire or "armour_rating" in sheet.stats):
        sheet.stats["armour_vs_fire"] = fire
        sheet.read.append("armour_vs_fire")
    for key, stat in CREATURE_DICE.items():
        _read(sheet, f"general.{key}", stat)
    sheet.traits += special_rules(at(data, "general.special.value"))
    sheet.traits += special_rules(at(data, "general.comment.value"), "Comment")
    sheet.traits += table_traits(data)
    sheet.used.update(("general.special", "general.comment", "rTables", "cTables", "notes"))
    notes = data.get("notes")
    sheet.notes.text(notes.get("notes") if isinstance(notes, Mapping) else notes)


def _read(sheet: Sheet, path: str, stat: str) -> None:
    sheet.used.add(path)
    value = whole(at(sheet.data, path))
    if value:
        sheet.stats[stat] = value
        sheet.read.append(stat)


def _supplies(sheet: Sheet) -> None:
    """Air, power and ammo. The sheet shows as its air and power the sum its active items
    carry (``attributes.airsupply`` / ``attributes.power``: a suit's tank, a weapon's
    cell), whatever its ``consumables`` hold; an actor whose items carry none keeps the
    export's number."""
    for kind, key in SUPPLIES.items():
        stored = whole(at(sheet.data, f"consumables.{key}"))
        sheet.used.add(f"consumables.{key}")
        carried = _carried(sheet.actor.items, ITEM_SUPPLIES.get(kind, ""))
        if carried > 0:
            sheet.supplies[kind] = carried
            stale = f" (the export's stored {stored} is not shown)" if stored != carried else ""
            sheet.computed.append(f"{kind} {carried}: the active items' {kind} supply{stale}")
        elif kind in ITEM_SUPPLIES and data_models(sheet.actor):
            _unshown(sheet, f"consumables.{key}", kind)
        elif stored:
            sheet.supplies[kind] = stored
            sheet.read.append(kind)


def _carried(items: Iterable[Mapping[str, Any]], key: str) -> int:
    """What the active items carry of a supply (any item type, as the sheet sums it)."""
    if not key:
        return 0
    active = [i for i in items if at(item_system(i), "header.active") in (True, "true")]
    return sum(max(whole(at(item_system(i), f"attributes.{key}")) or 0, 0) for i in active)


def _kept(traits: list[Trait]) -> str:
    if not traits:
        return ""
    counts: dict[str, int] = {}
    for one in traits:
        counts[one["kind"]] = counts.get(one["kind"], 0) + 1
    said = ", ".join(
        f"{n} {PLURALS.get(kind, kind) if n > 1 else kind}" for kind, n in counts.items()
    )
    return f"traits kept whole: {said}"
