"""An actor exported hurt joins a fight hurt: the tracks its sheet showed below their
maximum (Wrath & Glory counts Wounds and Shock taken up, Alien RPG Health left down) are
set as one command with its joining; a bestiary block stays unhurt, and the report says.

Warden-Captain Oros Tael (``wrath-warden-v12.json``): Wounds 12, Shock 8. Medtech Oren
Hale (``alien-medic-v13.json``): Health 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundry_helpers import ENCOUNTERS, FIXTURES, alien_fight, hurt, run
from tracker.cli import main
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan


def tracks_of(fight: Path, who: str) -> dict[str, int]:
    return dict(load(fight).encounter.state.combatant(who).tracks)


def test_a_threat_exported_hurt_joins_the_fight_hurt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    warden = hurt(
        tmp_path, "wrath-warden-v12.json", {"combat.wounds.value": 3, "combat.shock.value": 2}
    )
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    code, out, err = run(capsys, str(warden), "--into", str(fight))
    assert code == 0, err
    assert "Warden-Captain Oros Tael: Wounds 12 → 9, as on its sheet" in out
    assert "Warden-Captain Oros Tael: Shock 8 → 6, as on its sheet" in out
    assert "the sheet shows Wounds 9 of 12, Shock 6 of 8: it joins a fight (--into) so" in out
    tracks = tracks_of(fight, "warden-captain-oros-tael")
    assert (tracks["wounds"], tracks["shock"]) == (9, 6)
    assert main(["do", str(fight), "undo"]) == 0  # one command: the joining and the harm
    assert "warden-captain-oros-tael" not in load(fight).encounter.state.combatants


def test_an_alien_npc_exported_hurt_joins_with_the_health_it_had(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    medic = hurt(tmp_path, "alien-medic-v13.json", {"header.health.value": 2})
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(medic), "--into", str(fight))
    assert code == 0, err
    assert "the sheet shows Health 2 of 3: it joins a fight (--into) so" in out
    assert tracks_of(fight, "medtech-oren-hale")["health"] == 2


def test_a_bestiary_block_stays_unhurt_and_the_report_says_so(tmp_path: Path) -> None:
    warden = hurt(tmp_path, "wrath-warden-v12.json", {"combat.wounds.value": 12})
    converted = plan([warden]).actors[0].converted
    assert converted.block["stats"]["wounds"] == 12
    assert converted.now == {"wounds": 0}  # none left: it joins a fight down
    assert (
        "the sheet shows Wounds 0 of 12: it joins a fight (--into) so (down at 0 Wounds); "
        "a bestiary block is unhurt"
    ) in converted.remarks


def test_an_unhurt_sheet_says_nothing_of_harm() -> None:
    converted = plan([FIXTURES / "wrath-warden-v12.json"]).actors[0].converted
    assert converted.now == {}
    assert not any("sheet shows" in remark for remark in converted.remarks)
