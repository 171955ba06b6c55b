"""After a kill between the two files of a two-file command, `tracker check` (without
--repair, so changing nothing) says what the crash left half done — a campaign's fight
whose file was never made, a saved stat block the bestiary never got — and what finishes
it, where it said "ok"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.crash_points import KILLED, count_points, killed_at, run_cli
from tests.two_file_helpers import SAVE, campaign_in, encounter_in, quiet
from tracker.store.bestiary import user_bestiary_file
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import load


def check(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[str, str]:
    """``tracker check PATH``, which must pass (status 0); (stdout, stderr)."""
    assert run_cli(["check", path]) == 0
    out, err = capsys.readouterr()
    return out, err


def test_check_names_a_fight_whose_file_a_crash_never_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = campaign_in(tmp_path / "c", capsys)
    f1 = camp.parent / "f1.toml"
    quiet(capsys, "campaign", "fight", camp, f1, "--only", "rei")
    f1.unlink()  # as a kill right after the campaign's write leaves it
    before = camp.read_bytes()
    out, err = check(capsys, camp)
    assert out.startswith(f"{camp}: plays, with a fight's file missing — ")
    assert err.count("\n") == 1 and "fight 1 (" in err and "its file f1.toml is missing" in err
    assert f"`tracker check --repair {camp}` makes it" in err
    assert camp.read_bytes() == before and not f1.exists()


def test_check_says_ok_only_when_every_fight_a_kill_left_has_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counted = campaign_in(tmp_path / "n", capsys)
    total = count_points(["campaign", "fight", counted, counted.parent / "f1.toml"])
    for at in range(1, total + 1):
        camp = campaign_in(tmp_path / f"k{at}", capsys)
        assert killed_at(at, ["campaign", "fight", camp, camp.parent / "f1.toml"]) == KILLED
        fights = load_campaign(camp).campaign.state.fights
        whole = all((camp.parent / f.file).exists() for f in fights)
        out, err = check(capsys, camp)
        assert (": ok — " in out) == whole and (err == "") == whole, (at, out, err)


def test_check_names_a_stat_block_a_crash_kept_from_the_bestiary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = encounter_in(tmp_path / "f")
    quiet(capsys, "do", path, *SAVE)
    bestiary = user_bestiary_file("basic")
    bestiary.write_text('ruleset = "basic"\n', encoding="utf-8")  # as a kill left it
    saved_at = load(path).encounter.events[-1].at.timestamp()
    os.utime(bestiary, (saved_at - 60, saved_at - 60))
    before = path.read_bytes(), bestiary.read_bytes()
    out, err = check(capsys, path)
    assert out.startswith(f"{path}: plays, with a stat block not saved — ")
    assert "the stat block 'brute' saved by the last command is not in the bestiary" in err
    assert err.count("\n") == 1 and f"`tracker check --repair {path}`" in err
    assert (path.read_bytes(), bestiary.read_bytes()) == before
    quiet(capsys, "check", "--repair", path)
    out, err = check(capsys, path)
    assert ": ok — " in out and err == ""
