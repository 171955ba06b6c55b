"""``tracker paths`` says where the GM's files live, and the folders follow platformdirs:
an absolute ``XDG_*`` value is used, a relative or blank one ignored (the XDG spec), so
nothing lands in whatever folder the GM happened to run the tracker from."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tracker.cli import main
from tracker.store.bestiary import user_bestiary_file
from tracker.store.settings import settings_path
from tracker.store.tables import tables_dir
from tracker.ui.export_screen import recaps_dir
from tracker.ui.keymap import keymap_path
from tracker.ui.themes import user_themes_dir

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


def paths(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    capsys.readouterr()
    assert main(["paths", "--json"]) == 0
    shown: dict[str, str] = json.loads(capsys.readouterr().out)
    return shown


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of its own, no XDG variable set, run from a folder of its own."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    return folder


def test_paths_names_every_place_the_tracker_keeps_files(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    shown = paths(capsys)
    schema = json.loads((ROOT / "docs" / "schemas" / "paths.schema.json").read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(shown)) == []
    assert shown["settings"] == str(settings_path()) == str(home / ".config/tracker/settings.toml")
    assert shown["keymap"] == str(keymap_path())
    assert shown["themes"] == str(user_themes_dir())
    assert shown["bestiary"] == str(user_bestiary_file("basic").parent)
    assert shown["tables"] == str(tables_dir())
    assert shown["recaps"] == str(recaps_dir())
    assert shown["encounters"] == str(home / ".local/share/tracker/encounters")
    assert shown["cache"] == str(home / ".cache/tracker")
    assert main(["paths"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(shown)


def test_the_encounters_folder_is_the_one_the_settings_name(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('encounters = "~/games"  # the NAS\n', encoding="utf-8")
    assert paths(capsys)["encounters"] == str(home / "games")


def test_a_broken_settings_file_is_one_line_and_the_default_folder(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text("encounters = [broken\n", encoding="utf-8")
    assert main(["paths", "--json"]) == 0
    said = capsys.readouterr()
    assert json.loads(said.out)["encounters"] == str(home / ".local/share/tracker/encounters")
    assert said.err.startswith("tracker: ") and "settings.toml" in said.err
    assert said.err.count("\n") == 1


@pytest.mark.parametrize("value", ["relative/path", "", "./x", "~/not-expanded"])
def test_a_relative_or_blank_xdg_value_is_ignored(
    capsys: pytest.CaptureFixture[str],
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    value: str,
) -> None:
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"):
        monkeypatch.setenv(name, value)
    shown = paths(capsys)
    assert shown["data"] == str(home / ".local/share/tracker")
    assert shown["config"] == str(home / ".config/tracker")
    assert shown["cache"] == str(home / ".cache/tracker")
    assert shown["lock-notes"] == str(home / ".cache/tracker/run")
    fight = Path("ford.toml")
    shutil.copyfile(SAMPLE, fight)
    assert main(["do", str(fight), "save-template", "bandit-1", "as", "mine"]) == 0
    assert (home / ".local/share/tracker/bestiary/basic.toml").is_file()
    assert sorted(p.name for p in Path.cwd().iterdir()) == ["ford.toml"]  # nothing else here


def test_an_absolute_xdg_value_is_used(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "k"))
    shown = paths(capsys)
    assert (shown["data"], shown["settings"], shown["cache"]) == (
        str(tmp_path / "d" / "tracker"),
        str(tmp_path / "c" / "tracker" / "settings.toml"),
        str(tmp_path / "k" / "tracker"),
    )
