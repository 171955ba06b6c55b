"""The first word of ``tracker WORD …`` when it is not a subcommand: ``tracker help``
as git and pip take it, a misspelt subcommand answered with the one meant, and a
fight's command typed without ``do FILE`` said so; exit 2, one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run
from tracker.cli import main


@pytest.fixture(autouse=True)
def empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_tracker_help_is_tracker_dash_dash_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "help") == run(capsys, "--help")
    status, out, err = run(capsys, "help")
    assert status == 0 and out.startswith("usage: tracker") and err == ""


@pytest.mark.parametrize(
    ("asked", "same_as"),
    [(["state"], ["state", "--help"]), (["campaign", "new"], ["campaign", "new", "--help"])],
)
def test_tracker_help_subcommand_is_its_help(
    capsys: pytest.CaptureFixture[str], asked: list[str], same_as: list[str]
) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as helped:
        main(["help", *asked])
    out = capsys.readouterr().out
    assert helped.value.code == 0 and out.startswith(f"usage: tracker {' '.join(asked)}")
    with pytest.raises(SystemExit):
        main(same_as)
    assert capsys.readouterr().out == out


def test_a_file_named_help_is_still_opened_as_a_file(
    capsys: pytest.CaptureFixture[str], empty_folder: Path
) -> None:
    (empty_folder / "help").write_text("not toml at all [", encoding="utf-8")
    status, out, err = run(capsys, "help")
    assert status == 1 and out == "" and not err.startswith("tracker: no command")


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (["stat", "fight.toml"], "state"),
        (["stat"], "state"),
        (["lgo", "fight.toml"], "log"),
        (["campain", "show", "c.toml"], "campaign"),
        (["help", "stat"], "state"),
    ],
)
def test_a_misspelt_subcommand_names_the_one_meant(
    capsys: pytest.CaptureFixture[str], args: list[str], meant: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"did you mean `tracker {meant}`?" in err, err


@pytest.mark.parametrize("args", [["roll", "2d6"], ["next"], ["dmg", "orc", "5"]])
def test_a_fight_command_without_do_file_says_how_to_type_it(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"`tracker do FILE {args[0]} …`" in err


def test_a_word_like_no_command_is_still_a_new_file_to_make(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "ambush")
    assert status == 1 and "create one with `tracker new ambush.toml" in err


def test_an_existing_file_named_like_a_command_is_opened(
    capsys: pytest.CaptureFixture[str], empty_folder: Path
) -> None:
    (empty_folder / "stat").write_text("[", encoding="utf-8")
    status, _, err = run(capsys, "stat")
    assert status == 1 and "did you mean" not in err and "unknown command" not in err


def test_two_files_to_play_is_one_too_many(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "a.toml", "b.toml")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "plays one file at a time: `tracker a.toml`" in err
