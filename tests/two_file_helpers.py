"""What the two-file-command tests start from: a nerv-d100 campaign of two PCs, a copy of
the basic sample, the command that saves a block from it to the bestiary, and a quiet
``tracker`` run that must succeed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.crash_points import run_cli

ROOT = Path(__file__).resolve().parents[1]
SAVE = ["save-template", "captain", "as", "brute"]


def quiet(capsys: pytest.CaptureFixture[str], *args: object) -> None:
    """Run ``tracker ARGS``, which must succeed."""
    status = run_cli(args)
    out, err = capsys.readouterr()
    assert status == 0, err


def campaign_in(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign of two PCs in ``folder``."""
    folder.mkdir()
    path = folder / "c.toml"
    quiet(capsys, "campaign", "new", path, "--ruleset", "nerv-d100")
    quiet(capsys, "campaign", "add-pc", path, "Asuka", "physique=45", "will=40", "fate=2")
    quiet(capsys, "campaign", "add-pc", path, "Rei", "physique=32", "will=48", "fate=1")
    return path


def encounter_in(folder: Path) -> Path:
    """A copy of the basic sample in ``folder`` (its own user data folder beside it)."""
    folder.mkdir()
    path = folder / "ford.toml"
    shutil.copyfile(ROOT / "encounters" / "basic-bandits-at-the-ford.toml", path)
    return path
