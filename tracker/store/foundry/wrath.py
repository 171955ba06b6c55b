"""Wrath & Glory actors (Foundry system ``wrath-and-glory``) as ``wrath-glory`` blocks.

The system's data model (its DataModel classes; template.json before them, same fields):
``attributes.<name>`` {rating, base, bonus, total}; ``skills.<name>`` {attribute, rating,
base, bonus, total}; ``combat`` defence / resilience / determination / resolve /
conviction {bonus, total}, wounds / shock {value, bonus, max}, ``speed``, ``fly`` (a
flying Speed, 0 when it does not fly), ``size``;
agents also ``advances.tier`` and ``resources.wrath``. Totals are computed when Foundry
opens a sheet, so an export may hold 0 for them: :mod:`.wrath_numbers` computes those
as the system does. Items: :mod:`.wrath_items`.

Mapping: agent → side pc (a Hero), threat → side enemy (ally when its token is
friendly); attributes, skills and the
combat numbers become stats (a skill its own part, so pools read
``agility+ballistic_skill``); Wounds and Shock their ``max`` (a threat's Shock 0 stays
0: it takes no Shock); weapons, abilities, talents, keywords, augmetics and injuries
become traits; species, archetype, faction, size, a threat's level at each Tier, a mob's
count and the actor's notes go into the notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.traits import trait_tables
from tracker.store.foundry.blocks import Converted, Notes, actor_name, effect_report, finish
from tracker.store.foundry.conditions import carried
from tracker.store.foundry.leftovers import (
    ignored_line,
    in_words,
    item_summary,
    plural,
    unused_fields,
)
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import ActorExport, at, whole
from tracker.store.foundry.wrath_armour import Armour, add_powered, take_bulk
from tracker.store.foundry.wrath_items import IDENTITY, USED, Items, read_items, wear_armour
from tracker.store.foundry.wrath_numbers import (
    ATTRIBUTES,
    DERIVED,
    Sheet,
    attributes,
    derived,
    passive_awareness,
    skills,
)
from tracker.store.foundry.wrath_weapons import Wielder

FRIENDLY = 1
"""Foundry's friendly token disposition (0 neutral, -1 hostile, -2 secret)."""
CHANGE = "; import with --side to change"
QUIET = ("advances", "experience", "corruption.current", "bio.threat", "settings")
KNOWN_COMBAT = frozenset(
    {"defence", "resilience", "determination", "resolve", "conviction", "wounds", "shock"}
    | {"speed", "fly", "size", "passiveAwareness"}
)


def wrath_block(actor: ActorExport, fallback: str) -> Converted:
    """The block for a ``wrath-and-glory`` agent or threat."""
    data, remarks = _with_old_settings(actor), list[str]()
    agent = actor.type == "agent"
    worn = wear_armour(actor.items)
    sheet = _numbers(data, worn, agent)
    now = _hurt(data, sheet.stats, remarks)
    rank = (whole(at(data, "advances.rank")) or 0) if agent else None
    items = read_items(actor.items, Wielder(rank, sheet.stats), worn, mob_abilities(data))
    stats = _ordered(sheet.stats)
    if sheet.missing:
        remarks.append(
            f"not in the export as a whole number above 0: {', '.join(sheet.missing)}"
            " (the ruleset's defaults apply)"
        )
    remarks += items.remarks
    by_effects, said = effect_report(actor)
    marks, on_sheet = carried(actor, "wrath-glory")
    remarks += [*said, *on_sheet]
    notes = _notes(data, items, remarks)
    side = "pc" if agent else _threat_side(actor)
    if side == "ally":
        remarks.append(f"side ally: its token is friendly{CHANGE}")
    block: dict[str, Any] = {"side": side, "stats": stats}
    if items.traits:
        block["traits"] = trait_tables(items.traits)
        sheet.read.append(_traits_line(items))
    used = {"attributes", "skills", "combat", "resources.wrath", "notes", "mob"}
    used |= {f"bio.{key}" for key in IDENTITY}
    fields = unused_fields(data, used, QUIET)
    fields += [in_words(data, f"combat.{k}") for k in _unused_combat(data)]
    name = actor_name(actor, fallback)
    return Converted(
        "wrath-glory",
        finish(actor, name, block, notes, remarks),
        ignored_line(fields, item_summary(_spare(actor.items, items.loaded), USED)),
        remarks,
        read=sheet.read,
        computed=[*by_effects, *sheet.computed],
        now=now,
        conditions=marks,
    )


def _with_old_settings(actor: ActorExport) -> Mapping[str, Any]:
    """The actor's system data with its sheet's auto-calculation where the system kept it
    before its DataModels (Foundry 9 and 10: the flags ``wrath-and-glory.autoCalc``, set
    on for every new actor) as the DataModels keep it (``settings.autoCalc``)."""
    data = actor.data
    flagged = at(actor.doc.get("flags"), "wrath-and-glory.autoCalc")
    if not isinstance(flagged, Mapping) or isinstance(at(data, "settings.autoCalc"), Mapping):
        return data
    settings = data.get("settings")
    kept = settings if isinstance(settings, Mapping) else {}
    return {**data, "settings": {**kept, "autoCalc": flagged}}


def _numbers(data: Mapping[str, Any], worn: Armour, agent: bool) -> Sheet:
    """Every number of the sheet, in the order the system computes them (Powered armour
    before the skills, Bulk after Speed)."""
    sheet = Sheet()
    attributes(data, sheet)
    add_powered(worn, sheet)
    skills(data, sheet)
    passive_awareness(data, sheet)
    tier = whole(at(data, "advances.tier")) or 0
    derived(data, sheet, worn.best, worn.shields, agent, tier)
    if worn.names:
        sheet.read.append("armour " + ", ".join(worn.names))
    _speed_and_wrath(data, sheet, agent)
    take_bulk(worn, sheet)
    return sheet


