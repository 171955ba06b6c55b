"""Wrath & Glory weapons with the numbers their wielder's attack dialog gives them
(``WeaponDialog.computeFields``): Rank counted for an agent, none for a threat, the
melee attribute's value beside the weapon's own damage, attack dice.

Warden-Captain Oros Tael (``wrath-warden-v12.json``, a threat): Strength 7 (5 + Powered
2); his Oathbreaker Hammer: melee, damage 7 with Rank, ED 3, AP -2, attack +1, Brutal.
Sister Amelia (``wrath-agent-v10.json``, an agent of Rank 1, Strength 3): Chainsword
damage 5 + Rank (the older item shape).
"""

from __future__ import annotations

from typing import Any

from tests.foundry_helpers import FIXTURES, block_of
from tracker.store.foundry.wrath_weapons import Wielder, weapon_text

WARDEN = FIXTURES / "wrath-warden-v12.json"
AMELIA = FIXTURES / "wrath-agent-v10.json"


def weapons(name: str) -> dict[str, str]:
    traits = block_of(FIXTURES / name)["traits"]
    return {t["name"]: t["text"] for t in traits if t["kind"] == "weapon"}


def blade(**damage: Any) -> dict[str, Any]:
    numbers = {"base": 4, "bonus": 0, "dice": "", "rank": 2, "attribute": "strength"}
    numbers |= {"ed": {"base": 1, "bonus": 0, "rank": 1}, "ap": {"base": -1, "rank": 0}}
    return {"category": "melee", "damage": numbers | damage, "traits": {"list": []}}


def test_an_agents_rank_is_counted_as_the_sheet_counts_it() -> None:
    text = weapon_text(blade(), Wielder(2, {"strength": 4}))
    assert text == "melee: damage 8 (4 + 2 × Rank 2) + Strength 4, ED 3 (1 + Rank 2), AP -1"


def test_an_agent_of_rank_1_in_the_older_shape() -> None:
    assert weapons("wrath-agent-v10.json")["Chainsword"].startswith(
        "melee: damage 6 (5 + Rank 1) + Strength 3, ED 4"
    )


def test_a_threat_has_no_rank_to_add() -> None:
    assert weapons("wrath-warden-v12.json")["Oathbreaker Hammer"] == (
        "melee: attack +1 die, damage 7 + Strength 7, ED 3, AP -2; Brutal"
    )


def test_a_melee_weapon_adds_the_attribute_it_names() -> None:
    wielder = Wielder(0, {"strength": 4, "willpower": 6})
    assert weapon_text(blade(attribute="willpower", rank=0), wielder).startswith(
        "melee: damage 4 + Willpower 6,"
    )
    assert weapon_text(blade(attribute="", rank=0), wielder).startswith("melee: damage 4, ED")


def test_attack_dice_a_weapon_takes_away_are_said() -> None:
    system = {"category": "ranged", "damage": {"base": 10}, "attack": {"base": 0, "bonus": -2}}
    assert weapon_text(system, Wielder(None)) == "ranged: attack -2 dice, damage 10"


def test_mortal_wounds_and_shock_a_weapon_deals_are_kept() -> None:
    assert weapons("wrath-warden-v12.json")["Hexbound Blade"] == (
        "melee: damage 5 + Strength 7, ED 2, AP -3, Mortal Wounds 1d3, Shock 1; Rending (1)"
    )


def test_other_damage_in_the_older_shape() -> None:
    system = {"category": "ranged", "damage": {"base": 9}, "ed": {"base": 1}}
    system["otherDamage"] = {"mortalWounds": "2", "wounds": "", "shock": "0"}
    assert weapon_text(system, Wielder(1)) == "ranged: damage 9, ED 1, Mortal Wounds 2"
