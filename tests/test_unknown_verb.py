"""A command the ruleset does not take is refused with the one most likely meant, not a
list of every command (thirty-two of them, wrapped over the screen); an option
``tracker do`` does not take is a misused command line, not an unknown command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ford_copy, run


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    return ford_copy(tmp_path)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (["nxt"], "unknown command 'nxt' — did you mean 'next'? ('help' lists them)"),
        (["dmgg", "mara", "3"], "unknown command 'dmgg' — did you mean 'dmg'?"),
        (["fly", "mara"], "unknown command 'fly' — 'help' lists them"),
    ],
)
def test_an_unknown_command_offers_the_closest(
    capsys: pytest.CaptureFixture[str], fight: Path, typed: list[str], said: str
) -> None:
    before = fight.read_bytes()
    status, out, err = run(capsys, "do", str(fight), *typed)
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert said in err and "roll-init" not in err, err
    assert fight.read_bytes() == before


def test_an_option_do_does_not_take_is_a_misused_command_line(
    capsys: pytest.CaptureFixture[str], fight: Path
) -> None:
    before = fight.read_bytes()
    status, _, err = run(capsys, "do", str(fight), "--seeed", "3", "next")
    assert status == 2 and "unknown option '--seeed'" in err and "--seed and --dice" in err
    assert fight.read_bytes() == before
