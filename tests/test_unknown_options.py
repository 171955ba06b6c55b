"""An option the subcommand does not know is named as such, first, whatever else is
missing (``tracker state --bogus`` said "FILE missing"), with the option meant when one
is close; a word too many is said as one."""

from __future__ import annotations

import pytest

from tests.cli_helpers import run


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["state", "--bogus"], "unknown option '--bogus' — see `tracker state --help`"),
        (["new", "--rulset", "basic"], "unknown option '--rulset'; did you mean --ruleset?"),
        (["campaign", "show", "--jsno"], "unknown option '--jsno'; did you mean --json?"),
        (["log", "-x"], "unknown option '-x'"),
        (["state", "x.toml", "--jsn"], "unknown option '--jsn'"),
        (["rulesets", "--json"], "unknown option '--json'"),
        (["state", "a.toml", "b.toml"], "one word too many: 'b.toml'"),
    ],
)
def test_an_unknown_option_is_named_first(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert said in err, err
    assert "missing" not in err and "unrecognized arguments" not in err


@pytest.mark.parametrize(
    ("args", "said"),
    [(["state", "--js"], "FILE missing"), (["do", "--seed", "3"], "FILE and COMMAND missing")],
)
def test_a_known_option_or_its_start_leaves_what_is_missing_said(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    status, _, err = run(capsys, *args)
    assert status == 2 and said in err, err


def test_json_asked_of_log_as_of_state_says_how_log_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "log", "x.toml", "--json")
    assert (status, out) == (2, "") and "`tracker log` writes JSON with -f json" in err
