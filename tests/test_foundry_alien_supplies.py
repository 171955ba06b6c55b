"""Alien RPG air and power as the sheet shows them: what the active items carry.

The system's character sheet sums its active items' ``attributes.airsupply`` and
``attributes.power`` (a suit's tank, a weapon's power cell) into ``consumables.air`` and
``.power`` every time it is drawn, whatever the export stored. The fixture is
``alien-character.json`` (Pvt. Vasquez, stored Air 3, Power 0) with items a GM gives her.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.foundry_helpers import FIXTURES
from tracker.store.foundry.importing import plan

VASQUEZ = FIXTURES / "alien-character.json"


def item(name: str, kind: str, active: Any, **carried: int) -> dict[str, Any]:
    attributes = {key: {"value": value, "label": "Number"} for key, value in carried.items()}
    return {
        "_id": f"{name[:8].replace(' ', '')}00000001"[:16],
        "name": name,
        "type": kind,
        "system": {"header": {"active": active}, "attributes": attributes},
    }


def with_items(tmp_path: Path, *items: dict[str, Any]) -> Path:
    doc: dict[str, Any] = json.loads(VASQUEZ.read_text(encoding="utf-8"))
    doc["items"] += items
    path = tmp_path / "vasquez.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_the_active_items_air_and_power_are_what_the_sheet_shows(tmp_path: Path) -> None:
    """Her compression suit's tank (4) and a smart gun's cell (2) read as her stale Air 3
    and Power 0; the tank on the shelf (inactive) counts for nothing."""
    path = with_items(
        tmp_path,
        item("Compression Suit", "armor", "true", airsupply=4, armorrating=1),
        item("Spare Tank", "item", "false", airsupply=2),
        item("Smart Gun", "weapon", "true", power=2),
    )
    converted = plan([path]).actors[0].converted
    assert converted.block["supplies"] == {"air": 4, "power": 2}
    assert "air 4: the active items' air supply (the export's stored 3 is not shown)" in (
        converted.computed
    )


def test_items_that_carry_nothing_leave_the_exports_numbers(tmp_path: Path) -> None:
    path = with_items(tmp_path, item("Spare Tank", "item", "false", airsupply=2))
    assert plan([path]).actors[0].converted.block["supplies"] == {"air": 3}
