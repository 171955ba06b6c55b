"""A file named on the command line as ``-`` (standard input, which the tracker never
reads) or as a blank name (which named the current folder) is a misused command line:
exit 2, one sentence without argparse's ``argument FILE:`` words, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run


@pytest.fixture(autouse=True)
def empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


COMMANDS = [
    ["state", "{}"],
    ["do", "{}", "next"],
    ["log", "{}"],
    ["check", "{}"],
    ["ls", "{}"],
    ["import", "{}"],
    ["new", "{}", "--ruleset", "basic"],
    ["campaign", "show", "{}"],
    ["campaign", "new", "{}", "--ruleset", "basic"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_dash_for_a_file_is_a_misused_command_line(
    capsys: pytest.CaptureFixture[str], empty_folder: Path, command: list[str]
) -> None:
    status, out, err = run(capsys, *(word.format("-") for word in command))
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert "'-' would be standard input" in err and "argument" not in err
    assert list(empty_folder.iterdir()) == []


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_blank_file_name_is_a_misused_command_line(
    capsys: pytest.CaptureFixture[str], empty_folder: Path, command: list[str]
) -> None:
    status, out, err = run(capsys, *(word.format("") for word in command))
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert "the name is blank" in err
    assert list(empty_folder.iterdir()) == []


def test_an_option_s_own_words_are_not_said_twice(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "log", "f.toml", "-o", "")
    assert status == 2
    assert err.startswith("tracker: -o needs a file name") and "argument" not in err
