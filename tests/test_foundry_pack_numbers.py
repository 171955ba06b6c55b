"""One actor of a pack holding a number no sheet holds (``Infinity``, ``1e300``, beyond
±2^53) is one "not imported" line; the pack's other actors come. The whole pack was
refused for it ("pack.json: not a Foundry export (…)"), though a pack's actor of another
system, or one whose block would not load, was already one line. A file of that one
actor named alone is still refused whole, and nothing is written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.foundry_helpers import FIXTURES, run
from tests.test_foundry_packs import nedb, threats


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _orks_with_a_giant() -> list[dict[str, Any]]:
    orks = threats(3)
    orks[1]["system"]["combat"]["wounds"]["max"] = 1e300
    return orks


def test_a_json_pack_keeps_its_other_actors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "orks.json"
    pack.write_text(json.dumps(_orks_with_a_giant()), encoding="utf-8")
    code, out, err = run(capsys, str(pack))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert (
        "not imported: Ork 2 (orks.json #2) — system.combat.wounds.max is 1e+300: numbers "
        "beyond ±9,007,199,254,740,992 cannot be read"
    ) in lines
    assert lines[-1] == "in all: 2 actors; 1 not imported"


def test_infinity_in_a_json_pack_is_that_actors_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(threats(2)).replace('"max": 12', '"max": Infinity', 1)
    pack = tmp_path / "orks.json"
    pack.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, str(pack))
    assert code == 0
    assert "not imported: Ork 1 (orks.json #1) — system.combat.wounds.max is Infinity" in out
    assert "block 'ork-2' (Ork 2)" in out


def test_a_nedb_pack_keeps_its_other_actors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = nedb(tmp_path / "actors.db", _orks_with_a_giant())
    code, out, _ = run(capsys, str(pack))
    assert code == 0
    assert "not imported: Ork 2 (actors.db:2) — system.combat.wounds.max is 1e+300" in out
    assert out.splitlines()[-1] == "in all: 2 actors; 1 not imported"


def test_a_pack_folder_keeps_its_other_actors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "threats"
    folder.mkdir()
    for n, ork in enumerate(_orks_with_a_giant(), 1):
        (folder / f"ork-{n}.json").write_text(json.dumps(ork), encoding="utf-8")
    code, out, _ = run(capsys, str(folder))
    assert code == 0
    assert "not imported: Ork 2 (ork-2.json) — system.combat.wounds.max is 1e+300" in out


def test_that_actor_named_alone_is_still_refused_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    giant = json.loads((FIXTURES / "wrath-threat.json").read_text(encoding="utf-8"))
    giant["system"]["combat"]["wounds"]["max"] = 1e300
    path = tmp_path / "giant.json"
    path.write_text(json.dumps(giant), encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert (code, out) == (1, "")
    assert err == (
        "tracker: giant.json: not a Foundry export (system.combat.wounds.max is 1e+300: "
        "numbers beyond ±9,007,199,254,740,992 cannot be read) — nothing was imported\n"
    )
    assert not (tmp_path / "data").exists()
