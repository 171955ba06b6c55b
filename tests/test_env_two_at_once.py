"""Two headless commands on one file at the same instant (two terminals, a macro that
fires two ``tracker do``): one of them was refused every time ("open for writing by
another process"); now a writing command waits a moment for another one to let go, so
both land, and only a holder that stays (the TUI) is named after that wait."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.campaign_helpers import cli
from tests.ui_helpers import ROOT, basic_file
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import EncounterFile, load


def launch(*args: object) -> subprocess.Popen[str]:
    """``tracker ARGS`` started in its own process."""
    return subprocess.Popen(
        [sys.executable, "-m", "tracker.cli", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def notes_in(path: Path) -> list[str]:
    return [e.text for e in load(path).encounter.events if type(e).__name__ == "NoteAdded"]


def test_two_do_at_the_same_instant_both_land(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    for round_ in range(4):
        pair = [launch("do", path, "note", f"{round_}{side}") for side in "ab"]
        for proc in pair:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err
    assert sorted(notes_in(path)) == sorted(f"{r}{s}" for r in range(4) for s in "ab")


def test_two_campaign_commands_at_the_same_instant_both_land(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = tmp_path / "camp.toml"
    assert cli(capsys, "campaign", "new", camp, "--ruleset", "basic")[0] == 0
    names = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
    for pair in names:
        running = [launch("campaign", "add-pc", camp, name, "hp=5") for name in pair]
        for proc in running:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err
    party = sorted(load_campaign(camp).campaign.state.party)
    assert party == sorted(name.casefold() for pair in names for name in pair)


def test_a_holder_that_stays_is_named_after_the_wait(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = basic_file(tmp_path)
    before = path.read_bytes()
    holding, done = threading.Event(), threading.Event()

    def gm_at_the_table() -> None:
        with EncounterFile(path):
            holding.set()
            done.wait(30)

    table = threading.Thread(target=gm_at_the_table)
    table.start()
    try:
        assert holding.wait(30)
        code, _, err = cli(capsys, "do", path, "note", "from a script")
    finally:
        done.set()
        table.join()
    assert code == 1 and "fight.toml is open for writing by pid" in err
    assert path.read_bytes() == before


def test_an_import_into_a_fight_waits_for_another_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tracker import … --into F`` was refused at once while another command wrote F;
    it now waits as ``tracker do`` does, and the actor joins once the other lets go."""
    fight = tmp_path / "fight.toml"
    fight.write_bytes((ROOT / "encounters" / "wrath-ork-boarding.toml").read_bytes())
    actor = ROOT / "tests" / "fixtures" / "foundry" / "wrath-agent.json"
    holding = threading.Event()

    def another_command() -> None:
        with EncounterFile(fight):
            holding.set()
            threading.Event().wait(0.3)  # a command's write, a moment long

    other = threading.Thread(target=another_command)
    other.start()
    try:
        assert holding.wait(30)
        code, out, err = cli(capsys, "import", actor, "--into", fight)
    finally:
        other.join()
    assert code == 0, err
    assert "Sister Amelia" in out
    names = [c.name for c in load(fight).encounter.state.combatants.values()]
    assert any(name.startswith("Sister Amelia") for name in names)
