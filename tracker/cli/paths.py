"""``tracker paths [--json]``: where the tracker keeps the GM's files on this machine.

The folders come from ``platformdirs`` (XDG on Linux and the BSDs: a relative or blank
``XDG_*`` value is ignored; ``~/Library/…`` on macOS; ``%LOCALAPPDATA%`` on Windows); the
encounters folder is the one ``settings.toml`` names, if it names one.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from tracker.cli.charset import json_text
from tracker.core.safe_text import visible

if TYPE_CHECKING:
    from tracker.store.settings import Settings

HELP = "where your settings, encounters, bestiary, tables, recaps and caches live"


def setup(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tracker paths``."""
    parser.add_argument("--json", action="store_true", help="a JSON object: name → path")


def run(ns: argparse.Namespace) -> int:
    """Print each place, one a line (or as JSON); 0. A settings file that cannot be read
    is one line on stderr (the encounters folder shown is then the default)."""
    from tracker.cli.output import warn
    from tracker.store.settings import Settings

    settings = Settings.load()
    if settings.problem:
        warn(settings.problem)
    places = user_places(settings)
    if ns.json:
        print(json_text(places))
        return 0
    width = max(len(name) for name in places)
    for name, path in places.items():
        print(visible(f"{name:<{width}}  {path}"))
    return 0


def user_places(settings: Settings) -> dict[str, str]:
    """Each place the tracker reads or writes a GM's files, by name, as a full path."""
    from tracker.paths import user_cache_dir, user_config_dir, user_data_dir, user_runtime_dir
    from tracker.store.settings import settings_path

    config, data = user_config_dir(), user_data_dir()
    places = {
        "config": config,
        "settings": settings_path(),
        "keymap": config / "keymap.toml",
        "themes": config / "themes",
        "data": data,
        "encounters": settings.encounters,
        "bestiary": data / "bestiary",
        "tables": data / "tables",
        "recaps": data / "recaps",
        "cache": user_cache_dir(),
        "lock-notes": user_runtime_dir(),
    }
    return {name: str(path.absolute()) for name, path in places.items()}
