"""Wrath & Glory weapons with the numbers their wielder's attack dialog gives them
(``WeaponDialog.computeFields``): Rank counted for an agent, none for a threat, the
melee attribute's value beside the weapon's own damage, attack dice.

Warden-Captain Oros Tael (``wrath-warden-v12.json``, a threat): Strength 7 (5 + Powered
2); his Oathbreaker Hammer: melee, damage 7 with Rank, ED 3, AP -2, attack +1, Brutal;
his Stormcaller Carbine (AP 0, Salvo 2, twinned, a combi-weapon with the launcher) with a
Gyro Sight upgrade (attack +1) loaded with Pierce-Shot Rounds (AP -2, adds Rending 1);
his Ember Launcher (damage 0) loaded with a Frag Shell (damage 8, ED 3, Blast 6, thrown
Strength × 3).
Sister Amelia (``wrath-agent-v10.json``, an agent of Rank 1, Strength 3): Chainsword
damage 5 + Rank (the older item shape).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.foundry_helpers import FIXTURES, block_of
from tracker.store.foundry.importing import plan
from tracker.store.foundry.wrath_weapons import Wielder, weapon_text

WARDEN = FIXTURES / "wrath-warden-v12.json"
AMELIA = FIXTURES / "wrath-agent-v10.json"


def weapons(name: str) -> dict[str, str]:
    return weapons_of(FIXTURES / name)


def weapons_of(path: Path) -> dict[str, str]:
    traits = block_of(path)["traits"]
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
    assert weapons("wrath-warden-v12.json")["Hexbound Blade"].endswith(
        "melee: damage 5 + Strength 7, ED 2, AP -3, Mortal Wounds 1d3, Shock 1; Rending (1)"
    )


def test_other_damage_in_the_older_shape() -> None:
    system = {"category": "ranged", "damage": {"base": 9}, "ed": {"base": 1}}
    system["otherDamage"] = {"mortalWounds": "2", "wounds": "", "shock": "0"}
    assert weapon_text(system, Wielder(1)) == "ranged: damage 9, ED 1, Mortal Wounds 2"


def test_upgrades_and_loaded_ammunition_count_in_the_weapon() -> None:
    # Gyro Sight: attack +1; Pierce-Shot Rounds: AP -2 and Rending (1)
    assert weapons("wrath-warden-v12.json")["Stormcaller Carbine"] == (
        "ranged: attack +1 die, damage 10, ED 1, AP -2, Salvo 2, twinned: Salvo counts twice,"
        " range 12/24/36, loaded with Pierce-Shot Rounds, upgrades Gyro Sight, combi-weapon"
        " with Ember Launcher (fires both); Rapid Fire (2), Rending (1)"
    )


def test_a_launcher_deals_its_missiles_damage() -> None:
    assert weapons("wrath-warden-v12.json")["Ember Launcher"] == (
        "launcher: damage 8, ED 3, Salvo 1, range 24/48/72, loaded with Frag Shell; Blast (6)"
    )


def test_a_grenade_reaches_as_far_as_its_thrower_is_strong() -> None:
    assert "range 21 (Strength 7 × 3)" in weapons("wrath-warden-v12.json")["Frag Shell"]


def test_loaded_ammunition_is_not_reported_ignored_but_spare_ammunition_is(
    tmp_path: Path,
) -> None:
    assert plan([WARDEN]).actors[0].converted.ignored == "ignored: nothing"
    actor = json.loads(WARDEN.read_text(encoding="utf-8"))
    carbine = next(i for i in actor["items"] if i["name"] == "Stormcaller Carbine")
    carbine["system"]["ammo"] = {"id": None}
    path = tmp_path / "warden.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert plan([path]).actors[0].converted.ignored == "ignored: items: 1 ammo"


def test_ammunition_in_the_older_shape(tmp_path: Path) -> None:
    actor = json.loads(WARDEN.read_text(encoding="utf-8"))
    for item in actor["items"]:
        system = item["system"]
        if item["name"] == "Stormcaller Carbine":
            damage = system.pop("damage")
            system.update(
                damage={"base": 10, "bonus": 0, "rank": "none"}, ammo=system["ammo"]["id"]
            )
            system.update(ed=damage["ed"], ap=damage["ap"], upgrades=[])
            system["traits"] = system["traits"]["list"]
        elif item["type"] == "ammo":
            item["effects"][0]["changes"][0]["key"] = "system.ap.base"
            system["traits"] = system["traits"]["list"]
    path = tmp_path / "warden-v10.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert weapons_of(path)["Stormcaller Carbine"] == (
        "ranged: damage 10, ED 1, AP -2, Salvo 2, twinned: Salvo counts twice, range 12/24/36,"
        " loaded with Pierce-Shot Rounds, combi-weapon with Ember Launcher (fires both);"
        " Rapid Fire (2), Rending (1)"
    )


def test_a_weapon_left_unequipped_or_unloaded_says_so(tmp_path: Path) -> None:
    # the sheet's combat tab lists equipped weapons only, and greys out one to reload
    assert weapons("wrath-warden-v12.json")["Hexbound Blade"].startswith("not equipped; melee:")
    actor = json.loads(WARDEN.read_text(encoding="utf-8"))
    carbine = next(i for i in actor["items"] if i["name"] == "Stormcaller Carbine")
    carbine["system"]["needsReload"] = True
    path = tmp_path / "warden.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert weapons_of(path)["Stormcaller Carbine"].startswith("needs reloading; ranged:")
    assert weapons_of(path)["Oathbreaker Hammer"].startswith("melee:")


def test_a_twinned_weapon_without_salvo_doubles_its_ed() -> None:
    system = {"category": "melee", "damage": {"base": 5, "ed": {"base": 2}}, "twinned": True}
    assert weapon_text(system, Wielder(None, {"strength": 4})) == (
        "melee: damage 5 + Strength 4, ED 2, twinned: ED twice"
    )


def test_an_older_weapons_attack_rank_adds_the_agents_rank_in_dice() -> None:
    # before system 6 the dialog added attack.rank (getRankNum); the current one reads none
    older = {"category": "ranged", "damage": {"base": 10, "rank": "none"}}
    older["attack"] = {"base": 0, "bonus": 1, "rank": "single"}
    assert weapon_text(older, Wielder(2)) == "ranged: attack +3 dice (+1 + Rank 2), damage 10"
    assert weapon_text(older, Wielder(None)) == "ranged: attack +1 die, damage 10"
    current = {"category": "ranged", "damage": {"base": 10, "ed": {"base": 1}}}
    current["attack"] = {"base": 0, "bonus": 0, "rank": "single"}
    assert weapon_text(current, Wielder(2)) == "ranged: damage 10, ED 1"


def test_a_long_melee_weapon_keeps_its_reach() -> None:
    spear: dict[str, Any] = {"category": "melee", "damage": {"base": 5}}
    spear["range"] = {"melee": 2, "short": 0}
    assert weapon_text(spear, Wielder(None, {"strength": 3})) == (
        "melee: damage 5 + Strength 3, range 2 (melee)"
    )
    spear["range"]["melee"] = 1  # the usual reach says nothing
    assert weapon_text(spear, Wielder(None, {"strength": 3})) == "melee: damage 5 + Strength 3"
