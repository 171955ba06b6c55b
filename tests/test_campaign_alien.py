"""An alien-evolved campaign: Broken and a critical injury carried, rest by stretch and shift.

Pvt. Vasquez (the sample's roster): Health 5, ammo 5, reloads 2. Seed 003.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ALIEN_SAMPLE, campaign_from, fighter, member, ok, refused


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Vasquez and Hudson from the sample roster."""
    path = tmp_path / "hadley.toml"
    return campaign_from(path, capsys, "alien-evolved", ALIEN_SAMPLE, "vasquez", "hudson")


def test_round_trip(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Broken with a critical → write-back → stretch, stretch, shift → the next fight."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "vasq", "hudson")
    for line in (
        "start --seed 3",
        "dmg vasquez 5",  # 0 Health: Broken, roll a critical injury (l.135-136)
        "crit vasquez 23 Broken Ribs effect=-1_Stamina",
        "supply hudson power --dice 1,1,4",  # each 1 lowers the rating (l.183-184)
        "end",
    ):
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Health 5 → 0" in said and "+ injury Critical 23 Broken Ribs" in said
    assert "Power 3 → 1" in said
    vasquez = member(campaign, "vasquez").lasting
    assert vasquez.has("Broken") and vasquez.tracks["health"] == 0

    ok(capsys, "campaign", "set", campaign, "vasquez", "heal@23", "2")  # healing time, in shifts
    ok(capsys, "campaign", "rest", campaign, "stretch")
    vasquez = member(campaign, "vasquez").lasting
    assert not vasquez.has("Broken") and vasquez.tracks["health"] == 1  # gets up, 1 Health (l.149)
    ok(capsys, "campaign", "rest", campaign, "stretch")
    assert member(campaign, "vasquez").lasting.tracks["health"] == 2  # +1 per stretch (l.151)
    said = ok(capsys, "campaign", "rest", campaign, "shift")
    vasquez = member(campaign, "vasquez").lasting
    assert vasquez.tracks["health"] == 5  # a shift is ≥ 30 stretches (l.24-25): full
    assert [i.heal for i in vasquez.injuries] == [1] and "1 shift left" in said
    assert member(campaign, "hudson").lasting.tracks["power"] == 1  # supplies: text silent

    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    there = fighter(fight2, "vasquez")
    assert there.track("health") == 5 and there.condition("Broken") is None
    assert [(i.score, i.name) for i in there.injuries] == [(23, "Broken Ribs")]
    assert fighter(fight2, "hudson").track("power") == 1

    ok(capsys, "campaign", "rest", campaign, "shift")
    assert member(campaign, "vasquez").lasting.injuries == ()  # the healing time ran out


def test_nerv_rests_are_not_alien(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rest the text does not state is refused, naming the ones it does."""
    err = refused(capsys, [campaign], "campaign", "rest", campaign, "long")
    assert "stretch, shift" in err


def test_eva_states_no_rest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """eva-escale: no rest in the text — the GM is pointed to `campaign set`."""
    path = tmp_path / "eva.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "eva-escale")
    ok(capsys, "campaign", "add-pc", path, "Toji", "ag=40", "t=35", "fate=1")
    err = refused(capsys, [path], "campaign", "rest", path, "short")
    assert "campaign set" in err


def test_a_dying_pc_s_tracks_read_as_words(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "vasq")
    for line in ("start --seed 3", "dmg vasquez 5", "crit vasquez 61 Gut_Shot lethal=shift", "end"):
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Death timer — → 3" in said and "Death saves — → 0" in said
    shown = ok(capsys, "campaign", "show", campaign)
    assert "Death timer 3" in shown and "_" not in shown.replace("Gut_Shot", "")
    assert "dying: a death roll every shift, 0 of 3 survived (seed 003 l.155-157)" in shown


def test_a_critical_rolled_and_never_entered_is_named_at_the_write_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "vasq")
    for line in ("start --seed 3", "dmg vasquez 5", "end"):  # 0 Health: roll a critical
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "! still open in the fight, not carried: Pvt. Vasquez: look up critical injury" in said
    assert member(campaign, "vasquez").lasting.injuries == ()  # nothing made up for it
