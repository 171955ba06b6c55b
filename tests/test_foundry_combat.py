"""A Foundry Combat (the combat tracker's encounter) imports as the actors that fight in it.

``wrath-combat-v13.json`` (our own, in Foundry 13's shape: ``type`` "base", ``system``,
``groups``) is the fight on Pipe-Gate Ambush (``wrath-scene-v12.json``): Nob Grukk (an
unlinked token of the Ork Nob with 2 Wounds taken), Nob Zagg renamed "Zagg the Loud" and
marked defeated, and Hexcaller Vyrn (a linked, hidden token). The scene's fourth token,
the Grot Lookout, is not in the fight.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.foundry_helpers import ENCOUNTERS, FIXTURES, run
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan

COMBAT = FIXTURES / "wrath-combat-v13.json"
SCENE = FIXTURES / "wrath-scene-v12.json"
ACTORS = (FIXTURES / "wrath-threat.json", FIXTURES / "wrath-psyker-v13.json")


def test_the_combatants_fight_and_nothing_else_of_the_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Combat was refused as "not a Foundry actor or RollTable export"."""
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    named = [str(COMBAT), str(SCENE), *map(str, ACTORS)]
    code, out, err = run(capsys, *named, "--into", str(fight))
    assert code == 0, err
    state = load(fight).encounter.state
    joined = [c.name for c in state.combatants.values()][-2:]
    assert joined == ["Nob Grukk", "Hexcaller Vyrn"]
    assert state.combatant("nob-grukk").tracks["wounds"] == 10  # the token's 2 taken
    lines = out.splitlines()
    assert (
        "wrath-combat-v13.json combatant #2 (Zagg the Loud): defeated in Foundry's combat — skipped"
    ) in lines
    assert "wrath-threat.json: fights in the combat, not on its own — skipped" in lines
    assert "Grot Lookout" not in out and "Nob Zagg" not in out
    assert lines[-1] == "in all: 2 actors; 3 skipped, as said above"


def test_a_combatant_renamed_in_the_tracker_keeps_that_name(tmp_path: Path) -> None:
    combat = json.loads(COMBAT.read_text(encoding="utf-8"))
    combat["combatants"][1]["defeated"] = False
    path = tmp_path / "combat.json"
    path.write_text(json.dumps(combat), encoding="utf-8")
    blocks = {a.converted.name: a.converted.block for a in plan([path, SCENE, *ACTORS]).actors}
    assert list(blocks) == ["Nob Grukk", "Zagg the Loud", "Hexcaller Vyrn"]
    assert blocks["Zagg the Loud"]["stats"]["strength"] == 8  # Nob Zagg's token's change


def test_a_combat_without_its_scene_fights_its_actors_as_they_are() -> None:
    result = plan([COMBAT, *ACTORS])
    assert [a.converted.name for a in result.actors] == ["Ork Nob", "Hexcaller Vyrn"]


def test_a_combat_named_alone_says_what_to_name_with_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(COMBAT))
    assert (code, out) == (1, "")
    assert err == (
        "tracker: wrath-combat-v13.json: a combat of 3 combatants whose actors are not among "
        "the files named — name their files (and its scene) with it — nothing was imported\n"
    )


def test_a_world_combats_db_line_is_a_combat(tmp_path: Path) -> None:
    """A world's ``combats.db`` (Foundry 10 and before: one document a line, no type)."""
    combat = json.loads(COMBAT.read_text(encoding="utf-8"))
    for key in ("type", "system", "groups"):
        combat.pop(key)
    pack = tmp_path / "combats.db"
    pack.write_text(json.dumps(combat) + "\n", encoding="utf-8")
    result = plan([pack, SCENE, *ACTORS])
    assert [a.converted.name for a in result.actors] == ["Nob Grukk", "Hexcaller Vyrn"]
    assert result.actors[0].where == "combats.db:1 combatant #1 (Nob Grukk)"


def test_a_worlds_other_actors_named_with_a_combat_stay_out_of_the_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A world's ``actors.db`` holds every actor of the campaign: named with the world's
    ``combats.db`` ``--into`` a fight, all of them joined it beside the two combatants."""
    actors = [json.loads(path.read_text(encoding="utf-8")) for path in ACTORS]
    bystander = json.loads((FIXTURES / "wrath-agent.json").read_text(encoding="utf-8"))
    world = tmp_path / "actors.db"
    world.write_text("".join(json.dumps(d) + "\n" for d in [bystander, *actors]), "utf-8")
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    before = len(load(fight).encounter.state.combatants)
    code, out, err = run(capsys, str(COMBAT), str(SCENE), str(world), "--into", str(fight))
    assert code == 0, err
    state = load(fight).encounter.state
    joined = [c.name for c in state.combatants.values()][before:]
    assert joined == ["Nob Grukk", "Hexcaller Vyrn"]
    assert "actors.db: 1 other actor, not in the combat — skipped" in out


def test_thousands_of_other_actors_are_counted_as_a_gm_reads_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actors = [json.loads(path.read_text(encoding="utf-8")) for path in ACTORS]
    bystander = json.loads((FIXTURES / "wrath-agent.json").read_text(encoding="utf-8"))
    others = [{**bystander, "_id": f"bYsTaNdEr{n:07d}"} for n in range(1200)]
    world = tmp_path / "actors.db"
    world.write_text("".join(json.dumps(d) + "\n" for d in [*others, *actors]), "utf-8")
    code, out, err = run(capsys, str(COMBAT), str(SCENE), str(world))
    assert code == 0, err
    assert "actors.db: 1,200 other actors, not in the combat — skipped" in out
