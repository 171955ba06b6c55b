"""A config folder the tracker cannot write (read-only HOME, a file where the folder
should be): the fight still plays from a file in the current folder, and what could not
be remembered (the file opened, the theme chosen) is said once, in a sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.message import Message
from textual.notifications import Notify

from tests.campaign_helpers import cli
from tests.ui_helpers import basic_file, opened, ui_test
from tracker.core.dice import Dice
from tracker.paths import bundled_dir
from tracker.store.settings import remember, remember_opened, settings_path
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.themes import load_themes

FOUNDRY = Path(__file__).parent / "fixtures" / "foundry"


@pytest.fixture
def blocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """XDG config and data folders that cannot be made: a plain file stands where they
    would go (as a read-only HOME refuses them)."""
    wall = tmp_path / "not-a-folder"
    wall.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(wall / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(wall / "data"))
    return wall


def test_settings_that_cannot_be_saved_are_one_sentence_naming_the_folder(blocked: Path) -> None:
    problem = remember(theme="nerv")
    assert problem.startswith(f"{settings_path()}: cannot make the folder "), problem
    assert "[Errno" not in problem and "\n" not in problem
    assert blocked.read_text(encoding="utf-8") == ""


def test_a_roll_table_that_cannot_be_saved_is_one_sentence(
    blocked: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = FOUNDRY / "rolltable-criticals-official.json"
    code, out, err = cli(capsys, "import", table, "--tables", "alien-critical-injuries")
    assert code == 1 and err.count("\n") == 1, err
    assert "cannot make the folder" in err and "[Errno" not in err
    assert blocked.read_text(encoding="utf-8") == ""


def test_opening_a_file_says_it_was_not_remembered(
    blocked: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    given: list[str] = []
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: given.append(self.settings_problem))
    assert launch_module.launch(path) == 0
    (problem,) = given
    assert "cannot make the folder" in problem and "[Errno" not in problem


@ui_test
async def test_the_tui_plays_and_says_once_what_it_could_not_save(
    blocked: Path, tmp_path: Path
) -> None:
    path = basic_file(tmp_path)
    messages: list[Message] = []
    app = TrackerApp(
        path,
        Dice(seed=7),
        shelf=load_themes([bundled_dir("themes")]),
        keymap_file=tmp_path / "no-keymap.toml",
        settings_problem=remember_opened(path, last_file=path),
    )
    async with app.run_test(size=(100, 30), message_hook=messages.append) as pilot:
        await opened(pilot)
        await pilot.press("t")
        await pilot.press("t")
        assert app.run_line("start").ok
        await pilot.pause()
    said = [m.notification.message for m in messages if isinstance(m, Notify)]
    unsaved = [line for line in said if str(settings_path()) in line]
    assert len(unsaved) == 1, said
    assert "cannot make the folder" in unsaved[0] and "[Errno" not in unsaved[0]
    assert b'type = "encounter.started"' in path.read_bytes()
