"""A config or data folder the tracker cannot make (read-only HOME, a file where the
folder should be): the fight still plays from a file in the current folder, what could
not be remembered (the file opened, the theme chosen) is said once, and every folder the
tracker would make (settings, tables, encounters, recaps) is named in one sentence."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.message import Message
from textual.notifications import Notify

from tests.campaign_helpers import cli
from tests.side_helpers import is_root
from tests.ui_helpers import ROOT, basic_file, opened, ui_test
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.paths import bundled_dir
from tracker.store.fresh_copy import fresh_copy
from tracker.store.settings import Settings, remember, remember_opened, settings_path
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.export_screen import copy_round_markdown
from tracker.ui.launcher import LauncherApp
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
    folder = settings_path().parent
    assert problem == f"{folder}: cannot make the folder: Not a directory", problem
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
    unsaved = [line for line in said if str(settings_path().parent) in line]
    assert len(unsaved) == 1, said
    assert unsaved[0].startswith("Not remembered for next time (file, theme): ")
    assert "cannot make the folder" in unsaved[0] and "[Errno" not in unsaved[0]
    assert b'type = "encounter.started"' in path.read_bytes()


def test_a_sample_is_not_copied_into_an_encounters_folder_that_cannot_be_made(
    blocked: Path,
) -> None:
    encounters = blocked / "data" / "tracker" / "encounters"
    with pytest.raises(TrackerError) as caught:
        fresh_copy(ROOT / "encounters" / "basic-bandits-at-the-ford.toml", encounters)
    said = str(caught.value)
    assert said == f"{encounters}: cannot make the folder: Not a directory"


def test_the_launchers_new_encounter_names_the_folder_it_cannot_make(blocked: Path) -> None:
    launcher = LauncherApp(Settings(encounters=blocked / "games"))
    said = launcher.create("Night ambush", "basic")
    assert said == f"{blocked / 'games'}: cannot make the folder: Not a directory"


def test_copy_this_round_says_the_recaps_folder_it_cannot_make(blocked: Path) -> None:
    class Clipboard:
        def copy_to_clipboard(self, text: str) -> None:
            self.text = text

    said = copy_round_markdown(cast(App[Any], Clipboard()), "# Round 1\n", "fight-round-1.md")
    assert "not saved: " in said and "cannot make the folder: Not a directory" in said


def test_a_read_only_home_names_the_folder_the_disk_refused(tmp_path: Path) -> None:
    if not is_root() or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to make root obey a read-only folder")
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o555)
    plain_user = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    table = FOUNDRY / "rolltable-criticals-official.json"
    env = {**os.environ, "XDG_DATA_HOME": str(home / ".local" / "share"), "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run(
            [*plain_user, sys.executable, "-m", "tracker.cli", "import", str(table)]
            + ["--tables", "alien-critical-injuries"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    finally:
        home.chmod(0o755)
    tables = home / ".local" / "share" / "tracker" / "tables"
    said = f"tracker: {tables}: cannot make the folder: Permission denied (at {home / '.local'})\n"
    assert (done.returncode, done.stderr) == (1, said)
    assert list(home.iterdir()) == []
