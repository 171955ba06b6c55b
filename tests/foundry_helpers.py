"""Shared by the Foundry import tests: the fixture folder, one actor's block, a fixture
with values changed, the CLI, the fights actors are imported into, the conditions a
fighter has on there, and the user files an import writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tracker.cli import main
from tracker.core.model import Combatant
from tracker.paths import user_data_dir
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan

FIXTURES = Path(__file__).parent / "fixtures" / "foundry"
NPC = FIXTURES / "alien-npc-official.json"
ENCOUNTERS = Path(__file__).parents[1] / "encounters"
"""An NPC as the official Alien modules ship one: ``header.npc = false``, a friendly
token, no user owning it."""


def block_of(path: Path) -> dict[str, Any]:
    """The block the importer makes of the first actor in ``path``."""
    result = plan([path])
    return result.actors[0].converted.block


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``tracker import ARGS``: exit status, stdout, stderr."""
    code = main(["import", *args])
    out, err = capsys.readouterr()
    return code, out, err


def user_files() -> list[Path]:
    """Every file in the user data folder (where an import saves blocks and tables)."""
    root = user_data_dir()
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


def alien_fight(folder: Path) -> Path:
    """A copy of the bundled Alien sample encounter in ``folder``, to import actors into."""
    fight = folder / "fight.toml"
    fight.write_bytes((ENCOUNTERS / "alien-operations-deck.toml").read_bytes())
    return fight


def wrath_fight(tmp_path: Path) -> Path:
    """A new Wrath & Glory encounter in ``tmp_path``, to import actors into."""
    fight = tmp_path / "w.toml"
    assert main(["new", str(fight), "--ruleset", "wrath-glory"]) == 0
    return fight


def on(fight: Path, who: str) -> dict[str, int]:
    """The conditions ``who`` has on: name → rating."""
    fighter: Combatant = load(fight).encounter.state.combatant(who)
    return {c.name: c.level for c in fighter.conditions}


def hurt(tmp_path: Path, name: str, change: dict[str, int]) -> Path:
    """A copy of the fixture ``name`` with ``change`` (dotted path → value) applied."""
    actor: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    for path, value in change.items():
        *parents, last = path.split(".")
        node = actor["system"]
        for key in parents:
            node = node[key]
        node[last] = value
    copy = tmp_path / name
    copy.write_text(json.dumps(actor), encoding="utf-8")
    return copy
