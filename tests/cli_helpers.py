"""Running the command line in-process, as the CLI tests read it: the exit status and
what went to standard output and error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tracker.cli import main

ROOT = Path(__file__).resolve().parents[1]
FORD = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """``tracker ARGS``: (exit status, stdout, stderr), only this run's output."""
    capsys.readouterr()
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def ok(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    """``tracker ARGS``, which must succeed (exit 0): its standard output."""
    status, out, err = run(capsys, *args)
    assert status == 0, err
    return out


def ford_copy(folder: Path) -> Path:
    """A copy of the bundled basic sample in ``folder``, to play on."""
    copy = folder / "ford.toml"
    shutil.copyfile(FORD, copy)
    return copy
