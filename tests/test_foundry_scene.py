"""A Foundry Scene's tokens fight as actors of their own ("synthetic" actors): a linked
token is its actor, an unlinked one its actor with the token's changes on top.

Pipe-Gate Ambush (``wrath-scene-v12.json``, a Scene's Export Data, Foundry 12): Nob Grukk
and Nob Zagg (unlinked tokens of the Ork Nob, ``wrath-threat.json``: Grukk with 2 Wounds
taken, Zagg with Strength 8 and his Slugga taken away), Hexcaller Vyrn (a linked token,
``wrath-psyker-v13.json``) and a Grot Lookout whose actor is not among the files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.foundry_helpers import ENCOUNTERS, FIXTURES, run
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan

SCENE = FIXTURES / "wrath-scene-v12.json"
ACTORS = (FIXTURES / "wrath-threat.json", FIXTURES / "wrath-psyker-v13.json")


def imported(scene: Path = SCENE) -> dict[str, dict[str, Any]]:
    return {a.converted.name: a.converted.block for a in plan([scene, *ACTORS]).actors}


def test_each_token_is_an_actor_named_as_the_token() -> None:
    assert list(imported()) == ["Nob Grukk", "Nob Zagg", "Hexcaller Vyrn"]


def test_an_unlinked_tokens_changes_lie_over_its_actor() -> None:
    blocks = imported()
    zagg, grukk = blocks["Nob Zagg"], blocks["Nob Grukk"]
    assert (zagg["stats"]["strength"], grukk["stats"]["strength"]) == (8, 6)
    assert [t["name"] for t in zagg["traits"]] == ["Big Choppa", "WAAAGH!"]
    assert "Slugga" in [t["name"] for t in grukk["traits"]]


def test_the_tokens_join_the_fight_hurt_as_they_stood(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    code, out, err = run(capsys, str(SCENE), *map(str, ACTORS), "--into", str(fight))
    assert code == 0, err
    state = load(fight).encounter.state
    assert state.combatant("nob-grukk").tracks["wounds"] == 10
    assert "ork-nob" not in state.combatants  # the actor is played by its tokens
    assert "wrath-scene-v12.json token #4 (Grot Lookout): its actor is not among the files" in out
    assert "wrath-threat.json: played by the scene's tokens, not on its own — skipped" in out


def test_foundry_10_kept_a_tokens_changes_as_actor_data(tmp_path: Path) -> None:
    """The numbers the token changed, as ``actorData`` (no items or effects of its own:
    it keeps the actor's)."""
    scene = json.loads(SCENE.read_text(encoding="utf-8"))
    for token in scene["tokens"]:
        if "delta" in token:
            delta = token.pop("delta") or {}
            token["actorData"] = {k: v for k, v in delta.items() if k not in ("items", "effects")}
    path = tmp_path / "scene-v10.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    now, then = imported(path), imported()
    assert now["Nob Grukk"] == then["Nob Grukk"]
    assert now["Nob Zagg"]["stats"] == then["Nob Zagg"]["stats"]


def test_a_foundry_10_tokens_item_list_is_its_whole_list() -> None:
    """Foundry 10 wrote an unlinked token's whole item list into ``actorData.items`` at
    each change: Nob Drakk's list (``wrath-scene-v10.json``) lacks the Slugga he lost on
    the scene. The importer merged it with the actor's by ``_id``, as Foundry 11's
    ``delta`` is merged, and gave the Slugga back."""
    actors = plan([FIXTURES / "wrath-scene-v10.json", FIXTURES / "wrath-nob-v10.json"]).actors
    blocks = {a.converted.name: a.converted.block for a in actors}
    assert [t["name"] for t in blocks["Nob Drakk"]["traits"]] == ["Big Choppa", "WAAAGH!"]
    assert [t["name"] for t in blocks["Nob Krugg"]["traits"]] == [
        "Big Choppa",
        "Slugga",
        "WAAAGH!",
    ]
    assert actors[0].converted.now == {"wounds": 9}


def test_a_scene_named_without_its_actors_is_said_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(SCENE))
    assert code == 1 and out == ""
    assert err.splitlines() == [  # one line, as every refusal (the fuzz branch's rule)
        "tracker: wrath-scene-v12.json: a scene of 4 tokens whose actors are not among the "
        "files named — name their files with it — nothing was imported",
    ]


def test_a_token_knocked_prone_on_the_scene_joins_prone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scene = json.loads(SCENE.read_text(encoding="utf-8"))
    prone = {"_id": "tOkEnPrOnE000001", "name": "Prone", "statuses": ["prone"], "changes": []}
    scene["tokens"][0]["delta"]["effects"] = [prone]  # Nob Grukk, unlinked
    edited = tmp_path / "scene.json"
    edited.write_text(json.dumps(scene), encoding="utf-8")
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    code, out, err = run(capsys, str(edited), *map(str, ACTORS), "--into", str(fight))
    assert code == 0, err
    state = load(fight).encounter.state
    assert [c.name for c in state.combatant("nob-grukk").conditions] == ["Prone"]
    assert not state.combatant("nob-zagg").conditions  # the other copy of its actor stands


def test_a_worlds_other_actors_named_with_a_scene_stay_out_of_the_fight(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A world's ``actors.db`` named with the scene: every actor of the campaign joined
    the fight beside the tokens."""
    docs = [json.loads(path.read_text(encoding="utf-8")) for path in ACTORS]
    bystander = json.loads((FIXTURES / "wrath-agent.json").read_text(encoding="utf-8"))
    world = tmp_path / "actors.db"
    world.write_text("".join(json.dumps(d) + "\n" for d in [bystander, *docs]), "utf-8")
    code, out, err = run(capsys, str(SCENE), str(world))
    assert code == 0, err
    assert [a.converted.name for a in plan([SCENE, world]).actors] == [
        "Nob Grukk",
        "Nob Zagg",
        "Hexcaller Vyrn",
    ]
    assert "actors.db: 1 other actor, with no token on the scene — skipped" in out


def test_a_module_folder_holding_a_scene_still_imports_all_its_actors(tmp_path: Path) -> None:
    folder = tmp_path / "module"
    folder.mkdir()
    for path in (SCENE, *ACTORS, FIXTURES / "wrath-agent.json"):
        (folder / path.name).write_bytes(path.read_bytes())
    names = [a.converted.name for a in plan([folder]).actors]
    assert "Sister Amelia" in names and "Nob Grukk" in names
