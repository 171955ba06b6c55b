"""Wrath & Glory: what else a sheet holds that a GM fights with.

- Corporal Vance Harrow (``wrath-veteran-v11.json``, an agent in the Foundry 11 shape):
  species, archetype and faction items (Human, Tempestus Scion, Astra Militarum), a
  traumatic injury (Shattered Jaw), a memorable injury (Burn Scars) and an augmetic
  (Bionic Lung, its effect "Immune to gas weapons").
- Hive Gangers (``wrath-mob-v13.json``, a threat in the Foundry 13 shape): a mob of 6
  (its attacks +3 dice, ``WeaponDialog``), Furious Charge a mob ability needing 4 or more
  (``mob.abilities``), species and faction in its bio, a neutral token (the system's
  default for every actor).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.foundry_helpers import FIXTURES, block_of, run
from tracker.cli import main
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan

VETERAN = FIXTURES / "wrath-veteran-v11.json"
MOB = FIXTURES / "wrath-mob-v13.json"


def traits_of(block: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {trait["name"]: trait for trait in block["traits"]}


def test_injuries_and_augmetics_are_kept_as_traits() -> None:
    traits = traits_of(block_of(VETERAN))
    jaw = traits["Traumatic injury: Shattered Jaw"]
    assert jaw["kind"] == "rule" and "+1 DN to Persuasion Tests" in jaw["text"]
    assert "+1 die to Intimidation" in traits["Memorable injury: Burn Scars"]["text"]
    lung = traits["Augmetic: Bionic Lung"]
    assert lung["kind"] == "ability" and "Immune to gas weapons." in lung["text"]


def test_species_archetype_and_faction_open_the_notes() -> None:
    notes = block_of(VETERAN)["notes"]
    assert notes.startswith(
        "Species: Human · Archetype: Tempestus Scion · Faction: Astra Militarum"
    )


def test_nothing_of_the_agent_is_reported_ignored() -> None:
    converted = plan([VETERAN]).actors[0].converted
    assert "items" not in converted.ignored


def test_a_mob_says_how_many_it_holds() -> None:
    converted = plan([MOB]).actors[0].converted
    notes = converted.block["notes"]
    assert notes.startswith("Species: Human · Faction: Underhive · Size: Average · Mob of 6")
    assert "a mob of 6: one combatant in the tracker (its numbers are one member's)" in (
        converted.remarks
    )


def test_a_mobs_attacks_gain_half_the_mob_in_dice() -> None:
    notes = block_of(MOB)["notes"]
    assert "Mob of 6: its attacks gain +3 dice (half the mob, rounded up)" in notes


def test_a_mob_ability_says_the_size_it_needs() -> None:
    furious = traits_of(block_of(MOB))["Furious Charge"]
    assert furious["text"].startswith("Mob ability: works while the mob is 4 or more.\n")


def test_a_threat_whose_token_is_neutral_is_an_enemy() -> None:
    assert block_of(MOB)["side"] == "enemy"


def test_a_threat_with_a_friendly_token_fights_beside_the_heroes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(MOB.read_text(encoding="utf-8"))
    doc["prototypeToken"]["disposition"] = 1
    friendly = tmp_path / "gangers.json"
    friendly.write_text(json.dumps(doc), encoding="utf-8")
    fight = tmp_path / "fight.toml"
    assert main(["new", str(fight), "--ruleset", "wrath-glory"]) == 0
    code, out, err = run(capsys, str(friendly), "--into", str(fight))
    assert code == 0, err
    assert "side ally: its token is friendly; import with --side to change" in out
    assert load(fight).encounter.state.combatant("hive-gangers").side == "ally"


def saved(tmp_path: Path, doc: dict[str, Any]) -> Path:
    path = tmp_path / "actor.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_number_the_sheet_computes_is_computed_whatever_total_is_stored(
    tmp_path: Path,
) -> None:
    doc = json.loads(MOB.read_text(encoding="utf-8"))
    doc["system"]["combat"]["resilience"]["total"] = 30  # stale: autoCalc is on
    converted = plan([saved(tmp_path, doc)]).actors[0].converted
    assert converted.block["stats"]["resilience"] == 5  # Toughness 4 + 1
    assert (
        "Resilience 5 = Toughness 4 + 1 (the sheet computes it; the export's stored 30 "
        "is not shown)" in converted.computed
    )


def test_a_number_the_gm_set_by_hand_is_read(tmp_path: Path) -> None:
    doc = json.loads(MOB.read_text(encoding="utf-8"))
    doc["system"]["combat"]["resilience"]["total"] = 9
    doc["system"]["settings"]["autoCalc"]["resilience"] = False
    converted = plan([saved(tmp_path, doc)]).actors[0].converted
    assert converted.block["stats"]["resilience"] == 9
    assert "Resilience 9" in converted.read


def test_an_agents_wounds_follow_the_sheet_when_it_computes_them(tmp_path: Path) -> None:
    doc = json.loads(VETERAN.read_text(encoding="utf-8"))
    doc["system"]["combat"]["wounds"]["max"] = 20
    doc["system"]["settings"] = {"autoCalc": {"wounds": True, "shock": False}}
    doc["system"]["combat"]["shock"]["max"] = 9
    stats = plan([saved(tmp_path, doc)]).actors[0].converted.block["stats"]
    assert (stats["wounds"], stats["shock"]) == (7, 9)  # 2 × Tier 2 + Toughness 3; by hand


def test_passive_awareness_is_worked_as_the_sheet_works_it() -> None:
    # Intellect 3 + Awareness 2 = 5, half rounded up: 3 (the sheet's auto-calculation)
    converted = plan([FIXTURES / "wrath-warden-v12.json"]).actors[0].converted
    assert converted.block["stats"]["passive_awareness"] == 3
    assert (
        "Passive Awareness 3 = half of Awareness 5 (Intellect + skill), rounded up"
        in converted.computed
    )


def test_passive_awareness_set_by_hand_is_read(tmp_path: Path) -> None:
    actor = json.loads((FIXTURES / "wrath-warden-v12.json").read_text(encoding="utf-8"))
    actor["system"]["settings"]["autoCalc"]["awareness"] = False
    actor["system"]["combat"]["passiveAwareness"]["total"] = 6
    path = tmp_path / "warden.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert block_of(path)["stats"]["passive_awareness"] == 6
