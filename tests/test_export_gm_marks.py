"""The GM's copy marks every line the players' copy leaves out: a note kept on a
combatant and a reminder for the GM are "GM only" in Markdown, plain text and HTML, and
``gm_only`` in JSON, so a GM reading the GM's copy knows what the players never read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions

GM = ExportOptions(gm=True)
MARKS = {"md": "*(GM only)*", "txt": "[GM only]", "html": "[GM only]"}


def exported(path: Path, fmt: str, options: ExportOptions = GM) -> str:
    """``path``'s recap in ``fmt``."""
    return export_file(path, format_named(fmt), options)


def line_with(text: str, needle: str) -> str:
    """The one line of ``text`` holding ``needle``."""
    found = [line for line in text.splitlines() if needle in line]
    assert len(found) == 1, (needle, found)
    return found[0]


@pytest.fixture(scope="module")
def basic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path_factory.mktemp("basic"))
    play(path, "start", "notes captain bribed at the inn", "next")
    return path


@pytest.fixture(scope="module")
def nerv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = copy_sample("nerv-sachiel.toml", tmp_path_factory.mktemp("nerv"))
    play(path, "start", "ail sachiel Burning", *["next"] * 4)
    return path


@pytest.mark.parametrize("fmt", sorted(MARKS))
def test_a_note_kept_on_a_combatant_is_marked_gm_only(basic: Path, fmt: str) -> None:
    assert MARKS[fmt] in line_with(exported(basic, fmt), "Note on Bandit captain")
    assert "bribed at the inn" not in exported(basic, fmt, ExportOptions())


@pytest.mark.parametrize("fmt", sorted(MARKS))
def test_a_reminder_for_the_gm_is_marked_gm_only(nerv: Path, fmt: str) -> None:
    assert MARKS[fmt] in line_with(exported(nerv, fmt), "shake off Burning")
    assert "shake off Burning" not in exported(nerv, fmt, ExportOptions())


def test_json_says_gm_only_of_the_same_lines(basic: Path, nerv: Path) -> None:
    events = [
        *json.loads(exported(basic, "json"))["events"],
        *json.loads(exported(nerv, "json"))["events"],
    ]
    marked = {e["sentence"] for e in events if e["gm_only"]}
    assert "Note on Bandit captain: bribed at the inn" in marked
    assert any("shake off Burning" in sentence for sentence in marked)
    assert not any("Burning (Physical ailment)" in sentence for sentence in marked)


def test_a_turn_is_gm_only_while_none_of_it_is_the_players(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "init archer 30", "start", "dmg wren 2", *["next"] * 8, "reveal archer")
    play(path, "dmg wren 3")
    gm_lines = exported(path, "md").splitlines()
    headings = [line for line in gm_lines if line.startswith("### Archer in the reeds' turn")]
    assert headings == [
        "### Archer in the reeds' turn *(GM only)*",  # round 1: the players read none of it
        "### Archer in the reeds' turn",  # round 2: revealed in it, the players read it
    ]
    players = exported(path, "md", ExportOptions()).splitlines()
    assert players.count("### Archer in the reeds' turn") == 1
