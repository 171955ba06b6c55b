"""``tracker themes`` and ``tracker samples``: what is installed to choose from."""

from __future__ import annotations

import argparse
import sys

from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible


def setup(p: argparse.ArgumentParser) -> None:
    """No arguments."""


def themes(ns: argparse.Namespace) -> int:
    """Each theme the TUI offers, where it comes from and its file (checked as the TUI
    checks it, colour names too); a file it would refuse is one line on stderr, not a
    theme to pick."""
    from tracker.paths import bundled_dir, user_config_dir
    from tracker.store.theme_table import installed_themes

    found, problems = installed_themes()
    for theme in sorted(found.values(), key=lambda t: t.name.casefold()):
        folder = theme.path.parent
        label = "bundled" if folder == bundled_dir("themes") else "ruleset"
        label = "yours" if folder == user_config_dir() / "themes" else label
        print(visible(f"{theme.name:<16} {label}: {theme.path}"))
    for problem in problems:
        print(f"tracker: {visible(problem)} — not offered", file=sys.stderr)
    return 0


def samples(ns: argparse.Namespace) -> int:
    """Each sample encounter (bundled and from rulesets); 1 if one cannot be read."""
    from tracker.rules.shipped import sample_files
    from tracker.store.encounter_load import load

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
