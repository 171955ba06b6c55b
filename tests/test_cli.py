"""The headless CLI as a new user meets it (issue 2's "done means")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import ok
from tracker.cli import main
from tracker.paths import sample_encounters


def test_a_first_fight_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.toml")
    ok(capsys, "new", path, "--ruleset", "basic", "--title", "Ford")
    assert ok(capsys, "do", path, "add", "Ann", "side=pc", "hp=12", "init=3") == (
        "Ann joins the fight (PC)\n"
    )
    ok(capsys, "do", path, "add", "Goblin", "hp=7", "init=1")
    started = ok(capsys, "do", "--dice", "15,2", path, "start")
    assert "Ann's turn" in started
    assert ok(capsys, "do", path, "dmg", "gob", "5") == "Goblin: HP 7 → 2\n"
    assert ok(capsys, "do", path, "next") == "Goblin's turn\n"
    assert ok(capsys, "do", path, "undo") == "Undone: Goblin's turn\n"
    state = json.loads(ok(capsys, "state", path, "--json"))
    assert state["current"] == "ann" and state["round"] == 1
    goblin = next(c for c in state["combatants"] if c["id"] == "goblin")
    assert goblin["tracks"]["hp"] == {"value": 2, "max": 7}
    log = ok(capsys, "log", path, "--format", "txt", "--gm")
    assert "Goblin: HP 7 → 2" in log and "Goblin's turn" not in log
    players = ok(capsys, "log", path, "--format", "txt")  # the players' copy: words
    assert "Goblin: badly hurt" in players and "HP 7" not in players
    assert "ok — basic, 2 combatants" in ok(capsys, "check", path)


def test_every_bundled_sample_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    samples = sample_encounters()
    assert len(samples) >= 6
    for path in samples:
        assert ": ok — " in ok(capsys, "check", str(path))


def test_listings_name_every_ruleset_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    rulesets = ok(capsys, "rulesets")
    for rid in ("basic", "nerv-d100", "eva-escale", "wrath-glory", "alien-evolved", "persona-d100"):
        assert rid in rulesets
    themes = ok(capsys, "themes")
    for name in ("default-dark", "default-light", "nerv", "imperium", "weyland", "velvet"):
        assert name in themes
    assert "Sachiel over Tokyo-3" in ok(capsys, "samples")


def test_unknown_subcommand_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate", "x"]) == 2  # a misused command line
    assert capsys.readouterr().err.count("\n") == 1


def test_bad_dice_option_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.toml"
    ok(capsys, "new", str(path), "--ruleset", "basic")
    before = path.read_bytes()
    assert main(["do", "--dice", "seven", str(path), "roll", "d6"]) == 2  # a misused command line
    assert "--dice takes whole numbers" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_seed_and_dice_may_come_after_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 13, "Everywhere": `--seed`/`--dice` after the file name were read as the command
    path = str(tmp_path / "t.toml")
    ok(capsys, "new", path, "--ruleset", "basic")
    ok(capsys, "do", path, "add", "Ann", "side=pc", "hp=12", "init=3")
    ok(capsys, "do", path, "add", "Goblin", "hp=7", "init=1")
    assert "Ann initiative 18" in ok(capsys, "do", path, "start", "--dice", "15,2")
    said = ok(capsys, "do", path, "roll", "1d20", "--seed=4")
    again_path = str(tmp_path / "u.toml")
    ok(capsys, "new", again_path, "--ruleset", "basic")
    assert ok(capsys, "do", "--seed", "4", again_path, "roll", "1d20") == said
