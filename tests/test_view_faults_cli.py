"""``tracker state`` says what the TUI's header says of the fight (the ruleset's pools:
Glory, a threat pool): it printed the state without them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import run as cli

ENCOUNTERS = Path(__file__).resolve().parents[1] / "encounters"


def test_state_heads_with_the_rulesets_pools(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "boarding.toml"
    shutil.copyfile(ENCOUNTERS / "wrath-ork-boarding.toml", fight)
    assert cli(capsys, "do", str(fight), "start")[0] == 0
    status, out, _ = cli(capsys, "state", str(fight))
    assert status == 0
    assert out.splitlines()[:2] == [
        "Orks in the Ventral Corridor · wrath-glory · round 1",
        "  Glory 0",
    ]
