"""Alien RPG dice as the system counts them: Stoic (Stamina with Wits when Wits is above
Strength) and Take Control (Manipulation with Wits when Wits is above Empathy); a weapon
rolls its skill's dice plus its bonus (``header.type`` 1 ranged: Ranged Combat, 2 melee:
Close Combat).

Medtech Oren Hale (``alien-medic-v13.json``, a character in the Foundry 13 shape):
STR 3, WIT 5, AGL 3, EMP 4; Stamina 1, Manipulation 2; both talents. His sheet rolls
Stamina 1 + WIT 5 = 6 and Manipulation 2 + WIT 5 = 7 dice.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.foundry_helpers import FIXTURES, block_of
from tracker.store.foundry.importing import plan

MEDIC = FIXTURES / "alien-medic-v13.json"


def test_stoic_and_take_control_roll_wits() -> None:
    stats = block_of(MEDIC)["stats"]
    assert (stats["stamina"], stats["manipulation"]) == (6, 7)
    assert (stats["close_combat"], stats["command"]) == (3, 4)  # the other skills as before


def test_the_report_says_which_skill_rolls_wits_and_why() -> None:
    computed = plan([MEDIC]).actors[0].converted.computed
    assert "stamina rolls Wits (Stoic: Wits 5 above Strength 3)" in computed
    assert "manipulation rolls Wits (Take Control: Wits 5 above Empathy 4)" in computed


def test_wits_not_above_the_skills_attribute_changes_nothing(tmp_path: Path) -> None:
    actor = json.loads(MEDIC.read_text(encoding="utf-8"))
    actor["system"]["attributes"]["wit"].update(value=3, mod=3)
    path = tmp_path / "medic.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    stats = block_of(path)["stats"]
    assert (stats["stamina"], stats["manipulation"]) == (1 + 3, 2 + 4)


def weapon(path: Path) -> str:
    traits = block_of(path)["traits"]
    return next(t["text"] for t in traits if t["kind"] == "weapon")


def test_a_melee_weapon_rolls_close_combat_and_its_bonus() -> None:
    # Close Combat 0 + STR 3, the Rivet Gun's bonus +1
    assert weapon(MEDIC).startswith("melee: 4 dice (close_combat 3, bonus +1), damage 2,")


def test_a_ranged_weapon_rolls_ranged_combat_and_its_bonus(tmp_path: Path) -> None:
    actor = json.loads(MEDIC.read_text(encoding="utf-8"))
    gun = next(i for i in actor["items"] if i["type"] == "weapon")
    gun["system"]["header"]["type"]["value"] = "1"
    gun["system"]["attributes"]["bonus"]["value"] = -1
    path = tmp_path / "medic.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    assert weapon(path).startswith("ranged: 2 dice (ranged_combat 3, bonus -1), damage 2,")
