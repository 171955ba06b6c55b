"""``add party`` (issue 15): a campaign's PCs join a fight already running, as they stand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import NERV_SAMPLE, cli, fighter, member, ok, refused


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Rei (the sample's roster) and Asuka, who carries an
    injury and Stress from an earlier fight (written back)."""
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    ok(capsys, "campaign", "add-pc", path, "Asuka", "physique=45", "will=40", "fate=2")
    first = tmp_path / "first.toml"
    ok(capsys, "campaign", "fight", path, first)
    # seed 000 l.203: wounds past the pool are injuries, each adds a Stress
    ok(capsys, "do", first, "wound", "asuka", "5", "@left_leg")
    ok(capsys, "campaign", "writeback", path, first, "--yes")
    return path


def test_add_party_brings_the_rest_in_as_they_stand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    fight = tmp_path / "rei-alone.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "rei")
    ok(capsys, "do", fight, "add", "Sachiel", "physique=60", "side=enemy")
    ok(capsys, "do", fight, "start")
    said = ok(capsys, "do", fight, "add", "party")
    carried = member(campaign, "asuka")
    assert "Asuka joins from the party" in said
    asuka = fighter(fight, "asuka")
    assert asuka.track("stress") == carried.lasting.tracks["stress"] >= 1
    assert asuka.track("wounds") == carried.lasting.tracks["wounds"]
    assert carried.lasting.injuries  # the leg injury lasts
    assert "Foot Pain" in said  # seed 000 l.223, the Leg injury chart's first row
    ok(capsys, "do", fight, "undo")  # one command: one undo takes Asuka out again
    ok(capsys, "do", fight, "add", "party", "asu")
    code, out, _ = cli(capsys, "campaign", "writeback", campaign, fight)  # no terminal
    assert code == 1 and "Asuka" in out and "Rei" in out  # shown, not written


def test_add_party_refuses_what_it_cannot_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], campaign: Path
) -> None:
    fight = tmp_path / "all.toml"
    ok(capsys, "campaign", "fight", campaign, fight)
    err = refused(capsys, [fight, campaign], "do", fight, "add", "party")
    assert "whole party is in the fight already" in err
    err = refused(capsys, [fight], "do", fight, "add", "party", "misato")
    assert "no PC called 'misato'" in err and "Asuka" in err
    one_off = tmp_path / "one-off.toml"
    ok(capsys, "new", one_off, "--ruleset", "nerv-d100")
    err = refused(capsys, [one_off], "do", one_off, "add", "party")
    assert "belongs to no campaign" in err
