"""Foundry round four: what a GM feeds the importer whole — a compendium pack of thousands
of actors, a world's ``actors.db``, a folder export.

The packs are built here from the fixtures' own actors (``wrath-threat.json``, Ork Nob, a
Foundry 12 threat; ``alien-creature.json``), renamed and numbered, in the shapes Foundry
writes them: one JSON array of documents, a NeDB pack (one document a line).
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.foundry_helpers import ENCOUNTERS, FIXTURES, run
from tracker.paths import user_data_dir
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import load
from tracker.store.foundry import importing, shapes
from tracker.store.foundry.importing import plan

THREAT = FIXTURES / "wrath-threat.json"
CREATURE = FIXTURES / "alien-creature.json"


def threats(count: int) -> list[dict[str, Any]]:
    """``count`` copies of Ork Nob, each its own actor (``Ork 1`` …)."""
    doc = json.loads(THREAT.read_text(encoding="utf-8"))
    made = []
    for n in range(1, count + 1):
        copied = copy.deepcopy(doc)
        copied["name"], copied["_id"] = f"Ork {n}", f"orkOrkOrk{n:07d}"
        made.append(copied)
    return made


def nedb(path: Path, docs: list[dict[str, Any]]) -> Path:
    """``docs`` written as a NeDB pack (a world's ``actors.db``): one document a line."""
    path.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return path


@pytest.mark.parametrize("count", [3, 30])
def test_a_pack_loads_each_ruleset_once_and_reads_each_actor_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    """A pack of thousands of actors took 13 s for 3,000 (4 ms an actor): the ruleset was
    loaded afresh for every actor, and every actor read twice. The work is now one ruleset
    load per ruleset and one read per actor, whatever the pack's size."""
    loads: list[str] = []
    reads: list[str] = []
    real_load, real_read = importing.load_ruleset, shapes.actor_export

    def counted_load(ruleset: str) -> Ruleset:
        loads.append(ruleset)
        return real_load(ruleset)

    def counted_read(doc: Any, forced: str = "") -> shapes.ActorExport:
        reads.append(str(doc.get("name")))
        return real_read(doc, forced)

    monkeypatch.setattr(importing, "load_ruleset", counted_load)
    monkeypatch.setattr(importing, "actor_export", counted_read)
    creature = json.loads(CREATURE.read_text(encoding="utf-8"))
    pack = nedb(tmp_path / "actors.db", [*threats(count), creature])
    result = plan([pack])
    assert len(result.actors) == count + 1
    assert sorted(loads) == ["alien-evolved", "wrath-glory"]
    assert len(reads) == count + 1


def test_a_pack_import_ends_saying_how_many_it_took(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "orks.json"
    pack.write_text(json.dumps(threats(1200)), encoding="utf-8")
    code, out, _err = run(capsys, str(pack), str(FIXTURES / "wrath-pack"))
    assert code == 0
    assert out.splitlines()[-1] == "in all: 1,202 actors; 1 skipped, as said above"


def test_one_actor_alone_has_no_closing_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, str(THREAT))
    assert code == 0 and "in all" not in out


def test_an_actor_of_a_pack_that_cannot_be_imported_is_one_line_and_the_rest_come(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A world's ``actors.db`` holds whatever the GM made: a D&D goblin from another
    world, a threat with 1,000,000,000 Wounds typed on its sheet. Each was a refusal of the
    whole pack; now each is its own line and the others are imported."""
    orks = threats(3)
    orks[1]["system"]["combat"]["wounds"]["max"] = 10**9
    goblin = json.loads((FIXTURES / "dnd5e-npc.json").read_text(encoding="utf-8"))
    pack = nedb(tmp_path / "actors.db", [orks[0], orks[1], goblin, orks[2]])
    code, out, err = run(capsys, str(pack))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "not imported: Ork 2 (actors.db:2) — the wrath-glory block would not load: " in out
    assert (
        "not imported: Goblin (actors.db:3) — a 'dnd5e' actor: the tracker imports alienrpg "
        "and wrath-and-glory actors (or pass --ruleset)"
    ) in lines
    assert lines[-1] == "in all: 2 actors; 2 not imported"
    bestiary = tomllib.loads((user_data_dir() / "bestiary" / "wrath-glory.toml").read_text())
    assert [b["name"] for b in bestiary["blocks"]] == ["Ork 1", "Ork 3"]


def test_a_pack_of_which_nothing_can_be_imported_is_refused_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orks = threats(1)
    orks[0]["system"]["combat"]["wounds"]["max"] = 10**9
    goblin = json.loads((FIXTURES / "dnd5e-npc.json").read_text(encoding="utf-8"))
    pack = nedb(tmp_path / "actors.db", [orks[0], goblin])
    before = pack.read_bytes()
    code, out, err = run(capsys, str(pack))
    assert code == 1 and out == ""
    assert err.splitlines()[0].startswith("tracker: not imported: Ork 1 (actors.db:1) — ")
    assert err.splitlines()[-1] == (
        "tracker: no actor or RollTable in what was named: import takes actors and "
        "RollTables (their Export Data, a pack, an Adventure, or a Scene or Combat named "
        "with its actors' files) — nothing was imported"
    )
    assert pack.read_bytes() == before


def test_a_file_of_one_actor_that_cannot_be_imported_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ork = threats(1)[0]
    ork["system"]["combat"]["wounds"]["max"] = 10**9
    path = tmp_path / "ork.json"
    path.write_text(json.dumps(ork), encoding="utf-8")
    code, out, err = run(capsys, str(path), str(THREAT))
    assert code == 1 and out == ""
    assert err.startswith("tracker: ork.json: the wrath-glory block would not load")


def test_two_actors_of_one_name_beside_a_third_named_as_the_second_id_all_keep_their_blocks(
    tmp_path: Path,
) -> None:
    """``Ork Nob``, ``Ork Nob`` and ``Ork Nob 2`` in one pack: the second was given
    ``ork-nob-2``, the id of the third, and the bestiary kept only one of the two."""
    orks = threats(3)
    orks[0]["name"] = orks[1]["name"] = "Ork Nob"
    orks[2]["name"] = "Ork Nob 2"
    for n, ork in enumerate(orks):
        ork["system"]["combat"]["wounds"]["max"] = 10 + n
    pack = tmp_path / "orks.json"
    pack.write_text(json.dumps(orks), encoding="utf-8")
    result = plan([pack])
    blocks = {a.converted.id: a.converted.block for a in result.actors}
    assert {i: (b["name"], b["stats"]["wounds"]) for i, b in blocks.items()} == {
        "ork-nob": ("Ork Nob", 10),
        "ork-nob-3": ("Ork Nob", 11),
        "ork-nob-2": ("Ork Nob 2", 12),
    }
    assert "id ork-nob-3: 'ork-nob' is orks.json #1 (Ork Nob) in this import" in (
        result.actors[1].converted.remarks
    )
    importing.apply(result)
    saved = tomllib.loads((user_data_dir() / "bestiary" / "wrath-glory.toml").read_text())
    assert sorted(b["id"] for b in saved["blocks"]) == ["ork-nob", "ork-nob-2", "ork-nob-3"]


def test_a_long_name_twice_keeps_its_second_id_within_the_limit(tmp_path: Path) -> None:
    orks = threats(2)
    orks[0]["name"] = orks[1]["name"] = "Ork " + "Nob" * 30
    pack = tmp_path / "orks.json"
    pack.write_text(json.dumps(orks), encoding="utf-8")
    ids = [a.converted.id for a in plan([pack]).actors]
    assert len(ids[1]) <= 80 and ids[1].endswith("-2") and ids[1][:-2] == ids[0][:78]


def test_a_file_named_again_inside_its_folder_is_one_actor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tracker import pack/ pack/Carnifex….yml`` (or the same file twice, as a shell
    glob and a name may give) made a second block 'carnifex-2' of the same actor."""
    pack = FIXTURES / "wrath-pack"
    carnifex = pack / "Carnifex_cArNiFeX00000001.yml"
    result = plan([pack, carnifex, Path(str(carnifex))])
    assert sorted(a.converted.id for a in result.actors) == ["carnifex", "necron-warrior"]
    code, out, _err = run(capsys, str(THREAT), str(THREAT))
    assert code == 0 and out.count("block 'ork-nob'") == 1 and "ork-nob-2" not in out


def test_a_world_actors_db_over_20_mb_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A long campaign's ``actors.db`` (thousands of actors, each line rewritten as the GM
    edited it) passes 20 MB: it was refused as "not a Foundry export"."""
    lines = [json.dumps(doc) for doc in threats(2)]
    edit = json.dumps({"_id": "orkOrkOrk0000001", "name": "Ork 1", "pad": "x" * 2**20})
    history = [edit] * 21  # earlier versions of Ork 1, each replaced by the next line
    pack = tmp_path / "actors.db"
    pack.write_text("\n".join([*history, *lines]) + "\n", encoding="utf-8")
    assert pack.stat().st_size > 21 * 2**20
    code, out, err = run(capsys, str(pack))
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "in all: 2 actors"


def test_a_pack_too_big_to_read_says_how_to_import_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "actors.db"
    with pack.open("wb") as file:
        file.truncate(65 * 2**20)  # sparse: 65 MB on paper
    code, _out, err = run(capsys, str(pack))
    assert code == 1 and err.startswith("tracker: actors.db: larger than 64 MB: ")
    assert "fvtt package unpack" in err and err.count("\n") == 1


def test_two_tokens_of_one_name_say_whose_id_the_second_shares_once(tmp_path: Path) -> None:
    """A scene's unlinked tokens keep their actor's name: the second one's remark named
    the first as "scene.json token #1 (Ork Nob) (Ork Nob)"."""
    scene = json.loads((FIXTURES / "wrath-scene-v12.json").read_text(encoding="utf-8"))
    scene["tokens"] = scene["tokens"][:2]
    for token in scene["tokens"]:
        token["name"] = "Ork Nob"
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    second = plan([path, THREAT]).actors[1].converted
    assert "id ork-nob-2: 'ork-nob' is scene.json token #1 (Ork Nob) in this import" in (
        second.remarks
    )


def test_an_actor_of_a_pack_with_no_system_data_or_no_type_is_named_not_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Such actors were "orks.json #2: no Foundry actor or RollTable — skipped", nameless
    among a pack's items and journals."""
    orks = threats(3)
    orks[1]["system"] = None
    orks[2]["type"] = None
    pack = tmp_path / "orks.json"
    pack.write_text(json.dumps(orks), encoding="utf-8")
    code, out, _err = run(capsys, str(pack))
    assert code == 0
    lines = out.splitlines()
    assert (
        "not imported: Ork 2 (orks.json #2) — an actor with no system data: its sheet's "
        "numbers are not here"
    ) in lines
    assert (
        "not imported: Ork 3 (orks.json #3) — an actor with no type (agent, threat, "
        "character …): no sheet to read"
    ) in lines
    assert lines[-1] == "in all: 1 actor; 2 not imported"


def test_a_pack_dumped_to_one_json_list_over_20_mb_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module's pack kept as one JSON array of thousands of actors passes 20 MB as a
    world's ``actors.db`` does; it was refused as more than one export holds."""
    pack = tmp_path / "adversaries.json"
    padding = " " * (21 * 2**20)  # as an indented dump of thousands of actors runs
    pack.write_text("\ufeff\n [" + padding + json.dumps(threats(2))[1:], encoding="utf-8")
    code, out, err = run(capsys, str(pack))
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "in all: 2 actors"


def test_one_document_over_20_mb_is_still_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ork.json"
    path.write_text("{" + " " * (21 * 2**20) + "}", encoding="utf-8")
    code, _out, err = run(capsys, str(path))
    assert code == 1 and err.startswith("tracker: ork.json: larger than 20 MB: more than ")
    assert "as a .db or a JSON list, may be up to 64 MB" in err


def test_a_packs_actors_of_another_ruleset_stay_out_of_the_fight_and_the_rest_join(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A world's ``actors.db`` of a campaign that played both systems, ``--into`` a
    Wrath & Glory fight: the Alien creature refused the whole import."""
    creature = json.loads(CREATURE.read_text(encoding="utf-8"))
    pack = nedb(tmp_path / "actors.db", [*threats(2), creature])
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "wrath-ork-boarding.toml").read_bytes())
    before = len(load(fight).encounter.state.combatants)
    code, out, err = run(capsys, str(pack), "--into", str(fight))
    assert code == 0, err
    joined = [c.name for c in load(fight).encounter.state.combatants.values()][before:]
    assert joined == ["Ork 1", "Ork 2"]
    name = creature["name"]
    assert (
        f"not imported: {name} (actors.db:3) — alien-evolved actors cannot join fight.toml "
        "(its ruleset is wrath-glory)"
    ) in out.splitlines()
