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


AUTO_CALC = "defence resilience shock awareness resolve determination wounds conviction".split()


def old_agent(tmp_path: Path, flagged: bool) -> Path:
    """Sister Ardent exported from Foundry 0.8 (``data``), her Toughness raised by 2 on
    the sheet since her derived totals were last saved; ``flagged``: the system's
    ``_preCreate`` of that time turned the sheet's auto-calculation on in her flags."""
    doc: dict[str, Any] = json.loads((FIXTURES / "wrath-agent-old.json").read_text("utf-8"))
    doc["data"]["attributes"]["toughness"]["rating"] += 2
    if flagged:
        doc["flags"]["wrath-and-glory"] = {"autoCalc": {key: True for key in AUTO_CALC}}
    path = tmp_path / "sister.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_old_export_computes_what_its_flags_say_the_sheet_computes(tmp_path: Path) -> None:
    """Before its DataModels the system kept the auto-calculation in the actor's flags
    (``flags.wrath-and-glory.autoCalc``), on for every actor it made; the importer read
    only ``system.settings.autoCalc`` and so took her stale Resilience 8 and Wounds 8."""
    stale = plan([old_agent(tmp_path, flagged=False)]).actors[0].converted.block["stats"]
    stats = plan([old_agent(tmp_path, flagged=True)]).actors[0].converted.block["stats"]
    assert (stale["toughness"], stale["resilience"], stale["wounds"]) == (6, 8, 8)
    # Toughness 6 + 1 (she wears no armour); 2 × Tier 2 + Toughness 6; Toughness 6
    assert (stats["resilience"], stats["wounds"], stats["determination"]) == (7, 10, 6)


def test_a_skill_the_gm_took_back_to_0_is_not_read_from_its_stale_total(tmp_path: Path) -> None:
    """The sheet's skill total is the attribute plus ``rating + base + bonus``: Ork Nob's
    Intimidation rating taken back to 0 leaves a stored total of 6 beside Willpower 3,
    which read as Intimidation 3."""
    doc: dict[str, Any] = json.loads(THREAT.read_text(encoding="utf-8"))
    doc["system"]["skills"]["intimidation"]["rating"] = 0
    path = tmp_path / "ork-nob.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    stats = plan([path]).actors[0].converted.block["stats"]
    assert "intimidation" not in stats and stats["weapon_skill"] == 4
