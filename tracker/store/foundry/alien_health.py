"""Alien RPG Health, as the character sheet shows it, and the Health left on it.

The system's data models (``alienrpg`` 4, Foundry 13) compute a character's or synthetic's
Health every time the sheet is prepared (``prepareDerivedData``), with the Evolved rules
on (the world setting ``evolved``, on by default): (STR + AGL) / 2, rounded half up, each
attribute with its active items' modifiers, plus the active items' Health modifiers and 2
for the Tough talent. The sheet shows that (``calculatedMax``) and never saves it: an
export holds 0 there, or what a 3.x sheet once saved. The 3.x sheets (Foundry 12 and
earlier) saved the maximum they showed into ``header.health.max``, which is read. A
creature's Health is what its sheet says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import ActorExport, at, item_system, whole


class Sheet(Protocol):
    """What Health is read from and written to: the actor being read (``alien.Sheet``)."""

    actor: ActorExport
    stats: dict[str, int]
    read: list[str]
    computed: list[str]
    now: dict[str, int]

    @property
    def data(self) -> Mapping[str, Any]:
        """The actor's system data."""


MODIFIED_BY = ("item", "critical-injury", "armor")
"""Item types whose ``modifiers`` count while active (as the system's sheet counts them)."""
TOUGH = 2
"""Health the Tough talent adds (the system's sheet adds it to the Health modifier)."""
DATA_MODELS = 4
"""The first ``alienrpg`` major version whose sheet computes Health every time."""


def active_items(items: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Items whose modifiers and armour count: ``header.active`` true (the system writes the
    text ``"true"``)."""
    return [
        i
        for i in items
        if i.get("type") in MODIFIED_BY and at(item_system(i), "header.active") in (True, "true")
    ]


def modifier(items: Iterable[Mapping[str, Any]], path: str) -> int:
    """The sum of the items' ``modifiers.<path>``."""
    return sum(whole(at(item_system(i), f"modifiers.{path}")) or 0 for i in items)


def health(sheet: Sheet) -> list[str]:
    """Health: computed as the sheet computes it (a character or synthetic of the data
    models), else the sheet's maximum (else its value), else computed; the remarks."""
    computed = _evolved(sheet)
    if computed is not None and sheet.actor.type != "creature" and data_models(sheet.actor):
        value, how = computed
        stored = whole(at(sheet.data, "header.health.max"))
        stale = f" (the sheet computes it; the export's stored {stored} is not shown)"
        sheet.stats = {"health": value, **sheet.stats}
        sheet.computed.insert(
            0, f"Health {value} = {how}{stale if stored and stored != value else ''}"
        )
        if not stored and not whole(at(sheet.data, "header.health.value")):
            return [
                f"the sheet's Health left is 0 and it saved no maximum (a sheet never "
                f"filled in): it joins with {value}"
            ]
        return hurt(sheet, value)
    for path in ("header.health.max", "header.health.value"):
        found = whole(at(sheet.data, path))
        if found and found > 0:
            sheet.stats = {"health": found, **sheet.stats}
            sheet.read.insert(0, "health")
            return hurt(sheet, found) if path.endswith("max") else []
    if computed is not None:
        sheet.stats = {"health": computed[0], **sheet.stats}
        return [f"health {computed[0]} computed: {computed[1]}"]
    return ["no Health in the export: the ruleset's default applies"]


def _evolved(sheet: Sheet) -> tuple[int, str] | None:
    """(Health, how) by the Evolved rule, or None without STR and AGL."""
    strength, agility = sheet.stats.get("strength"), sheet.stats.get("agility")
    if not (strength and agility):
        return None
    bonus = modifier(active_items(sheet.actor.items), "attributes.health")
    tough = TOUGH * sum(1 for i in sheet.actor.items if _is_tough(i))
    value = (strength + agility + 1) // 2 + bonus + tough
    how = f"(STR {strength} + AGL {agility}) / 2, rounded up"
    how += f" {bonus:+d} from active items" if bonus else ""
    return value, how + (f" + {tough} (the Tough talent)" if tough else "")


def data_models(actor: ActorExport) -> bool:
    """The export was made by the system's data models (``alienrpg`` 4 or later), whose
    sheet computes Health, armour and supplies each time and never saves them."""
    doc = actor.doc
    for path in ("_stats.systemVersion", "_stats.exportSource.systemVersion"):
        version = at(doc, path)
        if isinstance(version, str) and version.split(".")[0].isdecimal():
            return int(version.split(".")[0]) >= DATA_MODELS
    return False


def hurt(sheet: Sheet, top: int) -> list[str]:
    """Health below its maximum as the sheet stood (``header.health.value``, what is
    left): a copy joining a fight starts there, at 0 Broken as 0 Health makes one (the
    critical injury then rolled is on the sheet, not rolled again); with no value kept,
    it joins with full Health. The report says which."""
    stored = whole(at(sheet.data, "header.health.value"))
    if stored is None:
        return [f"the sheet keeps no Health left (header.health.value): it joins with {top}"]
    left = max(stored, 0)  # below 0 is 0: the system sets Health at or below 0 to 0
    if left >= top:
        return []
    sheet.now["health"] = left
    shown = "it joins a fight (--into) so"
    if not left:
        shown += " — Broken, as 0 Health makes one (a critical is not rolled again)"
    below = f" (its Health {stored} is below 0)" if stored < 0 else ""
    return [f"the sheet shows Health {left} of {top}{below}: {shown}; a bestiary block is unhurt"]


def _is_tough(item: Mapping[str, Any]) -> bool:
    name = plain_line(item.get("name")).casefold()
    return item.get("type") == "talent" and name == "tough"
