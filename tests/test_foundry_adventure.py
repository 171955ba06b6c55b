"""Adventures (Foundry 11+: how modules ship a scenario, actors and RollTables inside
one document) import their actors and tables; the rest is said skipped.

Cold Station (``alien-adventure-v13.json``, a foundryvtt-cli source, ``_key``
``!adventures!…``): a creature (Vent Crawler), an NPC (Foreman Adaeze Kell), a panic
RollTable (Cold Station Panic), an item, a scene and a journal entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES, alien_fight, run
from tracker.paths import user_data_dir
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan

ADVENTURE = FIXTURES / "alien-adventure-v13.json"


def test_an_adventures_actors_join_the_fight_and_its_table_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(ADVENTURE), "--into", str(fight))
    assert code == 0, err
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads[0].startswith("alien-adventure-v13.json actors #1: alien-evolved 'Vent Crawler'")
    assert heads[1].startswith("alien-adventure-v13.json actors #2: alien-evolved 'Foreman")
    assert heads[2].startswith("alien-adventure-v13.json tables #1: roll table 'Cold Station")
    assert heads[3] == (
        "alien-adventure-v13.json: an adventure's 1 item, 1 scene, 1 journal entry, "
        "no actor or RollTable — skipped"
    )
    state = load(fight).encounter.state
    names = {state.combatant(who).name for who in state.combatants}
    assert {"Vent Crawler", "Foreman Adaeze Kell"} <= names
    assert (user_data_dir() / "tables" / "cold-station-panic.toml").is_file()


def test_an_adventures_export_data_reads_as_its_pack_source(tmp_path: Path) -> None:
    doc = json.loads(ADVENTURE.read_text(encoding="utf-8"))
    for part in ("actors", "tables", "items", "scenes", "journal"):
        for inner in doc[part]:
            inner.pop("_key", None)
    doc.pop("_key")
    exported = tmp_path / "fvtt-Adventure-cold-station.json"
    exported.write_text(json.dumps(doc), encoding="utf-8")
    blocks = [a.converted.block for a in plan([exported]).actors]
    assert blocks == [a.converted.block for a in plan([ADVENTURE]).actors]


def test_an_adventure_with_no_actor_or_table_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = json.loads(ADVENTURE.read_text(encoding="utf-8"))
    doc["actors"], doc["tables"] = [], []
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        "tracker: empty.json: an adventure with no actor or RollTable in it — nothing was imported"
    ]
