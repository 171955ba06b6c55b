"""A Foundry 11+ module as downloaded keeps its packs as LevelDB folders (``packs/threats/``
with ``CURRENT`` and ``.ldb`` files). Named whole, or its ``packs/`` folder, the import
said "no actor or RollTable in what was named" or "a folder with no .json … file in it":
now each LevelDB pack inside is named with how to unpack it, and a module that also keeps
its unpacked sources (``src/packs/…``) imports those.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES, run

UNPACK = (
    "a LevelDB pack (Foundry 11+), which is binary: unpack it with foundryvtt-cli "
    "('fvtt package unpack') and import the folder it writes"
)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def module(folder: Path) -> Path:
    """A module folder as Foundry 11+ installs it: its manifest and two LevelDB packs."""
    root = folder / "pipe-gate-threats"
    for pack in ("threats", "items"):
        (root / "packs" / pack).mkdir(parents=True)
        (root / "packs" / pack / "CURRENT").write_text("MANIFEST-000002\n", encoding="utf-8")
        (root / "packs" / pack / "000005.ldb").write_bytes(b"\x00\x01\x02leveldb")
    (root / "module.json").write_bytes((FIXTURES / "kinds" / "module.json").read_bytes())
    return root


@pytest.mark.parametrize("named", ["", "packs"])
def test_a_module_of_leveldb_packs_says_to_unpack_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], named: str
) -> None:
    root = module(tmp_path)
    folder = root / named if named else root
    code, out, err = run(capsys, str(folder))
    assert (code, out) == (1, "")
    inside = "" if named else "packs/"
    assert f"tracker: {inside}threats: {UNPACK}" in err.splitlines()
    assert f"tracker: {inside}items: {UNPACK}" in err.splitlines()
    assert "a folder with no" not in err
    assert not (tmp_path / "data").exists()


def test_a_module_keeping_its_sources_imports_them_and_names_its_leveldb_packs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = module(tmp_path)
    (root / "src" / "packs" / "threats").mkdir(parents=True)
    source = root / "src" / "packs" / "threats" / "ork-nob.json"
    source.write_bytes((FIXTURES / "wrath-threat.json").read_bytes())
    code, out, _ = run(capsys, str(root))
    assert code == 0
    assert "block 'ork-nob' (Ork Nob)" in out
    assert f"packs/threats: {UNPACK} — skipped" in out.splitlines()
