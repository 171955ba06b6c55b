"""Wrath & Glory attributes are what the sheet shows: ``rating + bonus + base``.

The system computes an attribute's total every time a sheet is drawn (``AttributeModel
.compute``; ``_computeAttributes`` before the DataModels), whatever total is stored. An
export of Foundry 10 or later carries the stored one — 0, or the total of the day it was
last saved — so a GM who raised Ork Nob's Strength after that sees 8 where the export
says 6. The fixture is ``wrath-threat.json`` (Foundry 12), its ratings edited as a GM
would on the sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.foundry_helpers import FIXTURES
from tracker.store.foundry.importing import plan

THREAT = FIXTURES / "wrath-threat.json"


def edited(tmp_path: Path, **ratings: int) -> Path:
    doc: dict[str, Any] = json.loads(THREAT.read_text(encoding="utf-8"))
    for key, rating in ratings.items():
        doc["system"]["attributes"][key]["rating"] = rating  # its stored total unchanged
    path = tmp_path / "ork-nob.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_stale_stored_total_gives_way_to_the_sheets_sum(tmp_path: Path) -> None:
    converted = plan([edited(tmp_path, strength=7, toughness=6)]).actors[0].converted
    stats = converted.block["stats"]
    assert (stats["strength"], stats["toughness"], stats["agility"]) == (8, 7, 2)
    assert converted.computed[0] == (
        "attributes = base + rating + bonus, as the sheet computes them: Strength 8 (the "
        "export's stored 6 is not shown), Toughness 7 (the export's stored 5 is not shown)"
    )
    assert stats["resilience"] == 9  # read: the export predates the sheet's autoCalc


def test_totals_that_agree_with_the_sheet_are_read_as_they_stand() -> None:
    converted = plan([THREAT]).actors[0].converted
    assert converted.block["stats"]["strength"] == 6
    assert "attributes (their totals)" in converted.read
    assert not any(line.startswith("attributes") for line in converted.computed)
