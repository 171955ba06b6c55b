"""``tracker themes`` and ``tracker samples``: what is installed to choose from."""

from __future__ import annotations

import argparse
import sys

from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible
from tracker.rules.user_files import loads_toml, read_text


def setup(p: argparse.ArgumentParser) -> None:
    """No arguments."""


def themes(ns: argparse.Namespace) -> int:
    """Each theme, where it comes from and its file."""
    import tomllib

    from tracker.paths import bundled_dir, user_config_dir
    from tracker.rules.shipped import shipped_folders

    for label, folder in (
        ("bundled", bundled_dir("themes")),
        *(("ruleset", shipped) for shipped in shipped_folders("themes")),
        ("yours", user_config_dir() / "themes"),
    ):
        for path in sorted(folder.glob("*.toml")):
            try:
                name = loads_toml(read_text(path)).get("name", path.stem)
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                name = f"{path.stem} (unreadable)"
            print(visible(f"{name!s:<16} {label}: {path}"))
    return 0


def samples(ns: argparse.Namespace) -> int:
    """Each sample encounter (bundled and from rulesets); 1 if one cannot be read."""
    from tracker.rules.shipped import sample_files
    from tracker.store.encounter_file import load

    broken = 0
    for path in sample_files():  # a ruleset package's broken sample: one line, the rest listed
        try:
            loaded = load(path)
        except TrackerError as err:
            broken += 1
            print(f"tracker: {visible(one_line(err))}", file=sys.stderr)
            continue
        print(visible(f"{loaded.rules.id:<14} {loaded.encounter.state.title:<34} {path}"))
    return 1 if broken else 0
