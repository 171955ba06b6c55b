"""Wrath & Glory armour as the system counts it (``CombatModel.computeArmour`` and the
armour traits' effects; ``Actor._computeArmour`` on Foundry 10 and 11).

Warden-Captain Oros Tael (``wrath-warden-v12.json``, a threat in the Foundry 12 shape):
S 5, T 5, I 4, Speed 6; equipped: Wardplate 4 (Powered 2, Bulk 1), Bastion Shield 2
(Shield), Hexward Field 3 (Invulnerable, Power Field); not equipped: Parade Plate 5
(Powered 3). His sheet shows Strength 5 + 2 = 7, Speed 6 − 1 = 5, Resilience
5 + 1 + 4 + 2 = 12 and Defence 4 − 1 + 2 = 5.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.foundry_helpers import FIXTURES
from tracker.store.foundry.blocks import Converted
from tracker.store.foundry.importing import plan

WARDEN = FIXTURES / "wrath-warden-v12.json"


def converted(path: Path) -> Converted:
    return plan([path]).actors[0].converted


def stats_of(path: Path) -> dict[str, int]:
    stats: dict[str, int] = converted(path).block["stats"]
    return stats


def as_foundry_10(tmp_path: Path) -> Path:
    """The warden as Foundry 10 wrote him: armour traits a bare list, ratings numbers."""
    actor: dict[str, Any] = json.loads(WARDEN.read_text(encoding="utf-8"))
    for item in actor["items"]:
        traits = item["system"].get("traits")
        if item["type"] == "armour" and isinstance(traits, dict):
            item["system"]["traits"] = [
                {"name": t["name"], "rating": int(t["rating"]) if t["rating"] else ""}
                for t in traits["list"]
            ]
    path = tmp_path / "warden-v10.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    return path


def test_powered_armour_adds_to_strength_and_bulk_slows() -> None:
    stats = stats_of(WARDEN)
    assert (stats["strength"], stats["speed"]) == (7, 5)
    assert (stats["resilience"], stats["defence"]) == (12, 5)


def test_the_report_says_how_strength_and_speed_were_worked() -> None:
    computed = "; ".join(converted(WARDEN).computed)
    assert "Strength 7 = 5 + Powered 2 (Wardplate)" in computed
    assert "Speed 5 = 6 - Bulk 1 (Wardplate)" in computed


def test_armour_left_in_the_pack_gives_no_strength() -> None:
    result = converted(WARDEN)
    assert "Powered 3" not in "; ".join(result.computed)
    assert "Parade Plate (armour 5) is not equipped: not counted" in result.remarks


def test_the_foundry_10_shape_counts_the_same(tmp_path: Path) -> None:
    assert stats_of(as_foundry_10(tmp_path)) == stats_of(WARDEN)


def armour_traits(path: Path) -> dict[str, str]:
    traits = converted(path).block["traits"]
    return {t["name"]: t["text"] for t in traits if t["name"].startswith("Armour: ")}


def test_invulnerable_and_power_field_armour_is_kept_for_the_table() -> None:
    field = armour_traits(WARDEN)["Armour: Hexward Field"]
    assert "Invulnerable: AP never lowers its Resilience" in field
    assert "Power Field: Mortal Wounds it takes count as Wounds" in field


def test_worn_armour_says_what_its_qualities_did() -> None:
    assert armour_traits(WARDEN)["Armour: Wardplate"] == (
        "armour 4; Powered (2): +2 Strength (in its Strength); Bulk (1): -1 Speed (in its Speed)"
    )


def test_armour_with_nothing_more_than_its_rating_is_no_trait() -> None:
    assert set(armour_traits(WARDEN)) == {"Armour: Wardplate", "Armour: Hexward Field"}


def test_foundry_10_invulnerable_was_a_trait(tmp_path: Path) -> None:
    actor: dict[str, Any] = json.loads(as_foundry_10(tmp_path).read_text(encoding="utf-8"))
    field = next(i for i in actor["items"] if i["name"] == "Hexward Field")
    field["system"]["invulnerable"] = False
    field["system"]["traits"].append({"name": "invulnerable", "rating": ""})
    path = tmp_path / "warden-v10-trait.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert armour_traits(path) == armour_traits(WARDEN)
