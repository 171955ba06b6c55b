"""More of what a new GM met on a first evening (see test_first_evening.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``tracker ARGV…``: (exit status, stdout, stderr)."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_ls_says_whose_turn_as_state_and_the_log_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ls`` said "round 1, Boss's turn" where the log, ``state`` and the screen say
    "Boss' turn"."""
    fight = str(tmp_path / "f.toml")
    run(capsys, "new", fight, "--ruleset", "basic")
    run(capsys, "do", fight, "add", "Boss", "hp=5", "init=99")
    said = run(capsys, "do", fight, "start")[1]
    assert "Boss' turn" in said
    listed = run(capsys, "ls", str(tmp_path))[1]
    assert "round 1, Boss' turn" in listed and "Boss's" not in listed
