"""Shared by the launcher tests: a GM's encounters folder with three fights in it (played
at known times), and the launcher on it with the bundled themes only."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.ui_helpers import basic_file
from tracker.core.dice import Dice
from tracker.paths import bundled_dir
from tracker.store.encounter_file import EncounterFile
from tracker.store.settings import Settings
from tracker.ui.launcher import LauncherApp
from tracker.ui.themes import load_themes

T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
INIT = ["init ann 20", "init gob 15", "init bo 10", "init orc 5"]


def played(path: Path, lines: list[str], start: datetime = T0) -> Path:
    """Play ``lines`` on ``path``, a minute apart from ``start``."""
    with EncounterFile(path) as play:
        for number, line in enumerate(lines):
            play.execute(line, Dice(seed=1), start + timedelta(minutes=number))
    return path


def gm_folder(home: Path) -> Settings:
    """A GM with three encounters (the newest last played, one not started) and a last
    file: the ambush, played yesterday, in round 1 at the Goblin's turn."""
    folder = home / "encounters"
    folder.mkdir(parents=True)
    played(basic_file(folder, "ambush.toml"), [*INIT, "start", "next"])
    later = T0 + timedelta(hours=2)
    played(basic_file(folder, "bridge.toml"), [*INIT, "start", "next", "next"], later)
    quiet = basic_file(folder, "quiet.toml")
    written = (T0 - timedelta(days=1)).timestamp()
    os.utime(quiet, (written, written))
    settings = Settings(encounters=folder, last_file=folder / "ambush.toml")
    settings.save()
    return settings


def launcher(settings: Settings) -> LauncherApp:
    """A launcher on ``settings`` with the bundled themes only."""
    return LauncherApp(settings, shelf=load_themes([bundled_dir("themes")]))
