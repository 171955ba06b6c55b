"""A choice typed wrong on the command line is said in the GM's words: no argparse
inner name (``argument action:``), no wall of fifteen choices, the closest one offered;
the usage line says COMMAND and ACTION, not every subcommand in braces."""

from __future__ import annotations

import pytest

from tests.cli_helpers import run
from tracker.cli import main


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["campaign", "nwe"], "'nwe' is not one of the 15 choices; did you mean new?"),
        (["campaign", "zzz"], "'zzz' is not one of the 15 choices (the help lists them)"),
        (["completion", "bsh"], "'bsh' is not one of bash, zsh or fish; did you mean bash?"),
        (["rulesets", "chek", "basic"], "'chek' is not check —"),
        (["import", "--side", "foe", "x.json"], "--side: 'foe' is not one of pc, ally,"),
    ],
)
def test_a_wrong_choice_is_one_short_sentence_with_the_closest(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert said in err, err
    assert "argument " not in err and "add-pc" not in err, err


def test_a_missing_action_is_named_as_the_usage_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "campaign")
    assert status == 2 and err.startswith("tracker: ACTION missing")


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        (["--help"], "usage: tracker [-h] [--version] COMMAND ..."),
        (["campaign", "--help"], "usage: tracker campaign [-h] ACTION ..."),
    ],
)
def test_the_usage_line_names_the_command_not_every_one_in_braces(
    capsys: pytest.CaptureFixture[str], args: list[str], usage: str
) -> None:
    capsys.readouterr()
    try:
        main(args)
    except SystemExit:
        pass
    out = capsys.readouterr().out
    assert out.splitlines()[0] == usage
    assert "{" not in out
