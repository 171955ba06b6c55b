"""The log export's "Ailments suffered" lists ailments, not what a combatant took on by
its own doing: nerv-d100 Running/Sprinting (seed 000 l.121, 308), Defending (l.102) and a
Fate held for the next test (l.262) — nor Confusion's Idle turn (l.282)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ok


def test_running_defending_and_fate_held_are_not_ailments_suffered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "f.toml")
    ok(capsys, "new", path, "--ruleset", "nerv-d100")
    for line in (
        "add Asuka side=pc physique=45 will=40 grace=47 fate=2",
        "add Rei side=pc physique=40 will=40 grace=45",
        "add Sachiel physique=60 grace=40",
        "init asuka 9",
        "init rei 8",
        "init sachiel 1",
        "start",
        "act asuka sprinting",
        "spend asuka fate use=advantage",
        "ail asuka Frozen",
        "next",
        "act rei defend",
    ):
        ok(capsys, "do", "--dice", "", path, *line.split())
    recap = ok(capsys, "log", path)
    part = recap.split("**Ailments suffered**", 1)[1].split("###", 1)[0]
    assert part.strip() == "- Asuka: Frozen"


def test_confusions_idle_turn_is_not_an_ailment_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000 l.282, Confused at 0-1 DoF: "you do nothing" that turn — the tracker holds
    # the bearer Idle for the turn; the ailment suffered is Confused, listed once
    path = str(tmp_path / "f.toml")
    ok(capsys, "new", path, "--ruleset", "nerv-d100")
    for line in (
        "add Carol side=pc physique=45 will=40 grace=47",
        "add Sachiel physique=60 grace=40",
        "init carol 9",
        "init sachiel 1",
        "start",
        "ail carol confused dof=0",
    ):
        ok(capsys, "do", "--dice", "", path, *line.split())
    assert "Idle" in ok(capsys, "state", path)
    recap = ok(capsys, "log", path)
    part = recap.split("**Ailments suffered**", 1)[1].split("###", 1)[0]
    assert part.strip() == "- Carol: Confused"
