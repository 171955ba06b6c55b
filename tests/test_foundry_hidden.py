"""What Foundry hid from the players stays hidden from them when it joins a fight.

A GM keeps the ambushers' tokens hidden on the scene (TokenDocument ``hidden``) and hides
a combatant in the combat tracker (Combatant ``hidden``) until they spring: with
``--into`` they join the tracker's fight hidden (the players' views and log leave them
out), and ``show`` reveals them. A bestiary block is a template: it is never hidden.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.foundry_helpers import ENCOUNTERS, FIXTURES, run
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import apply, plan

COMBAT = FIXTURES / "wrath-combat-v13.json"
SCENE = FIXTURES / "wrath-scene-v12.json"
ACTORS = (FIXTURES / "wrath-threat.json", FIXTURES / "wrath-psyker-v13.json")


def _fight(folder: Path) -> Path:
    fight = folder / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    return fight


def test_a_combatant_hidden_in_foundrys_combat_joins_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hexcaller Vyrn, hidden in Foundry's combat tracker, joined in sight of the players."""
    fight = _fight(tmp_path)
    code, out, err = run(capsys, str(COMBAT), str(SCENE), *map(str, ACTORS), "--into", str(fight))
    assert code == 0, err
    state = load(fight).encounter.state
    assert state.combatant("hexcaller-vyrn").hidden
    assert not state.combatant("nob-grukk").hidden
    assert (
        "  now: hidden from the players in Foundry's combat tracker: it joins a fight "
        "(--into) hidden from them; a bestiary block is not"
    ) in out.splitlines()


def test_a_token_hidden_on_the_scene_joins_hidden(tmp_path: Path) -> None:
    scene = json.loads(SCENE.read_text(encoding="utf-8"))
    scene["tokens"][0]["hidden"] = True  # Nob Grukk lurks
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    fight = _fight(tmp_path)
    apply(plan([path, *ACTORS]), into=fight)
    state = load(fight).encounter.state
    assert state.combatant("nob-grukk").hidden
    assert not state.combatant("nob-zagg").hidden


def test_a_bestiary_block_of_a_hidden_token_is_not_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = plan([COMBAT, SCENE, *ACTORS])
    vyrn = [a for a in result.actors if a.converted.name == "Hexcaller Vyrn"][0]
    assert vyrn.converted.hidden and "hidden" not in vyrn.converted.block
