"""Every shape Foundry VTT writes an actor in (issue 28): Export Data JSON of v10, v11/12
and v13, foundryvtt-cli pack sources in JSON and YAML, NeDB ``.db`` packs, and a pack's
folder as one ``tracker import DIR``; bad files refused in one line, nothing written.

The fixtures are our own W&G actors written in those shapes (tests/fixtures/foundry/:
``wrath-pack/`` a cli source folder, ``wrath-threats.db`` a NeDB pack,
``wrath-bloodletter-v13.json``, ``wrath-threat.json`` (12.331), ``wrath-agent-v10.json``).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES, run, user_files
from tracker.store.foundry.importing import ImportFailed, plan
from tracker.store.foundry.shapes import NotImportable
from tracker.store.foundry.sources import SIZE_LIMIT, read_sources

PACK = FIXTURES / "wrath-pack"
CARNIFEX = PACK / "Carnifex_cArNiFeX00000001.yml"
NECRON = PACK / "Necron_Warrior_nEcRoNwArRiOr001.json"
REFS = FIXTURES / "wrath-pack-refs"


def stats_of(path: Path) -> dict[str, int]:
    actors = plan([path]).actors
    assert len(actors) == 1
    return dict(actors[0].converted.block["stats"])


# --- one test per shape -----------------------------------------------------------------


def test_export_data_of_foundry_10_agent() -> None:
    # system key, flags.exportSource + _stats of 10.291; totals 0, base 1 + rating;
    # Tier 2: Wounds 2×2 + Toughness 3 = 7, Shock Willpower 4 + 2 = 6
    stats = stats_of(FIXTURES / "wrath-agent-v10.json")
    assert (stats["agility"], stats["ballistic_skill"], stats["toughness"]) == (4, 4, 3)
    assert (stats["wounds"], stats["shock"], stats["resilience"]) == (7, 6, 8)


def test_export_data_of_foundry_12_threat_keeps_its_stored_totals() -> None:
    stats = stats_of(FIXTURES / "wrath-threat.json")
    assert (stats["toughness"], stats["resilience"], stats["shock"]) == (5, 9, 6)


def test_export_data_of_foundry_13_daemon() -> None:
    # _stats.exportSource of 13.345; shock.max null: the sheet shows none
    stats = stats_of(FIXTURES / "wrath-bloodletter-v13.json")
    assert (stats["initiative"], stats["defence"], stats["shock"]) == (5, 4, 0)


def test_cli_json_source_with_keys() -> None:
    stats = stats_of(NECRON)
    # Toughness 5 + 1 + Necrodermis 3
    assert (stats["toughness"], stats["resilience"], stats["wounds"]) == (5, 9, 6)


def test_cli_yaml_source() -> None:
    stats = stats_of(CARNIFEX)
    assert (stats["toughness"], stats["resilience"], stats["shock"]) == (12, 18, 0)


def test_nedb_pack_keeps_each_documents_last_line_and_drops_the_deleted() -> None:
    result = plan([FIXTURES / "wrath-threats.db"])
    found = [(a.where, a.converted.name) for a in result.actors]
    # line 1 (Necron, Wounds 5) is replaced by line 5; the Scarab of line 3 is deleted
    assert found == [("wrath-threats.db:5", "Necron Warrior"), ("wrath-threats.db:2", "Carnifex")]
    assert result.actors[0].converted.block["stats"]["wounds"] == 6


def test_a_pack_folder_is_one_import_and_the_report_names_each_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(PACK))
    assert code == 0, err
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads[0].startswith("Carnifex_cArNiFeX00000001.yml: wrath-glory block 'carnifex'")
    assert heads[1].startswith("Necron_Warrior_nEcRoNwArRiOr001.json: wrath-glory block")
    assert heads[2] == "_Folder.yml: a pack folder (Tyranids), not an actor — skipped"
    assert [p.name for p in user_files()] == ["wrath-glory.toml"]


def test_a_js_yaml_pack_with_shared_objects_nan_and_a_vehicle_imports_its_threat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # foundryvtt-cli writes an object met twice as &ref_0 … *ref_0 and NaN as .nan; a
    # real adversary pack keeps its vehicles among its threats (issue 28, real data)
    code, out, err = run(capsys, str(REFS))
    assert code == 0, err
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads[0].startswith("Grot_Scrapper_gRoTsCrApPeR0001.yml: wrath-glory block")
    assert heads[1] == (
        "not imported: Scrap Kart (Scrap_Kart_sCrApKaRt0000001.yml) — a 'vehicle' actor of "
        "wrath-and-glory, not a combatant"
    )
    (block,) = plan([REFS]).actors
    stats, traits = block.converted.block["stats"], block.converted.block["traits"]
    assert [t["name"] for t in traits] == ["Scrap Blasta", "Spare Scrap Blasta"]
    assert all("Spread (scrap)" in t["text"] for t in traits)  # the alias read as its anchor
    assert stats["weapon_skill"] == 4 and stats["awareness"] == 2
    assert "athletics" not in stats and "ballistic_skill" not in stats  # .nan: no number


def test_a_vehicle_named_on_the_command_line_is_still_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(REFS / "Scrap_Kart_sCrApKaRt0000001.yml"))
    assert code == 1 and out == ""
    assert "a 'vehicle' actor of wrath-and-glory: the tracker imports agent, threat" in err
    assert user_files() == []


def test_a_folder_of_only_pack_folders_imports_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "_Folder.yml").write_bytes((PACK / "_Folder.yml").read_bytes())
    code, out, err = run(capsys, str(tmp_path))
    assert code == 1 and out == ""
    assert "no actor or RollTable in what was named: import takes" in err


def test_a_leveldb_pack_is_refused_with_how_to_unpack_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "threats"
    pack.mkdir()
    (pack / "CURRENT").write_text("MANIFEST-000002\n")
    (pack / "000005.ldb").write_bytes(b"\x00\x01")
    code, _out, err = run(capsys, str(pack))
    assert code == 1 and "a LevelDB pack" in err and "fvtt package unpack" in err


@pytest.mark.parametrize("unreadable", ["threats", "threats/sub"])
def test_a_folder_that_cannot_be_read_is_named_as_the_gm_gave_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    unreadable: str,
) -> None:
    """A folder without read permission (or holding one) was refused naming a file
    inside it (``sub/CURRENT: Permission denied``): now the folder the GM named."""
    pack = tmp_path / "threats"
    (pack / "sub").mkdir(parents=True)
    (pack / "sub" / "CURRENT").write_text("MANIFEST-000002\n")
    locked = tmp_path / unreadable
    real_stat = Path.stat

    def denied(self: Path, *, follow_symlinks: bool = True) -> object:
        if self.parent == locked:  # as stat of a file in a folder without x permission
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, follow_symlinks=follow_symlinks)

    real_iterdir = Path.iterdir

    def unlisted(self: Path) -> object:
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "stat", denied)
    monkeypatch.setattr(Path, "iterdir", unlisted)
    code, out, err = run(capsys, str(pack))
    assert code == 1 and out == ""
    assert err == (
        "tracker: threats: the folder cannot be read: Permission denied — nothing was imported\n"
    )


# --- bad files: one line each, exit 1, nothing written ----------------------------------


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def alias_bomb() -> bytes:
    """Eight levels of ten aliases each: 10^8 values from a few hundred bytes."""
    lines = [b"l0: &l0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for level in range(1, 8):
        refs = b", ".join([b"*l%d" % (level - 1)] * 10)
        lines.append(b"l%d: &l%d [%s]" % (level, level, refs))
    return b"\n".join(lines) + b"\n"


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    carnifex = CARNIFEX.read_text(encoding="utf-8")
    necron = NECRON.read_text(encoding="utf-8")
    return {
        "wrong system": (
            write(tmp_path, "dnd.json", necron.replace("wrath-and-glory", "dnd5e").encode()),
            "a 'dnd5e' actor",
        ),
        "vehicle": (FIXTURES / "wrath-vehicle.json", "a 'vehicle' actor of wrath-and-glory"),
        "truncated JSON": (
            write(tmp_path, "cut.json", necron[: len(necron) // 2].encode()),
            "not a Foundry export (not JSON",
        ),
        "truncated YAML": (
            write(tmp_path, "cut.yml", (carnifex[:300] + '\n  x: "open').encode()),
            "not a Foundry export (not YAML",
        ),
        "10^5 nesting JSON": (
            write(tmp_path, "deep.json", b"[" * 10**5 + b"]" * 10**5),
            "nested too deeply",
        ),
        "10^5 nesting YAML": (
            write(tmp_path, "deep.yml", b"a: " + b"[" * 10**5 + b"]" * 10**5),
            "nested too deeply",
        ),
        "YAML alias bomb": (
            write(tmp_path, "bomb.yml", alias_bomb()),
            "its YAML aliases expand to more than 1,000,000 values",
        ),
        "bad pack line": (
            write(tmp_path, "pack.db", necron.replace("\n", " ").encode() + b"\n{oops\n"),
            "pack.db:2:2: not a Foundry export (not JSON",
        ),
    }


@pytest.mark.parametrize(
    "case",
    [
        "wrong system",
        "vehicle",
        "truncated JSON",
        "truncated YAML",
        "10^5 nesting JSON",
        "10^5 nesting YAML",
        "YAML alias bomb",
        "bad pack line",
    ],
)
def test_a_bad_file_is_refused_in_one_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    path, says = bad_files(tmp_path)[case]
    before = path.read_bytes()
    code, out, err = run(capsys, str(NECRON), str(path))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err
    assert err.startswith(f"tracker: {path.name}")
    assert user_files() == [] and path.read_bytes() == before


def test_a_200_mb_file_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.yml"
    with path.open("wb") as file:
        file.truncate(200 * 2**20)  # sparse: 200 MB on paper, nothing on disk
    code, _out, err = run(capsys, str(path))
    assert code == 1 and f"larger than {SIZE_LIMIT // 2**20} MB" in err
    assert user_files() == []


def test_a_bad_file_in_a_folder_refuses_the_whole_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    for source in PACK.iterdir():
        (folder / source.name).write_bytes(source.read_bytes())
    necron = NECRON.read_bytes()
    (folder / "cut.json").write_bytes(necron[: len(necron) // 2])
    code, _out, err = run(capsys, str(folder))
    assert code == 1 and re.match(
        r"tracker: cut\.json:\d+:\d+: not a Foundry export \(not JSON", err
    )
    assert user_files() == []


def test_a_cli_source_reads_as_the_same_actor_exported(tmp_path: Path) -> None:
    doc = json.loads(NECRON.read_text(encoding="utf-8"))
    doc.pop("_key")
    for item in doc["items"]:
        item.pop("_key")
    exported = tmp_path / "fvtt-Actor-necron-warrior.json"
    exported.write_text(json.dumps(doc), encoding="utf-8")
    assert plan([exported]).actors[0].converted.block == plan([NECRON]).actors[0].converted.block


def test_a_missing_file_is_one_line() -> None:
    with pytest.raises(ImportFailed, match="no-such-file.json: cannot be read"):
        plan([FIXTURES / "no-such-file.json"])


@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b", "c"]), st.integers(0, 9), st.booleans()),
        min_size=1,
        max_size=12,
    )
)
@settings(max_examples=80, deadline=None)
def test_a_nedb_pack_leaves_each_documents_last_version_standing(
    ops: list[tuple[str, int, bool]],
) -> None:
    lines: list[str] = []
    model: dict[str, tuple[int, int, int]] = {}  # id -> (first line, last line, version)
    for number, (key, version, deleted) in enumerate(ops, 1):
        if deleted:
            lines.append(json.dumps({"$$deleted": True, "_id": key}))
            model.pop(key, None)
        else:
            lines.append(json.dumps({"_id": key, "name": key, "v": version}))
            first = model[key][0] if key in model else number
            model[key] = (first, number, version)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pack.db"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        if not model:
            with pytest.raises(NotImportable, match="no document"):
                read_sources(path)
            return
        found = [(s.label, s.doc["_id"], s.doc["v"]) for s in read_sources(path)]
    expected = [
        (f"pack.db:{last}", key, v)
        for key, (_f, last, v) in sorted(model.items(), key=lambda item: item[1][0])
    ]
    assert found == expected
