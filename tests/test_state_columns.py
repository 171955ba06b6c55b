"""``tracker state`` reads as a table: every combatant's track starts in the same
column whatever the length of the names (``Rei Ayanami (on foot)`` pushed hers along),
and the first line names the ruleset by its id, as the TUI's header and ``tracker ls``
do, so it fits 80 columns."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len

from tracker.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))


def state_of(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    capsys.readouterr()
    assert main(["state", str(path)]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_tracks_start_in_one_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fight = tmp_path / "s.toml"
    shutil.copyfile(ROOT / "encounters" / "nerv-sachiel.toml", fight)
    assert main(["do", str(fight), "add", "Kaworu Nagisa the Fifth Child", "side=ally"]) == 0
    rows = state_of(capsys, fight)[1:]
    starts = {row.index(" W ") for row in rows}
    assert len(rows) == 5 and len(starts) == 1, rows


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_the_first_line_names_the_ruleset_by_id_within_80_columns(
    capsys: pytest.CaptureFixture[str], sample: Path
) -> None:
    first = state_of(capsys, sample)[0]
    ruleset = first.split(" · ")[1]
    assert " " not in ruleset and cell_len(first) <= 80, first
