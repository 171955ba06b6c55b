"""The user's data, config and cache folders come from ``platformdirs`` (issue 32): on
Linux where they always were (a GM's encounters and settings stay found), a relative or
blank ``XDG_*`` value ignored as the XDG spec says, and macOS and Windows folders of their
own instead of a ``~/.local/share`` that nothing there looks in (a GM's files that an
earlier version kept there are still found)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import platformdirs
import pytest
from platformdirs.macos import MacOS

from tracker import paths
from tracker.paths import user_cache_dir, user_config_dir, user_data_dir
from tracker.store.settings import default_encounters, settings_path

FOLDERS = {
    "XDG_DATA_HOME": user_data_dir,
    "XDG_CONFIG_HOME": user_config_dir,
    "XDG_CACHE_HOME": user_cache_dir,
}
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in FOLDERS:
        monkeypatch.delenv(variable, raising=False)
    return tmp_path


@linux
def test_linux_keeps_todays_folders(home: Path) -> None:
    assert user_data_dir() == home / ".local" / "share" / "tracker"
    assert user_config_dir() == home / ".config" / "tracker"
    assert user_cache_dir() == home / ".cache" / "tracker"
    assert settings_path() == home / ".config" / "tracker" / "settings.toml"
    assert default_encounters() == home / ".local" / "share" / "tracker" / "encounters"


@linux
def test_an_absolute_xdg_folder_is_used(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable, folder in FOLDERS.items():
        monkeypatch.setenv(variable, str(tmp_path / variable))
        assert folder() == tmp_path / variable / "tracker"


@linux
@pytest.mark.parametrize("value", ["", "   ", "games", "./games", "~/games"])
def test_a_relative_or_blank_xdg_value_is_ignored(
    home: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    defaults = {variable: folder() for variable, folder in FOLDERS.items()}
    for variable, folder in FOLDERS.items():
        monkeypatch.setenv(variable, value)
        assert folder() == defaults[variable]
        assert folder().is_absolute()


def test_macos_has_its_own_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)
    library = home / "Library"
    assert user_data_dir() == library / "Application Support" / "tracker"
    assert user_config_dir() == library / "Application Support" / "tracker"
    assert user_cache_dir() == library / "Caches" / "tracker"


def test_windows_has_its_own_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    windows = pytest.importorskip("platformdirs.windows")
    local = str(home / "AppData" / "Local")
    monkeypatch.setattr(windows, "get_win_folder", lambda _name: local)
    monkeypatch.setattr(platformdirs, "PlatformDirs", windows.Windows)
    assert user_data_dir() == Path(local) / "tracker"
    assert user_config_dir() == Path(local) / "tracker"
    assert user_cache_dir() == Path(local) / "tracker" / "Cache"


def test_on_macos_the_folders_earlier_versions_made_are_still_used(home: Path) -> None:
    old_data, old_config = home / ".local" / "share" / "tracker", home / ".config" / "tracker"
    (old_data / "encounters").mkdir(parents=True)
    old_config.mkdir(parents=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(platformdirs, "PlatformDirs", MacOS)
        patch.setattr(paths, "MOVED", True)
        assert (user_data_dir(), user_config_dir()) == (old_data, old_config)
        assert default_encounters() == old_data / "encounters"
        (home / "Library" / "Application Support" / "tracker").mkdir(parents=True)
        assert (user_data_dir(), user_config_dir()) == (old_data, old_config)  # never split
        shutil.rmtree(old_data)
        assert user_data_dir() == home / "Library" / "Application Support" / "tracker"


@linux
def test_on_linux_an_xdg_folder_not_made_yet_is_still_the_one(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / ".local" / "share" / "tracker").mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert user_data_dir() == tmp_path / "elsewhere" / "tracker"
