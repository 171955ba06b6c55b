"""Every subcommand's whole ``--help`` fits the terminal, its usage lines included:
argparse lined a usage's parts up under the command's name, so `tracker serve --help` at
40 columns had ``[--max-viewers MAX_VIEWERS]`` end at column 48 and `tracker import
--help` listed ``{generic,alien-critical-injuries,…}`` over 101 columns even at 80; the
fish install line of `tracker completion --help` ended at 49. A usage error stays one
line, with no usage block printed above it."""

from __future__ import annotations

import pytest

from tests.test_help_examples import EVERY, help_of
from tracker.cli import main
from tracker.cli.examples import usage_parts


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("name", EVERY)
def test_no_line_of_a_subcommands_help_is_wider_than_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    said = help_of(capsys, name)
    assert [line for line in said.splitlines() if len(line) > columns] == []
    usage = said.split("\n\n")[0]
    assert usage.startswith(f"usage: tracker {name}") and "{" not in usage


@pytest.mark.parametrize("name", EVERY)
def test_a_usage_error_is_one_line_and_no_usage_block(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    capsys.readouterr()
    assert main([*name.split(), "--bogus"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "usage:" not in err, err
    assert err.startswith("tracker: unknown option '--bogus'")


def test_a_wrapped_usage_keeps_each_group_whole_and_in_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    usage = help_of(capsys, "serve").split("\n\n")[0]
    assert usage.splitlines()[0] == "usage: tracker serve"
    assert " ".join(usage.split()) == (
        "usage: tracker serve [-h] [--large] [--lan | --host HOST] [--port PORT]"
        " [--max-viewers MAX_VIEWERS] [--same-link] [--terminal] [--public-url PUBLIC_URL] FILE"
    )
    assert all(line.startswith("  [") or "FILE" in line for line in usage.splitlines()[1:])
    assert usage_parts(" [-h] [--round N | --rounds A-B] FILE [FILE ...]") == [
        "[-h]",
        "[--round N | --rounds A-B]",
        "FILE",
        "[FILE ...]",
    ]


def test_import_says_its_choices_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    said = " ".join(help_of(capsys, "import").split())
    assert "[--side SIDE]" in said and "[--tables KIND]" in said
    assert "pc, ally, enemy or neutral" in said and "alien-panic" in said
