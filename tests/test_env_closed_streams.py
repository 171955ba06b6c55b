"""Standard input, output or error closed by the caller (``>&-``, ``<&-`` in a script or a
service): Python makes them None, and every command traced back after saving (exit 120:
a script that retries made it again); the screen's terminal check traced back too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui_helpers import ROOT, basic_file
from tracker.store.encounter_file import load


def closed(redirect: str, *args: object) -> subprocess.CompletedProcess[str]:
    """``tracker ARGS`` run by a shell with ``redirect`` (say ``>&-``) applied (and no
    test driver standing in for a terminal)."""
    words = " ".join(f"'{a}'" for a in args)
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        ["bash", "-c", f"exec '{sys.executable}' -m tracker.cli {words} {redirect}"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_a_command_with_its_output_closed_is_saved_once_and_exits_0(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    done = closed(">&-", "do", path, "start")
    assert (done.returncode, done.stderr) == (0, "")
    assert load(path).encounter.state.round == 1


@pytest.mark.parametrize("args", [["state", "F"], ["log", "F"], ["check", "F"]])
def test_reading_commands_with_their_output_closed_exit_0(tmp_path: Path, args: list[str]) -> None:
    path = basic_file(tmp_path)
    done = closed(">&-", *[path if word == "F" else word for word in args])
    assert (done.returncode, done.stderr) == (0, "")


def test_a_refusal_with_its_error_stream_closed_is_still_status_1(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    before = path.read_bytes()
    assert closed("2>&-", "do", path, "dmg", "nobody", "3").returncode == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("args", [["F"], ["view", "F"]])
def test_the_screen_with_its_input_closed_says_it_needs_a_terminal(
    tmp_path: Path, args: list[str]
) -> None:
    path = basic_file(tmp_path)
    done = closed("<&-", *[path if word == "F" else word for word in args])
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "needs a terminal" in done.stderr
