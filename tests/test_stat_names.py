"""Which stats a roster or ``add`` may give, ruleset by ruleset.

A ruleset with a fixed character sheet refuses a stat the sheet does not have, in one
line and with the file left as it was: Alien through the ruleset API's ``stat_names``
(``hp=5`` used to be kept and ignored, the combatant starting at the default Health 3),
the d100 rulesets through their own score and characteristic lists. The basic ruleset
(any game's hit points, the GM's other numbers kept) and Wrath & Glory (any stat may be
part of a pool: ``agility+ballistic_skill``) take any name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.rules.registry import load_ruleset
from tracker.store.foundry.alien import ATTRIBUTES, CREATURE_DICE, SKILLS

ALIEN_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "alien-operations-deck.toml"


def new_fight(tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]) -> Path:
    """An empty encounter of ``ruleset``."""
    path = tmp_path / f"{ruleset}.toml"
    assert main(["new", str(path), "--ruleset", ruleset]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("ruleset", ["alien-evolved", "nerv-d100", "eva-escale", "persona-d100"])
def test_a_stat_the_sheet_does_not_have_is_refused_at_add(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    path = new_fight(tmp_path, ruleset, capsys)
    before = path.read_bytes()
    assert main(["do", str(path), "add", "Eli", "hp=7"]) == 1
    out, err = capsys.readouterr()
    said = err.strip()
    assert out == "" and "\n" not in said and "'hp'" in said
    assert path.read_bytes() == before


def test_alien_names_its_stats_as_the_gm_types_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_fight(tmp_path, "alien-evolved", capsys)
    assert main(["do", str(path), "add", "Eli", "helth=4"]) == 1
    said = capsys.readouterr().err.strip()
    assert said.startswith("tracker: alien-evolved has no stat 'helth' (for Eli) — its stats: ")
    assert "health" in said and "close_combat" in said and "close combat" not in said
    assert main(["do", str(path), "add", "Eli", "health=4", "close_combat=5", "ammo=3"]) == 0
    capsys.readouterr()
    assert main(["state", str(path), "--json"]) == 0
    (eli,) = json.loads(capsys.readouterr().out)["combatants"]
    assert eli["stats"] == {"health": 4, "close combat": 5, "ammo": 3}


def test_an_alien_roster_with_a_stat_it_does_not_have_names_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deck.toml"
    text = ALIEN_SAMPLE.read_text(encoding="utf-8").replace("health = 5,", "hp = 5,", 1)
    path.write_text(text, encoding="utf-8")
    assert main(["state", str(path)]) == 1
    said = capsys.readouterr().err.strip()
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "hp = 5," in row)
    assert said.count("\n") == 0 and f"deck.toml:{line}:" in said and "'hp'" in said
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("ruleset", ["basic", "wrath-glory"])
def test_basic_and_wrath_keep_any_stat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    path = new_fight(tmp_path, ruleset, capsys)
    assert main(["do", str(path), "add", "Eli", "ac=15"]) == 0
    capsys.readouterr()
    assert main(["state", str(path), "--json"]) == 0
    (eli,) = json.loads(capsys.readouterr().out)["combatants"]
    assert eli["stats"]["ac"] == 15


def test_alien_takes_every_stat_its_data_and_a_foundry_import_give() -> None:
    rules = load_ruleset("alien-evolved")
    known = set(rules.stat_names)
    assert set(rules.data["skills"]) <= known  # skill WHO SKILL rolls these
    assert set(rules.data["supply"]["kinds"]) <= known  # add Dallas ammo=4
    assert set(rules.data["defaults"]) <= known
    imported = {*ATTRIBUTES.values(), *(stat for stat, _ in SKILLS.values())}
    imported |= {*CREATURE_DICE.values(), "armour_rating", "armour_vs_fire", "stress"}
    assert imported <= known
