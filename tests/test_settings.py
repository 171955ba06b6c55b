"""The GM's settings file: defaults, a round trip, damage tolerated in one line, atomic
writes that keep keys a newer tracker wrote, and the theme and last file remembered."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tracker.paths import user_data_dir
from tracker.store.settings import Settings, remember, remember_opened, settings_path


def test_no_file_is_the_defaults() -> None:
    settings = Settings.load()
    assert settings.encounters == user_data_dir() / "encounters"
    assert (settings.theme, settings.last_file, settings.problem) == ("", None, "")


def test_a_round_trip_keeps_every_key(tmp_path: Path) -> None:
    settings = Settings(
        encounters=tmp_path / "fights", theme="weyland", last_file=tmp_path / "fights" / "a.toml"
    )
    settings.extra = {"future_key": [1, 2]}
    settings.save()
    again = Settings.load()
    assert again == settings
    assert not list(settings_path().parent.glob("*.tmp*"))


def test_a_folder_under_home_is_written_with_a_tilde_and_read_back_expanded(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    Settings(encounters=tmp_path / "games" / "fights").save()
    assert 'encounters = "~/games/fights"' in settings_path().read_text(encoding="utf-8")
    assert Settings.load().encounters == tmp_path / "games" / "fights"


def test_a_broken_file_is_the_defaults_and_one_line_saying_why() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('theme = "nerv\nencounters = 3\n', encoding="utf-8")
    settings = Settings.load()
    assert settings.theme == "" and settings.encounters == user_data_dir() / "encounters"
    assert settings.problem.startswith(f"{path}:1:14: cannot read the settings (")
    assert "\n" not in settings.problem


def test_a_value_of_the_wrong_type_is_ignored_and_named() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('encounters = 3\ntheme = "nerv"\n', encoding="utf-8")
    settings = Settings.load()
    assert settings.theme == "nerv"
    assert settings.encounters == user_data_dir() / "encounters"
    assert "encounters should be text" in settings.problem


def test_remember_changes_one_key_and_never_overwrites_a_broken_file(tmp_path: Path) -> None:
    assert remember(theme="velvet") == ""
    assert remember(last_file=tmp_path / "x.toml") == ""
    assert (Settings.load().theme, Settings.load().last_file) == ("velvet", tmp_path / "x.toml")
    settings_path().write_text("theme = ", encoding="utf-8")
    assert remember(theme="nerv").startswith(str(settings_path()))
    assert settings_path().read_text(encoding="utf-8") == "theme = "


def test_an_unwritable_folder_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocked))
    problem = remember(theme="nerv")
    assert problem and "\n" not in problem
    assert os.path.isfile(blocked)


def test_a_file_whose_name_holds_an_escape_is_not_remembered(tmp_path: Path) -> None:
    """Opening it must not write a settings file the next start refuses (every setting
    would be lost to the defaults): it is left out, the settings kept as they were."""
    (tmp_path / "fights").mkdir()
    kept = tmp_path / "fights" / "ford.toml"
    kept.write_text("", encoding="utf-8")
    assert remember_opened(kept, last_file=kept) == ""
    Settings.load().save()
    before = settings_path().read_bytes()
    hostile = tmp_path / "fights" / "evil\x1b[31m.toml"
    hostile.write_text("", encoding="utf-8")
    said = remember_opened(hostile, last_file=hostile)
    assert said.startswith("not saved, the settings are kept as they were: ")
    assert "ESC (U+001B)" in said and "\n" not in said
    assert settings_path().read_bytes() == before
    again = Settings.load()
    assert (again.problem, again.last_file, again.recent) == ("", kept, (kept,))


def test_a_relative_encounters_folder_is_beside_the_settings_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``encounters = "games"`` names the folder beside settings.toml, wherever the tracker
    is started from; saving another key keeps it written as the GM wrote it."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('encounters = "games"\n', encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert Settings.load().encounters == settings_path().parent / "games"
    remember(theme="weyland")
    text = settings_path().read_text(encoding="utf-8")
    assert 'encounters = "games"' in text and 'theme = "weyland"' in text
    assert Settings.load().encounters == settings_path().parent / "games"
