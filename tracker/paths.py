"""Where bundled data (themes, sample encounters) and the user's own folders live.

An installed wheel carries ``themes/`` and ``encounters/`` as ``tracker/_data/…``; an
editable checkout reads them from the project root.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from platformdirs.api import PlatformDirsABC

_PACKAGE = Path(__file__).resolve().parent


def bundled_dir(name: str) -> Path:
    """The bundled folder ``name`` (``themes`` or ``encounters``)."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


APP = "tracker"
"""The folder name under each of the platform's user folders."""
MOVED = sys.platform in ("darwin", "win32")
"""Whether the platform's folders are not where earlier versions kept them (macOS and
Windows: those versions used the XDG folders everywhere)."""


def _platform_folders() -> PlatformDirsABC:
    """The platform's folders for the tracker (``platformdirs``: XDG on Linux and the BSDs,
    ``~/Library/…`` on macOS, ``%LOCALAPPDATA%`` on Windows). A relative or blank ``XDG_*``
    value is ignored, as the XDG spec says (platformdirs 4.12 and later)."""
    from platformdirs import PlatformDirs

    return PlatformDirs(APP, appauthor=False)


def user_data_dir() -> Path:
    """The user's data folder (``$XDG_DATA_HOME/tracker``, ``~/.local/share/tracker``;
    ``~/Library/Application Support/tracker``; ``%LOCALAPPDATA%\\tracker``)."""
    return _kept(Path(_platform_folders().user_data_dir), ".local", "share")


def user_config_dir() -> Path:
    """The user's config folder (``$XDG_CONFIG_HOME/tracker``, ``~/.config/tracker``;
    ``~/Library/Application Support/tracker``; ``%LOCALAPPDATA%\\tracker``)."""
    return _kept(Path(_platform_folders().user_config_dir), ".config")


def _kept(folder: Path, *before: str) -> Path:
    """``folder``, or on macOS and Windows the folder under the home folder that earlier
    versions used everywhere (``~/.local/share/tracker``, ``~/.config/tracker``) if it
    exists: a GM's encounters and settings are never left behind (and the two never
    split, as data and config share one folder there)."""
    old = Path.home().joinpath(*before, APP)
    if MOVED and old.is_dir():
        return old
    return folder


def user_cache_dir() -> Path:
    """The user's cache folder (``$XDG_CACHE_HOME/tracker``, ``~/.cache/tracker``;
    ``~/Library/Caches/tracker``; ``%LOCALAPPDATA%\\tracker\\Cache``)."""
    return Path(_platform_folders().user_cache_dir)


def user_runtime_dir() -> Path:
    """The user's runtime folder for "who holds the lock" notes: ``$XDG_RUNTIME_DIR/tracker``
    when that variable names an absolute folder, else :func:`runtime_fallback_dir`.
    Whether it is safe to use (ours, not a link) is checked where it is made
    (:mod:`tracker.store.holder`)."""
    return xdg_runtime_dir() or runtime_fallback_dir()


XDG_PLATFORM = sys.platform not in ("darwin", "win32", "ios", "android") and not hasattr(
    sys, "getandroidapilevel"
)
"""Whether the user's folders are where the XDG spec puts them (Linux and the BSDs; not
macOS, Windows, iOS or Android, whose folders only ``platformdirs`` knows)."""


def runtime_fallback_dir() -> Path:
    """``user_cache_dir()/run``, where the notes go without ``$XDG_RUNTIME_DIR``: on an XDG
    platform read from ``$XDG_CACHE_HOME`` or ``$HOME`` as ``platformdirs`` reads them (a
    relative or blank value ignored), without importing it and the modules it brings
    (a writing command's start, issue 32); elsewhere, or with no absolute ``$HOME``,
    through ``platformdirs``."""
    return (_xdg_cache_dir() or user_cache_dir()) / "run"


def _xdg_cache_dir() -> Path | None:
    """``$XDG_CACHE_HOME/tracker`` or ``$HOME/.cache/tracker`` on an XDG platform, the
    first whose value is absolute; None when neither is, or on another platform."""
    if not XDG_PLATFORM:
        return None
    cache, home = os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME", "")
    if os.path.isabs(cache):
        return Path(cache, APP)
    if os.path.isabs(home):
        return Path(os.path.expanduser("~/.cache"), APP)  # from $HOME, as platformdirs
    return None


def xdg_runtime_dir() -> Path | None:
    """``$XDG_RUNTIME_DIR/tracker`` when that variable names an absolute folder, else None
    (read without ``platformdirs``: a writing command's start need not import it)."""
    base = os.environ.get("XDG_RUNTIME_DIR", "")
    if base and os.path.isabs(base):
        return Path(base) / "tracker"
    return None


def sample_encounters() -> list[Path]:
    """The bundled sample encounters, sorted by name."""
    return sorted(bundled_dir("encounters").glob("*.toml"))
