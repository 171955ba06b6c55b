"""The notes an Alien RPG actor brings to the table, as structured traits.

Each trait is ``{name, text, kind}`` (``kind``: ability, talent, keyword, weapon or rule), kept
whole — a creature's special rules (Sprint, Vacuum, Cold …), its attack and critical tables,
talents (``talent`` items, their ``general.comment``), the active critical injuries the
sheet carries (``critical-injury`` items: effects, fatal, healing time), agenda and
specialty items (their ``general.comment``) and weapons with
what the sheet shows
of them (bonus, damage, range from the system's range list, armour piercing, full auto,
the weapon's comment, e.g. "Armor piercing").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tracker.core.safe_text import NAME_LIMIT
from tracker.store.foundry.blocks import signed
from tracker.store.foundry.plain import plain_line, plain_lines
from tracker.store.foundry.shapes import at, item_system, whole

Trait = dict[str, str]

RANGES = {1: "Engaged", 2: "Short", 3: "Medium", 4: "Long", 5: "Extreme"}
"""The system's weapon range list (``ALIENRPG.weapon_range_list``): a number on the sheet."""

NO_TABLE = ("", "none", "-")
"""What ``rTables`` / ``cTables`` hold when no table is chosen."""

_HEAD = re.compile(r"\s*([^.:!?]{1,60}?)\s*:\s*(\S.*)")


def trait(name: str, text: str, kind: str) -> Trait:
    """One trait: a name (one line, at most the name limit) and its whole text."""
    return {"name": plain_line(name, NAME_LIMIT) or kind.capitalize(), "text": text, "kind": kind}


def special_rules(html: Any, label: str = "Special") -> list[Trait]:
    """A creature's special rules: each paragraph that opens with ``Name:`` is one ability,
    a paragraph without one belongs to the ability before it (or to ``label``). A trait's
    text is one line (the journal keeps text on one line)."""
    traits: list[Trait] = []
    for line in plain_lines(html).split("\n"):
        head = _HEAD.fullmatch(line)
        if head:
            traits.append(trait(head.group(1), head.group(2), "ability"))
        elif traits:
            traits[-1]["text"] += " " + line
        elif line:
            traits.append(trait(label, line, "ability"))
    return traits


def table_traits(data: Mapping[str, Any]) -> list[Trait]:
    """The creature's attack table (``rTables``) and its own critical table (``cTables``),
    named as Foundry names them: the ruleset has no table per creature, so the GM imports
    the RollTable (``tracker import TABLE.json``) and rolls it with ``roll table NAME``."""
    found = []
    attack = plain_line(data.get("rTables"), NAME_LIMIT)
    if attack.casefold() not in NO_TABLE:
        found.append(trait("Attack table", f"Signature attacks: 'roll table {attack}'.", "rule"))
    critical = plain_line(data.get("cTables"), NAME_LIMIT)
    if critical.casefold() not in NO_TABLE:
        text = (
            f"Critical injuries on this creature: its own table, 'roll table {critical}' "
            "(not the D66 critical injuries); enter the result with 'ail'."
        )
        found.append(trait("Critical table", text, "rule"))
    return found


HEADED = {"agenda": ("Agenda", "rule"), "specialty": ("Specialty", "talent")}
"""Item types kept as traits under a heading (``Agenda: Get the sample out``), and their kind."""


def item_traits(
    items: Iterable[Mapping[str, Any]], pools: Mapping[str, int] | None = None
) -> list[Trait]:
    """Talents, weapons, the critical injuries the sheet carries, agendas and specialties,
    in the export's order."""
    found = []
    for item in items:
        kind, system = item.get("type"), item_system(item)
        if kind == "critical-injury" and at(system, "header.active") in (True, "true"):
            name = f"Critical injury: {plain_line(item.get('name'), NAME_LIMIT)}"
            found.append(trait(name, injury_text(system), "rule"))
        elif kind == "talent":
            words = plain_line(at(system, "general.comment.value")) or plain_line(_notes(system))
            found.append(trait(str(item.get("name", "")), words, "talent"))
        elif kind == "weapon":
            found.append(trait(str(item.get("name", "")), weapon_text(system, pools), "weapon"))
        elif kind in HEADED:
            heading, what = HEADED[str(kind)]
            words = plain_lines(at(system, "general.comment.value"))
            found.append(trait(f"{heading}: {plain_line(item.get('name'))}", words, what))
    return found


WEAPON_SKILLS = {"1": ("ranged", "ranged_combat"), "2": ("melee", "close_combat")}
"""A weapon's ``header.type.value`` → its kind and the skill its attack rolls."""


def weapon_text(system: Mapping[str, Any], pools: Mapping[str, int] | None = None) -> str:
    """``ranged: 7 dice (ranged_combat 6, bonus +1), damage 3, range Long, armour piercing ·
    Armor piercing`` — what the sheet rolls (the skill's dice plus the weapon's bonus) and
    shows, its flags, then its comment and notes."""
    parts = []
    kind = WEAPON_SKILLS.get(str(at(system, "header.type.value") or ""))
    bonus = whole(at(system, "attributes.bonus")) or 0
    skill = kind[1] if kind else ""
    if pools and skill in pools:
        plus = f", bonus {signed(bonus)}" if bonus else ""
        parts.append(f"{pools[skill] + bonus} dice ({skill} {pools[skill]}{plus})")
    elif bonus:
        parts.append(f"bonus {signed(bonus)}")
    damage = whole(at(system, "attributes.damage"))
    if damage:
        parts.append(f"damage {damage}")
    reach = _range(at(system, "attributes.range.value"))
    if reach:
        parts.append(f"range {reach}")
    if at(system, "header.armorpiercing") is True:
        parts.append("armour piercing")
    if at(system, "header.fullauto") is True:
        parts.append("full auto")
    if kind and parts:
        parts[0] = f"{kind[0]}: {parts[0]}"
    words = [", ".join(parts)] if parts else []
    for extra in (at(system, "attributes.comment.value"), _notes(system)):
        text = plain_line(extra)
        if text and text.casefold().replace("armor", "armour") not in parts:
            words.append(text)
    return " · ".join(words)


def injury_text(system: Mapping[str, Any]) -> str:
    """A critical-injury item as the sheet shows it: ``Both legs broken. Fatal, time limit
    One Round. Healing time: 4 days``."""
    parts = [plain_line(at(system, "attributes.effects"))]
    if at(system, "attributes.fatal") in (True, "true"):
        limit = plain_line(at(system, "attributes.timelimit.value"))
        parts.append(f"Fatal, time limit {limit}." if limit not in ("", "0") else "Fatal.")
    healing = plain_line(at(system, "attributes.healingtime.value"))
    if healing:
        parts.append(f"Healing time: {healing}")
    return " ".join(part for part in parts if part)


def _range(value: Any) -> str:
    number = whole(value)
    if number is not None:
        return RANGES.get(number, str(number) if number else "")
    return plain_line(value, NAME_LIMIT)


def _notes(system: Mapping[str, Any]) -> Any:
    """An item's notes: ``notes`` (HTML, or ``{notes}``), a weapon's ``attributes.notes``."""
    notes = system.get("notes") or at(system, "attributes.notes")
    return notes.get("notes") if isinstance(notes, Mapping) else notes
