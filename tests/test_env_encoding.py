"""A terminal (or pipe) that cannot show every character — ``PYTHONIOENCODING=ascii``, a
Latin-1 locale, an old Windows console: every command printed a traceback at its first
arrow or dash, and ``do`` did so after saving (exit 1: a script made it again). Now what
the stream cannot hold is written as ``\\uXXXX`` (JSON reads it back as the character)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve_helpers import free_port
from tests.ui_helpers import ROOT, basic_file
from tracker.store.encounter_file import load


def tracker(*args: object, encoding: str = "ascii") -> subprocess.CompletedProcess[str]:
    """``tracker ARGS`` whose standard output and error take only ``encoding``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "tracker.cli", *map(str, args)],
        capture_output=True,
        text=True,
        encoding=encoding,
        timeout=60,
        env=env,
    )


def test_a_command_on_an_ascii_terminal_is_saved_once_and_said(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    assert tracker("do", path, "start").returncode == 0
    done = tracker("do", path, "dmg", "orc", "4")
    assert (done.returncode, done.stderr) == (0, "")
    assert "Orc: HP 15 -> 11" in done.stdout  # the arrow as its ASCII stand-in
    assert load(path).encounter.state.combatant("orc").track("hp") == 11


@pytest.mark.parametrize("args", [["state", "F"], ["log", "F"], ["check", "F"], ["--help"]])
def test_reading_commands_on_an_ascii_terminal_never_trace_back(
    tmp_path: Path, args: list[str]
) -> None:
    path = basic_file(tmp_path)
    done = tracker(*[path if word == "F" else word for word in args])
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_a_refusal_on_an_ascii_terminal_is_one_line(tmp_path: Path) -> None:
    done = tracker("--bogus")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert " -- " in done.stderr and "Traceback" not in done.stderr


def test_json_on_an_ascii_pipe_reads_back_as_the_same_data(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    assert tracker("do", path, "add", "Zoë", "hp=3").returncode == 0
    done = tracker("state", path, "--json")
    assert "Zo\\u00eb" in done.stdout
    names = [c["name"] for c in json.loads(done.stdout)["combatants"]]
    assert "Zoë" in names


def test_serving_on_an_ascii_terminal_gives_the_address_without_a_code(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    serving = subprocess.Popen(
        [sys.executable, "-m", "tracker.cli", "serve", str(path), "--port", str(free_port())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="ascii",
        env=env,
    )
    try:
        assert serving.stdout is not None
        first = serving.stdout.readline()
    finally:
        serving.terminate()
        _, err = serving.communicate(timeout=30)
    assert first.startswith("tracker: the players' page of fight.toml"), (first, err)
    assert "Traceback" not in err
