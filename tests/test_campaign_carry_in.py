"""What a PC brings into the next fight, as the GM reads it on its first frame.

Rei (nerv-d100 sample): Physique 32 → Physique Bonus 3, her Wounds; a wound past the
pool is 1 Injury (seed 000 l.203); more Injury points than Physique Bonus: incapacitated
(l.206) until the injuries are treated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ALIEN_SAMPLE, REI, fighter, ok, tokyo
from tracker.store.encounter_file import load


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Rei."""
    return tokyo(tmp_path, capsys, REI)


def written_back(
    capsys: pytest.CaptureFixture[str], campaign: Path, fight: Path, *lines: str
) -> None:
    """Fight ``fight`` made from the campaign, ``lines`` played, written back."""
    ok(capsys, "campaign", "fight", campaign, fight)
    for line in lines:
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")


def test_an_incapacitated_pc_enters_the_next_fight_down(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rei ends fight 1 with 4 Injuries > PB 3: she is down in fight 2 from its first
    frame (not active, taking turns), the party screen's notes say why, and treating one
    injury (4 → 3) lets her fight again."""
    written_back(capsys, campaign, tmp_path / "f1.toml", "wound rei 7 @body")
    said = ok(capsys, "campaign", "show", campaign)
    assert "incapacitated (Injuries 4 > Physique Bonus 3; l.206)" in said
    two = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, two)
    assert fighter(two, "rei").status == "down"
    log = ok(capsys, "log", two, "-f", "text")
    assert "Rei Ayanami (on foot) is incapacitated: 4 injuries > Physique Bonus 3" in log
    ok(capsys, "campaign", "treat", campaign, "rei", "1", "--note", "field surgery")
    three = tmp_path / "f3.toml"
    ok(capsys, "campaign", "fight", campaign, three)
    assert fighter(three, "rei").status == "active"


def test_the_carried_tracks_are_said_in_the_games_words(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first lines of fight 2 name each carried track as the summary and `campaign
    show` do ("Wounds 0/3", not "wounds 0/3") and a carried condition as one held."""
    written_back(capsys, campaign, tmp_path / "f1.toml", "wound rei 4 @body", "ail rei Blood Loss")
    two = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, two)
    said = [e.text for e in load(two).encounter.events]
    assert "Rei Ayanami (on foot): Wounds 0/3" in said
    assert "Rei Ayanami (on foot): Injuries 1" in said
    assert "Rei Ayanami (on foot): still Blood Loss" in said
    assert not any(": wounds" in line or "is still Blood" in line for line in said)


def test_a_broken_alien_pc_enters_the_next_fight_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hudson (Health 4) is Broken at 0 Health in fight 1 (seed 003 l.149): down there,
    and down in fight 2 from its first frame; after a stretch of rest he gets up and
    fight 3 has him active."""
    campaign = tmp_path / "lv.toml"
    ok(capsys, "campaign", "new", campaign, "--ruleset", "alien-evolved", "--title", "LV-426")
    ok(capsys, "campaign", "add-pc", campaign, "--from", ALIEN_SAMPLE, "hudson")
    one = tmp_path / "f1.toml"
    written_back(capsys, campaign, one, "dmg hudson 4")
    assert fighter(one, "hudson").status == "down"
    two = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, two)
    assert fighter(two, "hudson").status == "down"
    ok(capsys, "campaign", "rest", campaign, "stretch")
    three = tmp_path / "f3.toml"
    ok(capsys, "campaign", "fight", campaign, three)
    assert fighter(three, "hudson").status == "active"
