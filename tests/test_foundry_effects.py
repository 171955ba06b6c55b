"""Active Effects in Foundry exports: the numbers the sheet shows once its effects apply.

Iron Warden (``wrath-effects-v12.json``, our own threat in the Foundry 12 shape):
Toughness base 4, Initiative 3, Willpower 4; equipped Forge-Gate Plate (armour 4) whose
"Plate Servos" effect transfers while equipped (+1 Toughness bonus); its own "Warding
Litany" (+2 Resilience bonus). Sheet: Toughness 5, Resilience 5 + 1 + 2 + 4 = 12,
Defence 3 - 1 = 2. Not counted: "Spent Fury" (disabled, +5), the unequipped Spare
Carapace's bracing (+3), "Oath Aura" (acts on targets), "Surge" (a formula), and the
Prone status effect's -2 Defence (a condition of the moment: the fight puts it on).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES, run
from tracker.cli import main
from tracker.store.encounter_file import load
from tracker.store.foundry.blocks import Converted
from tracker.store.foundry.effects import apply_effects
from tracker.store.foundry.importing import plan

WARDEN = FIXTURES / "wrath-effects-v12.json"
PLATE = "aRmPlAtE00000001"


def converted(path: Path) -> Converted:
    return plan([path]).actors[0].converted


def saved(tmp_path: Path, doc: dict[str, Any], name: str = "actor.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def warden() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(WARDEN.read_text(encoding="utf-8"))
    return doc


def test_the_sheets_numbers_include_the_active_effects() -> None:
    result = converted(WARDEN)
    stats = result.block["stats"]
    assert (stats["toughness"], stats["resilience"], stats["defence"]) == (5, 12, 2)
    assert "Resilience 12 = Toughness 5 + 1 + 2 bonus + armour 4" in result.computed
    said = result.computed[0]
    assert said.startswith("active effects: ")
    assert "Warding Litany: combat.resilience.bonus +2" in said
    assert "Plate Servos: attributes.toughness.bonus +1" in said
    assert "Spent Fury" not in said and "Carapace Bracing" not in said


def test_the_report_names_the_conditions_and_what_was_left_out() -> None:
    remarks = "; ".join(converted(WARDEN).remarks)
    assert (
        "conditions on the sheet: Prone: a copy joining a fight (--into) has them on;"
        " a bestiary block has none"
    ) in remarks
    assert "Oath Aura (target: acts on others)" in remarks
    assert "Surge: attributes.strength.bonus (not a number to apply)" in remarks


def test_a_dr_12_hit_meets_the_wardens_resilience(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "fight.toml"
    assert main(["new", str(fight), "--ruleset", "wrath-glory"]) == 0
    code, _, err = run(capsys, str(WARDEN), "--into", str(fight))
    assert code == 0, err
    assert main(["do", str(fight), "dmg iron 11"]) == 0
    assert "DR 11 = 11 vs Resilience 12; no harm" in capsys.readouterr().out
    assert main(["do", str(fight), "dmg iron 14"]) == 0  # 2 over: 2 Wounds
    assert load(fight).encounter.state.combatant("iron-warden").track("wounds") == 6


def test_unequipping_the_plate_drops_its_effect_and_its_armour(tmp_path: Path) -> None:
    doc = warden()
    for item in doc["items"]:
        if item["_id"] == PLATE:
            item["system"]["equipped"] = False
    stats = converted(saved(tmp_path, doc)).block["stats"]
    assert (stats["toughness"], stats["resilience"]) == (4, 7)  # 4 + 1 + 2


def test_a_foundry_10_copy_on_the_actor_is_not_counted_twice(tmp_path: Path) -> None:
    """Foundry 10 and earlier copied a transferred effect onto the actor (its origin
    names the item) and kept it on the item too, with ``transfer`` and no library data."""
    doc = warden()
    plate = next(item for item in doc["items"] if item["_id"] == PLATE)
    effect = plate["effects"][0]
    effect["system"] = {}
    copied = copy.deepcopy(effect)
    copied["origin"] = f"Actor.{doc['_id']}.Item.{PLATE}"
    doc["effects"].append(copied)
    stats = converted(saved(tmp_path, doc)).block["stats"]
    assert stats["toughness"] == 5


def test_a_stored_total_moves_with_its_bonus(tmp_path: Path) -> None:
    """A Resilience the GM set by hand (autoCalc off): the effect's bonus reaches it too."""
    doc = warden()
    doc["system"]["combat"]["resilience"]["total"] = 9
    doc["system"]["settings"]["autoCalc"]["resilience"] = False
    stats = converted(saved(tmp_path, doc)).block["stats"]
    assert stats["resilience"] == 11


