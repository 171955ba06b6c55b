"""The players' recap says a fall once: ``Bandit captain is down``, not also
``Bandit captain: down`` (the words the lost hit points come to) just before it. A fall
the players may not read as written (it holds numbers) is still said in words."""

from __future__ import annotations

from pathlib import Path

from tests.player_helpers import copy_sample, play
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions


def players_copy(path: Path) -> list[str]:
    """The players' Markdown recap, line by line."""
    return export_file(path, format_named("md"), ExportOptions()).splitlines()


def test_a_fall_is_said_once(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "dmg captain 30")
    lines = players_copy(path)
    assert lines.count("- Bandit captain is down") == 1
    assert "- Bandit captain: down" not in lines


def test_a_fall_told_with_numbers_is_said_in_words(tmp_path: Path) -> None:
    path = copy_sample("wrath-ork-boarding.toml", tmp_path)
    play(path, "start", "wound boy-1 6")
    lines = players_copy(path)
    assert "- Ork Boy (1): down" in lines
    assert not [line for line in lines if "Ork Boy (1) falls at 0" in line]
