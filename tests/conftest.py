"""Shared fixtures: a small basic-ruleset fight and its helpers; the party screen's
campaign (Tokyo-3, nerv-d100) in its encounters folder."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.campaign_helpers import ASUKA, NERV_SAMPLE, ok
from tracker.core.dice import Dice, ScriptedDice
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset

ROSTER = [
    {"id": "ann", "name": "Ann", "side": "pc", "stats": {"hp": 12, "init": 3}},
    {"id": "bo", "name": "Bo", "side": "pc", "stats": {"hp": 10, "init": 1}},
    {"id": "gob", "name": "Goblin", "side": "enemy", "stats": {"hp": 7, "init": 2}},
    {"id": "orc", "name": "Orc", "side": "enemy", "stats": {"hp": 15, "init": 0}},
]


def basic_encounter(roster: Sequence[Mapping[str, Any]] | None = None) -> Encounter:
    """A basic-ruleset encounter with a fixed roster, not yet started."""
    rules = load_ruleset("basic")
    fighters = {str(e["id"]): rules.prepare(e) for e in (roster or ROSTER)}
    return Encounter(EncounterState(title="Test", ruleset="basic", combatants=fighters), rules)


@pytest.fixture(autouse=True)
def own_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test gets empty user data and config folders: a GM's own bestiary, tables
    or settings on this machine never change what a test sees."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))


@pytest.fixture
def fight() -> Encounter:
    """The basic test fight."""
    return basic_encounter()


@pytest.fixture
def dice() -> Dice:
    """Seeded dice."""
    return Dice(seed=7)


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    """Make scripted dice from faces."""
    return lambda *faces: ScriptedDice(faces)


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    """A basic encounter file on disk with the test roster."""
    text = """format = 2

[encounter]
title = "Goblin ambush"
ruleset = "basic"

[[combatants]]
id = "ann"
name = "Ann"
side = "pc"
stats = { hp = 12, init = 3 }

[[combatants]]
id = "gob"
name = "Goblin"
stats = { hp = 7, init = 2 }
"""
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def party_folder(tmp_path: Path) -> Path:
    """The GM's encounters folder (the party screen tests)."""
    path = tmp_path / "encounters"
    path.mkdir()
    return path


@pytest.fixture
def party_campaign(party_folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Tokyo-3 (nerv-d100): Asuka and Rei; fight 1 (Sachiel) written back with Asuka's
    left leg hurt (Foot Pain) and 1 Stress."""
    path = party_folder / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    fight = party_folder / "sachiel.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "wound asuka 5 @left_leg", "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path
