"""The shell's current folder deleted (or moved) under the GM: commands naming files in it
say so in one sentence and change nothing; files named by their full path still work."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.campaign_helpers import cli
from tests.ui_helpers import basic_file

GONE = "the current folder was deleted or moved — change to a folder that exists (cd)"


@pytest.fixture
def gone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to keep the GM's files (``kept``), the current folder deleted under us."""
    kept = tmp_path / "kept"
    kept.mkdir()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    os.rmdir(here)
    return kept


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_listing_the_current_folder_says_it_is_gone(
    gone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = cli(capsys, "ls", ".")
    assert (code, out) == (1, "") and err.startswith(f"tracker: {GONE}") and err.count("\n") == 1


def test_a_new_file_in_the_deleted_folder_is_refused_in_a_sentence(
    gone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "new", "x.toml", "--ruleset", "basic")
    assert code == 1 and err.count("\n") == 1
    assert "x.toml: cannot write the file: the folder . was deleted or moved — " in err


def test_a_campaign_fight_named_in_the_deleted_folder_changes_nothing(
    gone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(capsys, "campaign", "new", gone / "c.toml", "--ruleset", "basic")[0] == 0
    assert cli(capsys, "campaign", "add-pc", gone / "c.toml", "Hero", "hp=10")[0] == 0
    before = _files(gone)
    code, _, err = cli(capsys, "campaign", "fight", gone / "c.toml", "next.toml")
    assert code == 1 and err == f"tracker: {GONE} or name the file with its full path\n"
    assert _files(gone) == before


def test_an_export_to_a_folder_in_the_deleted_folder_says_so(
    gone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = basic_file(gone)
    code, _, err = cli(capsys, "log", fight, "-o", "recaps/")
    assert code == 1 and err.startswith(f"tracker: recaps: cannot make the folder: {GONE}")


def test_a_file_named_by_its_full_path_still_plays(
    gone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = basic_file(gone)
    code, out, _ = cli(capsys, "do", fight, "start")
    assert code == 0 and "Round 1" in out


@pytest.mark.parametrize("command", [["new"], ["campaign", "new"]])
def test_a_file_where_the_folder_should_be_is_named_as_such(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    wall = tmp_path / "games"
    wall.write_bytes(b"not a folder\n")
    code, _, err = cli(capsys, *command, wall / "x.toml", "--ruleset", "basic")
    assert code == 1 and err == (
        f"tracker: {wall / 'x.toml'}: cannot write the file: {wall} is not a folder — "
        "name another place\n"
    )
    assert wall.read_bytes() == b"not a folder\n"
