"""``tracker campaign add-pc`` takes stats as ``add`` does (docs/campaign.md): a dice value
is rolled once, the roll said and kept in the campaign's journal, never rolled again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import cli, ok
from tracker.store.campaign_load import load_campaign


def campaign(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = folder / "ford.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic", "--title", "Ford")
    return path


def test_a_dice_stat_is_rolled_once_and_the_roll_said_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path, capsys)
    out = ok(capsys, "campaign", "add-pc", path, "Mara", "hp=2d6+2", "--dice", "3,4")
    assert out.splitlines() == ["Mara joins the party: hp 2d6+2 = 9 [3, 4]", "  HP 9/9"]
    mara = load_campaign(path).campaign.state.party["mara"]
    assert mara.entry["stats"]["hp"] == 9 and mara.lasting.limits["hp"] == 9
    log = ok(capsys, "campaign", "log", path)
    assert "Mara joins the party: hp 2d6+2 = 9 [3, 4]" in log
    assert load_campaign(path).campaign.state.party["mara"].entry["stats"]["hp"] == 9


def test_dice_that_cannot_be_rolled_are_one_line_and_the_file_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path, capsys)
    before = path.read_bytes()
    code, out, err = cli(capsys, "campaign", "add-pc", path, "Tobin", "hp=1d0")
    assert (code, out) == (1, "") and err.count("\n") == 1 and "hp=1d0" in err
    assert path.read_bytes() == before
