"""An eva-escale campaign: Critical Damage per location and spent Fate carried (seed 001)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import campaign_from, fighter, member, ok

EVA_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "eva-escale-ramiel.toml"


def test_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Damage past 0 is Critical Damage for Fate holders (l.65, 96); it and Fate spent stay:
    the text states no rest, so the next fight starts as the last one ended."""
    path = campaign_from(
        tmp_path / "nerv.toml", capsys, "eva-escale", EVA_SAMPLE, "shinji", "unit-01"
    )
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight)
    for line in ("start --seed 1", "wound unit-01 25 @left_arm", "spend shinji fate", "end"):
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "campaign", "writeback", path, fight, "--yes")
    assert "Critical @left arm — → 13" in said  # 25 wounds on a 12-wound arm: 13 past 0
    unit = member(path, "unit-01").lasting
    assert unit.tracks["wounds@left arm"] == 0 and unit.tracks["critical@left arm"] == 13
    assert member(path, "shinji").lasting.tracks["fate"] == 1
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", path, fight2)
    assert fighter(fight2, "unit-01").track("critical@left arm") == 13
    assert fighter(fight2, "unit-01").track("wounds@left arm") == 0
    assert fighter(fight2, "shinji").track("fate") == 1
    assert fighter(fight2, "shinji").limits["fate"] == 2