def test_an_alien_effect_raises_strength_and_close_combat(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "alien-character.json").read_text(encoding="utf-8"))
    before = converted(saved(tmp_path, doc, "before.json")).block["stats"]
    change = {"key": "system.attributes.str.value", "mode": 2, "value": "1"}
    doc["effects"] = [
        {"_id": "eFfStImS00000001", "name": "Stims", "changes": [change], "disabled": False},
        {
            "_id": "eFfAiM0000000001",
            "name": "Steady Aim",
            "type": "abilityModifier",
            "changes": [{"key": "system.skills.rangedCbt.value", "mode": 2, "value": "2"}],
        },
    ]
    result = converted(saved(tmp_path, doc, "after.json"))
    after = result.block["stats"]
    assert after["strength"] == before["strength"] + 1
    assert after["close_combat"] == before["close_combat"] + 1
    assert after["ranged_combat"] == before["ranged_combat"]
    assert "effects not applied: Steady Aim (a roll modifier)" in result.remarks


def test_foundry_14_changes_under_system_with_a_type_word(tmp_path: Path) -> None:
    """Foundry 14 moved ``changes`` into the effect's ``system`` and ``mode`` became ``type``
    (the Wrath & Glory system now needs Foundry 14)."""
    doc = warden()
    for effect in [*doc["effects"], *(e for item in doc["items"] for e in item["effects"])]:
        changes = effect.pop("changes")
        for change in changes:
            change["type"] = {1: "multiply", 2: "add", 5: "override"}[change.pop("mode")]
        effect["system"] = {**effect.get("system", {}), "changes": changes}
    stats = converted(saved(tmp_path, doc)).block["stats"]
    assert (stats["toughness"], stats["resilience"], stats["defence"]) == (5, 12, 2)


@given(st.lists(st.integers(-5, 5), max_size=6), st.integers(0, 10))
def test_added_bonuses_sum_in_any_order(bonuses: list[int], start: int) -> None:
    changes = [
        {"key": "system.combat.resilience.bonus", "mode": 2, "value": str(n)} for n in bonuses
    ]
    doc = {"effects": [{"name": f"E{n}", "changes": [c]} for n, c in enumerate(changes)]}
    data = {"combat": {"resilience": {"bonus": start, "total": 0}}}
    forward = apply_effects(doc, data).data["combat"]["resilience"]["bonus"]
    doc["effects"].reverse()
    backward = apply_effects(doc, data).data["combat"]["resilience"]["bonus"]
    assert forward == backward == start + sum(bonuses)
    assert data["combat"]["resilience"]["bonus"] == start  # the export is left as it was


def test_changes_of_one_priority_apply_effect_by_effect_as_foundry_sorts_them(
    tmp_path: Path,
) -> None:
    """Foundry gathers every change effect by effect and sorts them by priority alone (a
    stable sort), so of two overrides at one priority the later effect's wins. The
    importer ordered them by their place inside their own effect: Hold the Gate's Speed 4
    (its second change) came after Gate Rush's Speed 8 (its first) and won."""
    doc = warden()
    hold = {
        "name": "Hold the Gate",
        "changes": [
            {"key": "system.combat.defence.bonus", "mode": 2, "value": "1"},
            {"key": "system.combat.speed", "mode": 5, "value": "4"},
        ],
    }
    rush = {
        "name": "Gate Rush",
        "changes": [{"key": "system.combat.speed", "mode": 5, "value": "8"}],
    }
    doc["effects"] = [hold, rush]
    assert converted(saved(tmp_path, doc)).block["stats"]["speed"] == 8


def test_an_effect_an_item_put_on_its_bearer_leaves_its_other_effects_counted(
    tmp_path: Path,
) -> None:
    """A Foundry 11+ actor carries effects its items applied to it when used (their origin
    names the item). The importer took any such effect for Foundry 10's copy of the item's
    transferred effects and skipped all of them: the Forge-Gate Plate's own Plate Servos
    (+1 Toughness) was lost because its Brace stance (+1 Defence) was on the actor."""
    doc = warden()
    brace = {
        "name": "Brace",
        "origin": f"Actor.{doc['_id']}.Item.{PLATE}",
        "changes": [{"key": "system.combat.defence.bonus", "mode": 2, "value": "1"}],
    }
    doc["effects"].append(brace)
    stats = converted(saved(tmp_path, doc)).block["stats"]
    assert (stats["toughness"], stats["defence"]) == (5, 3)


def test_a_foundry_10_copy_disabled_on_the_actor_is_not_counted_from_the_item(
    tmp_path: Path,
) -> None:
    """The GM switched off the copy on the actor: its item's original does not count."""
    doc = warden()
    plate = next(item for item in doc["items"] if item["_id"] == PLATE)
    copied = copy.deepcopy(plate["effects"][0])
    copied.update(origin=f"Actor.{doc['_id']}.Item.{PLATE}", disabled=True, system={})
    doc["effects"].append(copied)
    assert converted(saved(tmp_path, doc)).block["stats"]["toughness"] == 4
