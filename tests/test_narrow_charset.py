"""A terminal whose character set is ASCII (``LANG=C`` on an older system,
``PYTHONIOENCODING=ascii``) or Latin-1: every command prints, with ASCII stand-ins for
the tracker's dashes, dots and arrows, never a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


def tracker(encoding: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "tracker", *args], env=env, capture_output=True, timeout=120
    )


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    copy = tmp_path / "ford.toml"
    shutil.copyfile(SAMPLE, copy)
    return copy


def test_an_ascii_terminal_gets_every_command_in_ascii(fight: Path) -> None:
    for args in (
        ["--help"],
        ["state", str(fight)],
        ["do", str(fight), "start", "--seed", "3"],
        ["log", str(fight), "-f", "txt"],
        ["state", str(fight)],
    ):
        done = tracker("ascii", *args)
        assert done.returncode == 0, (args, done.stderr)
        assert b"Traceback" not in done.stderr
        done.stdout.decode("ascii")  # nothing but ASCII reached the terminal
    said = tracker("ascii", "state", str(fight)).stdout.decode("ascii")
    assert said.startswith("Bandits at the ford - ")  # "·" as a plain dash


def test_a_refusal_on_an_ascii_terminal_is_one_ascii_line(tmp_path: Path) -> None:
    done = tracker("ascii", "new", str(tmp_path / "f.toml"), "--ruleset", "nope")
    assert done.returncode == 1
    line = done.stderr.decode("ascii")
    assert line.count("\n") == 1 and "'nope' -- installed" in line and "Traceback" not in line


def test_a_latin1_terminal_keeps_the_letters_it_has(fight: Path) -> None:
    done = tracker("latin-1", "log", str(fight), "-f", "txt")
    assert done.returncode == 0, done.stderr
    assert "Bandits at the ford -- round log" in done.stdout.decode("latin-1")


def test_a_letter_the_terminal_lacks_is_its_escape_not_a_question_mark(fight: Path) -> None:
    assert tracker("ascii", "do", str(fight), "add", "Zoë", "hp=3").returncode == 0
    said = tracker("ascii", "state", str(fight)).stdout.decode("ascii")
    assert "Zo\\u00eb" in said and "Zo?" not in said  # told apart from "Zoé" and "Zo?"
