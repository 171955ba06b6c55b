"""``tracker serve`` answers on loopback with a page naming the app, and no secrets in it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tests.serve_helpers import STARTUP, fetch, free_port, serve_terminal
from tracker.ui.player.launch import view_command


@pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None,
    reason="textual-serve is not installed (pip install textual-serve)",
)
def test_serve_answers_on_loopback(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "hide archer", "gm-note the ferryman is a spy")
    port = free_port()
    server = subprocess.Popen(
        serve_terminal(path, port),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        status, page = fetch(f"http://127.0.0.1:{port}/", time.monotonic() + STARTUP)
    finally:
        server.terminate()
        try:
            out, _ = server.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            out, _ = server.communicate()
    assert status == 200
    assert "tracker view · Bandits at the ford" in page
    assert "Archer" not in page and "spy" not in page
    assert f"http://127.0.0.1:{port}" in out.splitlines()[0]


def test_the_served_command_is_the_view_of_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "a fight.toml"
    command = view_command(path, large=True)
    assert command.startswith(sys.executable) or command.startswith(f"'{sys.executable}'")
    assert "-m tracker.cli view" in command
    assert f"'{path.resolve()}'" in command and command.endswith("--large")


@pytest.mark.parametrize("command", ["view", "serve"])
def test_a_missing_file_is_one_line_and_status_1(tmp_path: Path, command: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tracker.cli", command, str(tmp_path / "nope.toml")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("tracker: ") and "nope.toml" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
