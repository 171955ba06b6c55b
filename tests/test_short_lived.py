"""``tracker do``/``state`` run as the program set the garbage collector for a process
that ends with its command (issue 32: their start): few collections while some hundred
thousand long-lived objects are made, none of them gone over again on the way out. The
TUI, the live views and ``main(ARGS)`` called from Python keep Python's own settings."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.cli import YOUNG_OBJECTS, main, short_lived

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "nerv-sachiel.toml"

AS_THE_PROGRAM = (
    "import gc, sys\n"
    "sys.argv = ['tracker', *sys.argv[1:]]\n"
    "from tracker.cli import main\n"
    "status = main()\n"
    "print('GC', gc.get_threshold()[0], gc.get_freeze_count() > 0, status, flush=True)\n"
)
"""``tracker ARGS`` as the console script runs it, then what became of the collector."""


def _as_the_program(*args: str) -> tuple[list[str], str]:
    result = subprocess.run(
        [sys.executable, "-c", AS_THE_PROGRAM, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines = result.stdout.splitlines()
    assert lines and lines[-1].startswith("GC "), result.stderr
    return lines, lines[-1]


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    path = tmp_path / "fight.toml"
    shutil.copyfile(SAMPLE, path)
    return path


def test_do_and_state_as_the_program_collect_seldom_and_freeze_at_the_end(fight: Path) -> None:
    lines, after = _as_the_program("do", str(fight), "start")
    assert after == f"GC {YOUNG_OBJECTS} True 0"
    assert any("Round 1" in line for line in lines)  # what it did was said, in full
    lines, after = _as_the_program("state", str(fight))
    assert after == f"GC {YOUNG_OBJECTS} True 0"
    assert "round 1" in lines[0]


def test_a_refused_command_still_says_why(fight: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tracker", "do", str(fight), "dmg", "nobody", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=fight.parent,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("tracker: ") and "nobody" in result.stderr
    assert "Traceback" not in result.stderr
    assert fight.read_bytes() == SAMPLE.read_bytes()


@pytest.mark.parametrize(
    "args",
    [[], ["fight.toml"], ["view", "fight.toml"], ["serve", "fight.toml"], ["nonsense"]],
)
def test_the_tui_and_the_live_views_keep_pythons_collector(args: list[str]) -> None:
    assert not short_lived(args)


@pytest.mark.parametrize(
    "args", [["do", "f", "next"], ["state", "f"], ["log", "f"], ["ls"], ["--help"], ["_complete"]]
)
def test_commands_that_end_when_done_are_short_lived(args: list[str]) -> None:
    assert short_lived(args)


def test_main_called_from_python_leaves_the_collector_alone(
    fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    assert main(["state", str(fight)]) == 0
    assert (gc.get_threshold(), gc.get_freeze_count()) == (before, frozen)
    assert "Sachiel" in capsys.readouterr().out
