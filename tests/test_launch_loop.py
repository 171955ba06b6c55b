"""Around the launcher: the launch loop (the launcher, then the tracker, and back to the
launcher saying why when a file fails to open), the last file and the theme remembered
in the settings, and a new encounter's file (never overwriting, opened in the add
dialog)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui_helpers import ROOT, basic_file, make_app, opened, ui_test
from tracker.core.errors import TrackerError
from tracker.store.encounter_file import new_file
from tracker.store.settings import Settings
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.launcher import LauncherApp
from tracker.ui.launcher_choices import file_name_for
from tracker.ui.modals.add_combatant import AddCombatantScreen

# --- the launch loop --------------------------------------------------------------------


def test_no_file_runs_the_launcher_then_the_tracker_and_remembers_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    monkeypatch.setattr(LauncherApp, "run", lambda self, **_: path)
    opened_paths: list[Path] = []
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: opened_paths.append(self.path))
    assert launch_module.launch(None) == 0
    assert opened_paths == [path]
    assert Settings.load().last_file == path.absolute()


def test_a_file_that_fails_to_open_brings_the_launcher_back_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    messages: list[str] = []

    def run(self: LauncherApp, **_: Any) -> Path | None:
        messages.append(self.message)
        return path if len(messages) == 1 else None

    def fail(self: TrackerApp, **_: Any) -> None:
        self.failure = f"{path}:3:1: something is wrong"

    monkeypatch.setattr(LauncherApp, "run", run)
    monkeypatch.setattr(TrackerApp, "run", fail)
    assert launch_module.launch(None) == 0
    assert messages == ["", f"{path}:3:1: something is wrong"]


def test_a_file_given_is_remembered_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = basic_file(tmp_path)
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: None)
    assert launch_module.launch(path) == 0
    assert Settings.load().last_file == path.absolute()


# --- the tracker remembers the theme ------------------------------------------------------


@ui_test
async def test_t_remembers_the_theme_for_the_file(tmp_path: Path) -> None:
    path = tmp_path / "sachiel.toml"
    path.write_bytes((ROOT / "encounters" / "nerv-sachiel.toml").read_bytes())
    app = make_app(path)
    async with app.run_test() as pilot:
        await opened(pilot)
        assert app.theme == "nerv"  # the file's own theme, until the GM picks one
        await pilot.press("t")
        chosen = app.theme
        assert chosen != "nerv" and Settings.load().theme == chosen
    again = make_app(path)
    async with again.run_test() as pilot:
        await opened(pilot)
        assert again.theme == chosen
    other = tmp_path / "another-sachiel.toml"  # chosen for that file: another keeps its own
    other.write_bytes(path.read_bytes())
    elsewhere = make_app(other)
    async with elsewhere.run_test() as pilot:
        await opened(pilot)
        assert elsewhere.theme == "nerv"


@ui_test
async def test_a_new_encounter_opens_in_the_add_dialog(tmp_path: Path) -> None:
    path = tmp_path / "raid.toml"
    new_file(path, "basic", "Raid")
    app = make_app(path)
    async with app.run_test(size=(100, 36)) as pilot:
        await opened(pilot)
        await pilot.pause()
        assert isinstance(app.screen, AddCombatantScreen)


def test_a_new_file_name_never_overwrites(tmp_path: Path) -> None:
    assert file_name_for("Ork raid!", tmp_path) == tmp_path / "ork-raid.toml"
    (tmp_path / "ork-raid.toml").write_text("", encoding="utf-8")
    assert file_name_for("Ork raid", tmp_path) == tmp_path / "ork-raid-2.toml"
    assert file_name_for("???", tmp_path) == tmp_path / "encounter.toml"
    with pytest.raises(TrackerError):
        new_file(tmp_path / "ork-raid.toml", "basic", "x")
