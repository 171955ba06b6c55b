"""Where bundled data (themes, sample encounters) and the user's own folders live.

An installed wheel carries ``themes/`` and ``encounters/`` as ``tracker/_data/…``; an
editable checkout reads them from the project root.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled_dir(name: str) -> Path:
    """The bundled folder ``name`` (``themes`` or ``encounters``)."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def user_data_dir() -> Path:
    """The user's data folder (``$XDG_DATA_HOME/tracker``, ``~/.local/share/tracker``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tracker"


def user_config_dir() -> Path:
    """The user's config folder (``$XDG_CONFIG_HOME/tracker``, ``~/.config/tracker``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tracker"


def user_cache_dir() -> Path:
    """The user's cache folder (``$XDG_CACHE_HOME/tracker``, ``~/.cache/tracker``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tracker"


def user_runtime_dir() -> Path:
    """The user's runtime folder for "who holds the lock" notes: ``$XDG_RUNTIME_DIR/tracker``
    when that variable names an absolute folder, else ``user_cache_dir()/run``. Whether
    it is safe to use (ours, not a link) is checked where it is made
    (:mod:`tracker.store.holder`)."""
    base = os.environ.get("XDG_RUNTIME_DIR", "")
    if base and os.path.isabs(base):
        return Path(base) / "tracker"
    return user_cache_dir() / "run"


def sample_encounters() -> list[Path]:
    """The bundled sample encounters, sorted by name."""
    return sorted(bundled_dir("encounters").glob("*.toml"))
