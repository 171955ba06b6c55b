"""A fight ended before it started (the party talked its way out, and the GM ends the
campaign fight to write it back) says so, not "after 0 rounds"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ok


def test_ending_before_the_first_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fight = tmp_path / "f.toml"
    ok(capsys, "new", fight, "--ruleset", "basic")
    ok(capsys, "do", fight, "add", "Ann", "side=pc", "hp=9")
    assert ok(capsys, "do", fight, "end") == "The fight ends before its first round\n"
    assert "0 rounds" not in ok(capsys, "log", fight, "-f", "text")
