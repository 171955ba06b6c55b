"""Wrath & Glory numbers as the system's data model computes them at sheet time.

The ``wrath-and-glory`` DataModels (``scripts/model/actor/components/``): an attribute's
``total`` is ``rating + bonus + base``, computed every time whatever is stored; a skill's
own part is ``rating + base + bonus`` (its ``total`` adds the attribute); with the
sheet's auto-calculation on (the default):

- Resilience = max(Toughness + 1 + bonus + armour, 1), armour being the best equipped
  armour's rating plus every equipped shield's;
- Defence = max(Initiative − 1 + bonus, 1), +1 for a Small creature, +2 for a Tiny one;
- Resolve = max(Willpower − 1, 1) + bonus; Conviction = max(Willpower + bonus, 1);
- Determination = max(its attribute (Toughness) + bonus, 1);
- Passive Awareness = max(⌈(Intellect + Awareness) / 2⌉ + bonus, 1);
- an agent's Wounds = 2 × Tier + Toughness + bonus and Shock = Willpower + Tier + bonus;
  a threat's Wounds and Shock are what its sheet says (Shock 0: it takes no Shock).

An export keeps the stored totals, which are 0 until Foundry opens the sheet. A number
the sheet computes itself (``settings.autoCalc``: on unless the GM turned it off) is
computed here whatever total is stored; a number the GM sets by hand (autoCalc off, or
an export from before the setting) is read when above 0, and computed when 0. Each
computed number says how.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.store.foundry.shapes import at, whole

ATTRIBUTES = (
    "strength",
    "toughness",
    "agility",
    "initiative",
    "willpower",
    "intellect",
    "fellowship",
)
DERIVED = ("resilience", "defence", "determination", "resolve", "conviction")
SIZE_DEFENCE = {"small": 1, "tiny": 2}


@dataclass
class Sheet:
    """The numbers of one actor, with what was read and what was computed (and how)."""

    stats: dict[str, int] = field(default_factory=dict)
    read: list[str] = field(default_factory=list)
    computed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def attributes(data: Mapping[str, Any], sheet: Sheet) -> None:
    """The seven attributes as the sheet shows them: ``rating + bonus + base``, which the
    system computes every time (its stored ``total`` is 0, or what it was when last
    saved); an export with only totals is read."""
    summed, stale, agreed = [], [], 0
    for key in ATTRIBUTES:
        entry = at(data, f"attributes.{key}")
        total = whole(at(entry, "total")) if isinstance(entry, Mapping) else whole(entry)
        parts = [at(entry, part) for part in ("rating", "bonus", "base")]
        value = _sum(*parts) if any(whole(p) is not None for p in parts) else total
        if value is None or value <= 0:
            continue
        sheet.stats[key] = value
        if total == value:
            agreed += 1
        elif total and total > 0:
            stale.append(f"{key.capitalize()} {value} (the export's stored {total} is not shown)")
        else:
            summed.append(f"{key.capitalize()} {value}")
    if stale:
        how = "attributes = base + rating + bonus, as the sheet computes them: "
        sheet.computed.append(how + ", ".join(stale + summed))
    elif summed:
        how = "attributes = base + rating + bonus (the export's totals are 0): "
        sheet.computed.append(how + ", ".join(summed))
    if agreed:
        sheet.read.append("attributes (their totals)")


def skills(data: Mapping[str, Any], sheet: Sheet) -> None:
    """Each skill's own part (``rating + base + bonus``), so a pool reads
    ``agility+ballistic_skill``; an export with only totals: total − attribute (a stored
    total beside its parts is not read: the sheet adds the parts to the attribute)."""
    table = data.get("skills")
    found = []
    for key, entry in table.items() if isinstance(table, Mapping) else ():
        parts = [at(entry, part) for part in ("rating", "base", "bonus")]
        value = _sum(*parts) or whole(entry)
        if not value and not any(whole(part) is not None for part in parts):
            total = whole(at(entry, "total")) or 0
            value = total - sheet.stats.get(str(at(entry, "attribute") or ""), total)
        if value and value > 0:
            name = snake(str(key))
            sheet.stats[name] = value
            found.append(f"{name} {value}")
    if found:
        sheet.read.append("skills " + ", ".join(found))


def derived(
    data: Mapping[str, Any], sheet: Sheet, armour: int, shields: int, agent: bool, tier: int
) -> None:
    """Resilience, Defence, Determination, Resolve, Conviction, Wounds and Shock."""
    for key in DERIVED:
        stored = whole(at(data, f"combat.{key}.total")) or whole(at(data, f"combat.{key}"))
        worked = _worked(key, data, sheet.stats, armour, shields)
        if stored and stored > 0 and not (worked is not None and auto_calc(data, key)):
            sheet.stats[key] = stored
            sheet.read.append(f"{key.capitalize()} {stored}")
            continue
        if worked is not None:
            sheet.stats[key], how = worked
            sheet.computed.append(f"{key.capitalize()} {sheet.stats[key]} = {how}{_stale(stored)}")
        elif key in ("defence", "resilience"):
            sheet.missing.append(key)
    for track in ("wounds", "shock"):
        _pool(data, sheet, track, agent, tier)


def _worked(
    key: str, data: Mapping[str, Any], stats: Mapping[str, int], armour: int, shields: int
) -> tuple[int, str] | None:
    """(value, how) for one derived number, or None when its attribute is missing."""
    bonus = whole(at(data, f"combat.{key}.bonus")) or 0
    plus = f" {_signed(bonus)} bonus" if bonus else ""
    if key == "resilience" and "toughness" in stats:
        armour_text = f" + armour {armour + shields}" if armour + shields else ""
        value = stats["toughness"] + 1 + bonus + armour + shields
        return max(value, 1), f"Toughness {stats['toughness']} + 1{plus}{armour_text}"
    if key == "defence" and "initiative" in stats:
        size = SIZE_DEFENCE.get(str(at(data, "combat.size") or "").casefold(), 0)
        shield = f" + shield {shields}" if shields else ""
        value = max(stats["initiative"] - 1 + bonus + shields, 1) + size
        small = f" + {size} ({at(data, 'combat.size')})" if size else ""
        return value, f"Initiative {stats['initiative']} - 1{plus}{shield}{small}"
    if key == "determination":
        attribute = str(at(data, "combat.determination.attribute") or "toughness")
        if attribute in stats:
            value = max(stats[attribute] + bonus, 1)
            return value, f"{attribute.capitalize()} {stats[attribute]}{plus}"
        return None
    if "willpower" not in stats:
        return None
    will = stats["willpower"]
    if key == "resolve":
        return max(will - 1, 1) + bonus, f"Willpower {will} - 1{plus}"
    if key == "conviction":
        return max(will + bonus, 1), f"Willpower {will}{plus}"
    return None


def passive_awareness(data: Mapping[str, Any], sheet: Sheet) -> None:
    """Passive Awareness = max(⌈Awareness total / 2⌉ + bonus, 1), the Awareness total being
    its attribute (Intellect) plus the skill; a number the GM set by hand is read."""
    stored = whole(at(data, "combat.passiveAwareness.total"))
    if stored and stored > 0 and not auto_calc(data, "awareness"):
        sheet.stats["passive_awareness"] = stored
        sheet.read.append(f"Passive Awareness {stored}")
        return
    attribute = str(at(data, "skills.awareness.attribute") or "intellect")
    if attribute not in sheet.stats:
        return
    total = sheet.stats[attribute] + sheet.stats.get("awareness", 0)
    bonus = whole(at(data, "combat.passiveAwareness.bonus")) or 0
    value = max(-(-total // 2) + bonus, 1)
    sheet.stats["passive_awareness"] = value
    plus = f" {_signed(bonus)} bonus" if bonus else ""
    how = f"half of Awareness {total} ({attribute.capitalize()} + skill), rounded up{plus}"
    sheet.computed.append(f"Passive Awareness {value} = {how}{_stale(stored)}")


def _pool(data: Mapping[str, Any], sheet: Sheet, track: str, agent: bool, tier: int) -> None:
    """Wounds or Shock: the sheet's max; an agent's 0 computed; a threat's Shock 0 kept."""
    entry = at(data, f"combat.{track}")
    top = whole(at(entry, "max"))
    bonus = whole(at(entry, "bonus")) or 0
    plus = f" {_signed(bonus)} bonus" if bonus else ""
    if top and top > 0 and not (agent and auto_calc(data, track)):
        sheet.stats[track] = top
        sheet.read.append(f"{track.capitalize()} {top}")
        return
    stats = sheet.stats
    if agent and track == "wounds" and "toughness" in stats:
        value = max(tier * 2 + stats["toughness"] + bonus, 1)
        how = f"2 × Tier {tier} + Toughness {stats['toughness']}{plus}"
    elif agent and track == "shock" and "willpower" in stats:
        value = max(stats["willpower"] + tier + bonus, 1)
        how = f"Willpower {stats['willpower']} + Tier {tier}{plus}"
    elif track == "shock" and isinstance(entry, Mapping) and "max" in entry:
        stats["shock"] = 0
        sheet.read.append("Shock 0 (Shock-immune: takes no Shock)")
        return
    else:
        sheet.missing.append(track)
        return
    stats[track] = value
    sheet.computed.append(f"{track.capitalize()} {value} = {how}{_stale(top)}")


def auto_calc(data: Mapping[str, Any], key: str) -> bool:
    """The sheet computes this number itself (``settings.autoCalc.<key>``, on by default in
    the data model; an export without settings predates it and keeps its totals)."""
    return at(data, f"settings.autoCalc.{key}") is True


def _stale(stored: int | None) -> str:
    """What the report adds when the export held another number the sheet does not show."""
    return f" (the sheet computes it; the export's stored {stored} is not shown)" if stored else ""


def _sum(*values: Any) -> int:
    return sum(whole(v) or 0 for v in values)


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def snake(name: str) -> str:
    """``ballisticSkill`` → ``ballistic_skill``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).casefold()
