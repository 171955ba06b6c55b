"""The campaign recap's timeline follows what the campaign carries for the ruleset, not
only Stress and Trauma: a wrath-glory Hero's Wounds and Defiance failures (seed 002
l.234-251), an Evangelion's Critical Damage on a location (seed 001) — each where it
changed; a track that never moved stays out of the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import campaign_from, ok

ENCOUNTERS = Path(__file__).resolve().parents[1] / "encounters"


def campaign_of(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, sample: str, *pcs: str
) -> Path:
    """A campaign of ``ruleset`` with PCs from ``sample``'s roster."""
    return campaign_from(
        tmp_path / "c.toml", capsys, ruleset, ENCOUNTERS / sample, *pcs, title="Night"
    )


def fought(capsys: pytest.CaptureFixture[str], campaign: Path, fight: Path, *lines: str) -> None:
    """A fight made, ``lines`` played with the dice given, written back."""
    ok(capsys, "campaign", "fight", campaign, fight)
    for line in lines:
        ok(capsys, "do", "--dice", "2", fight, *line.split())
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")


def timeline(text: str, name: str) -> list[list[str]]:
    """The cells of each row of the PC's timeline table in a Markdown recap (the header,
    the rule, then a row per change)."""
    part = text[text.index(f"### {name}", text.index("## The party")) :]
    rows = [line for line in part.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.split("|")[1:-1]] for row in rows]


def test_a_wrath_heros_wounds_and_defiance_failures_are_in_the_timeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Kell (Wounds 6, Resilience 6) takes DR 14: 0 Wounds; a Defiance Check of 2 is one
    failure (l.249). The timeline reads Wounds 6 → 0, Defiance 0 → 1, in Markdown and
    HTML; his Shock, which never moved, is no column."""
    campaign = campaign_of(tmp_path, capsys, "wrath-glory", "wrath-ork-boarding.toml", "kell")
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight, "add ork-nob", "start", "dmg kell 14", "defiance kell")
    kell = timeline(ok(capsys, "campaign", "recap", campaign), "Trooper Kell")
    assert kell[0][2:] == ["injuries", "Wounds", "Defiance"]
    assert kell[2][2:] == ["—", "6", "0"] and kell[3][2:] == ["—", "0", "1"]
    html = ok(capsys, "campaign", "recap", campaign, "-f", "html")
    part = html[html.index("Trooper Kell", html.index("The party")) :]
    assert "Wounds" in part and "Defiance" in part


def test_an_evangelions_critical_damage_is_in_the_timeline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unit-02's left arm (11 wounds, Soak 9) takes 40: 0 wounds there and, Asuka aboard
    holding Fate, Critical Damage 20 (seed 001): the timeline has both columns, and none
    for the locations that were not hit."""
    sample = "eva-escale-ramiel.toml"
    campaign = campaign_of(tmp_path, capsys, "eva-escale", sample, "unit-02", "asuka")
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight, "dmg unit-02 40 @left-arm")
    unit = timeline(ok(capsys, "campaign", "recap", campaign), "Unit-02")
    assert unit[0][2:] == ["injuries", "Wounds @left arm", "Critical @left arm"]
    assert unit[2][2:] == ["—", "11", "—"] and unit[3][2:] == ["—", "0", "20"]
