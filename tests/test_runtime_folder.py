"""Where the "who holds the lock" notes go without ``$XDG_RUNTIME_DIR``: the cache
folder's ``run/``, read on Linux and the BSDs straight from ``$XDG_CACHE_HOME``/``$HOME``
(issue 32: a writing command starts without importing ``platformdirs``), always the
folder ``platformdirs`` names; macOS and Windows ask ``platformdirs``."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from platformdirs.macos import MacOS

from tracker import paths
from tracker.store.holder import runtime_folder

xdg_only = pytest.mark.skipif(not paths.XDG_PLATFORM, reason="XDG folders")

VALUES = st.one_of(
    st.none(),
    st.sampled_from(["", "   ", "cache", "./cache", "~/cache", "/", "/srv/gm/", "//net/gm"]),
    st.text(st.sampled_from("/ab~. "), max_size=8),
)
"""Unset, blank, relative, ``~``, absolute and odd values of an environment variable."""


def _set(monkeypatch: pytest.MonkeyPatch, name: str, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv(name, raising=False)
    else:
        monkeypatch.setenv(name, value)


def _platformdirs_says() -> Path:
    return Path(platformdirs.PlatformDirs("tracker", appauthor=False).user_cache_dir) / "run"


@xdg_only
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cache=VALUES, home=VALUES)
def test_the_notes_folder_is_the_one_platformdirs_names(
    monkeypatch: pytest.MonkeyPatch, cache: str | None, home: str | None
) -> None:
    with monkeypatch.context() as patch:
        _set(patch, "XDG_CACHE_HOME", cache)
        _set(patch, "HOME", home)
        try:
            expected = _platformdirs_says()
        except RuntimeError:  # no home to be found at all: platformdirs gives up too
            return
        assert paths.runtime_fallback_dir() == expected
        assert paths.runtime_fallback_dir().is_absolute()


@xdg_only
def test_a_blank_or_relative_cache_value_puts_the_notes_under_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for value in ("", "cache", "./cache"):
        monkeypatch.setenv("XDG_CACHE_HOME", value)
        assert runtime_folder() == tmp_path / ".cache" / "tracker" / "run"
    assert not Path("cache").exists()  # nothing made relative to where the GM stands


def test_on_macos_the_notes_go_where_platformdirs_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setattr(paths, "XDG_PLATFORM", False)
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)
    assert paths.runtime_fallback_dir() == tmp_path / "Library" / "Caches" / "tracker" / "run"


@xdg_only
def test_a_runtime_folder_set_is_still_used_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "run"
    base.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(base))
    assert runtime_folder() == base / "tracker"
    assert os.stat(base / "tracker").st_mode & 0o777 == 0o700