def _notes(data: Mapping[str, Any], items: Items, remarks: list[str]) -> Notes:
    """Who the actor is, its size, its mob, then the sheet's notes."""
    notes = Notes()
    _who(data, items, notes)
    size = plain_line(at(data, "combat.size"))
    if size:
        notes.line(f"Size: {size.capitalize()}")
    threat = _threat(at(data, "bio.threat"))
    if threat:
        notes.line(f"Threat by Tier: {threat}")
    mob = _mob(data)
    if mob:
        notes.line(
            f"Mob of {mob}: its attacks gain +{-(-mob // 2)} dice (half the mob, rounded up)"
        )
        remarks.append(
            f"a mob of {mob}: one combatant in the tracker (its numbers are one member's)"
        )
    notes.text(data.get("notes") if isinstance(data.get("notes"), str) else "")
    return notes


TIERS = ("first", "second", "third", "fourth", "fifth")
"""A threat's ``bio.threat`` keys: its threat level (T, E, A, MC …) at each Tier."""


def _threat(value: Any) -> str:
    """``1 E, 2 E, 3 E, 4 A, 5 A``: the threat level its sheet's header shows at each
    Tier ("" when the sheet keeps none, or only the data model's default T)."""
    if not isinstance(value, Mapping):
        return ""
    levels = [plain_line(value.get(key), 8) for key in TIERS]
    if all(level in ("", "T") for level in levels):  # the data model's default: unsaid
        return ""
    return ", ".join(f"{n} {level}" for n, level in enumerate(levels, 1) if level)


def _hurt(data: Mapping[str, Any], stats: Mapping[str, int], remarks: list[str]) -> dict[str, int]:
    """Wounds and Shock left as the sheet stood (``combat.wounds.value`` counts those
    taken): a copy joining a fight starts there, with none left as the ruleset makes it
    (Exhausted at 0 Shock; at 0 Wounds a Hero unconscious, anyone else out of the fight);
    a track whose value the sheet does not keep joins full. The report says which."""
    now: dict[str, int] = {}
    for track in ("wounds", "shock"):
        taken, top = whole(at(data, f"combat.{track}.value")), stats.get(track, 0)
        if taken is None and top > 0:
            remarks.append(
                f"the sheet keeps no {track.capitalize()} taken (combat.{track}.value): "
                "it joins with them full"
            )
        elif taken is not None and 0 < taken and top > 0:
            now[track] = max(0, top - taken)
    if now:
        shown = ", ".join(f"{k.capitalize()} {v} of {stats[k]}" for k, v in now.items())
        brings = [_AT_ZERO[k] for k, v in now.items() if v == 0]
        so = "so" + (f" ({' and '.join(brings)})" if brings else "")
        remarks.append(
            f"the sheet shows {shown}: it joins a fight (--into) {so}; a bestiary block is unhurt"
        )
    return now


_AT_ZERO = {"wounds": "down at 0 Wounds", "shock": "Exhausted at 0 Shock"}
"""What a track with none left brings, as the report says it."""


def _spare(items: tuple[Mapping[str, Any], ...], loaded: set[str]) -> tuple[Mapping[str, Any], ...]:
    """The items but the ammunition a weapon is loaded with (its trait says so)."""
    return tuple(
        i for i in items if not (i.get("type") == "ammo" and str(i.get("_id") or "") in loaded)
    )


def _who(data: Mapping[str, Any], items: Items, notes: Notes) -> None:
    """``Species: Ork · Archetype: Boy · Faction: Goffs``: the items, else the sheet's bio."""
    for key in IDENTITY:
        name = items.identity.get(key) or plain_line(at(data, f"bio.{key}"))
        if name:
            notes.line(f"{key.capitalize()}: {name}")


def _mob(data: Mapping[str, Any]) -> int:
    """How many the threat's mob holds (``mob.value``; a bare number before 2024), 0 if none."""
    mob = data.get("mob")
    count = whole(mob)  # {value: n} or n
    return count if count and count > 1 else 0


def mob_abilities(data: Mapping[str, Any]) -> dict[str, int]:
    """Item id → the mob size an ability needs to work (``mob.abilities.list``: {uuid, id,
    name, requiredMob}; the system counts it only while ``mob.value`` is that or more)."""
    listed = at(data, "mob.abilities.list")
    needs: dict[str, int] = {}
    for entry in listed if isinstance(listed, list) else []:
        if not isinstance(entry, Mapping):
            continue
        size = whole(entry.get("requiredMob"))
        ref = str(entry.get("id") or "") or str(entry.get("uuid") or "").rpartition(".")[2]
        if ref and size and size > 0:
            needs[ref] = size
    return needs


def _threat_side(actor: ActorExport) -> str:
    """A threat is an enemy, or an ally when the GM made its token friendly (the system
    gives every new actor a neutral token, so only friendly says something)."""
    token = actor.doc.get("prototypeToken", actor.doc.get("token"))
    return "ally" if whole(at(token, "disposition")) == FRIENDLY else "enemy"


def _ordered(stats: dict[str, int]) -> dict[str, int]:
    """Attributes, Wounds and Shock, the combat numbers, Speed, Fly and Wrath, then skills."""
    first = [*ATTRIBUTES, "wounds", "shock", *DERIVED, "passive_awareness", "speed", "fly", "wrath"]
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
