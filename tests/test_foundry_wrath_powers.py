"""Wrath & Glory psychic powers and abilities: the numbers their sheets show are kept.

Hexcaller Vyrn (``wrath-psyker-v13.json``, a threat in the Foundry 13 shape): Ember Lance
(DN 5, Action, Instant, 20 m, damage 10 ED 1 and 1d3 Mortal Wounds, Brutal, two
potencies), Veil of Ash (DN 4, Simple Action, no damage: its switch is off), Cinder Lash
(an Action ability: Athletics test DN 3, damage 8 ED 1 AP -1), Ashen Ward (a talent whose
effect runs a script as the sheet is prepared, and another only in an attack's dialog).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.foundry_helpers import FIXTURES, block_of
from tracker.store.foundry.importing import plan

PSYKER = FIXTURES / "wrath-psyker-v13.json"


def traits(path: Path) -> dict[str, str]:
    return {t["name"]: t.get("text", "") for t in block_of(path)["traits"]}


def test_a_power_keeps_its_dn_reach_and_what_it_deals() -> None:
    lines = traits(PSYKER)["Ember Lance"].splitlines()
    assert lines[0] == (
        "DN 5, Action, Duration Instant, Range 20 m; damage 10, ED 1, Mortal Wounds 1d3; Brutal"
    )
    assert lines[1] == "Potency: +1 ED (cost 1); Range 40 (cost 2)"
    assert lines[2] == "A spear of cinders leaps from the caller's hand."


def test_a_power_whose_damage_is_switched_off_deals_none() -> None:
    assert traits(PSYKER)["Veil of Ash"].splitlines()[0] == (
        "DN 4, Simple Action, Duration 1 Round, Range Self"
    )


def test_an_ability_keeps_its_test_and_damage() -> None:
    assert traits(PSYKER)["Cinder Lash"].splitlines()[:2] == [
        "Action.",
        "Athletics test DN 3; damage 8, ED 1, AP -1",
    ]


def test_a_power_in_the_older_shape(tmp_path: Path) -> None:
    actor: dict[str, Any] = json.loads(PSYKER.read_text(encoding="utf-8"))
    power = actor["items"][0]["system"]
    power["damage"] = {"base": 10, "bonus": 0, "rank": "none"}
    power["ed"] = {"base": 1, "bonus": 0, "rank": "none"}
    power["otherDamage"] = {"mortalWounds": "1d3", "wounds": "", "shock": ""}
    power["traits"] = [{"name": "brutal", "rating": ""}]
    power["potency"] = power["potency"]["list"]
    path = tmp_path / "psyker-v10.json"
    path.write_text(json.dumps(actor), encoding="utf-8")
    old = traits(path)["Ember Lance"]
    assert old.startswith("DN 5, Action, Duration Instant, Range 20 m; damage 10, ED 1, Mortal")
    assert old == traits(PSYKER)["Ember Lance"]


def test_an_effect_whose_script_changes_the_sheet_is_named_not_run() -> None:
    # Ashen Ward's effect runs at prepareDerivedData (+1 Defence on the sheet); Cinder Aim's
    # only in an attack's dialog: that one is the talent's text's business
    remarks = plan([PSYKER]).actors[0].converted.remarks
    said = "effects not applied: Ashen Ward (a script that changes the sheet, "
    assert said + "prepareDerivedData: not run)" in remarks
    assert "Cinder Aim" not in " ".join(remarks)
