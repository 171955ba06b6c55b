"""nerv-d100: in a fight, ``cure`` of a condition an injury keeps on "until you heal" is
refused with the same sentence as ``campaign set PC condition -NAME``: the injury keeping
it and what ends it. Seed 000 l.214's "until you heal" is not the temporary blindness of
l.332 ("can be removed, if permitted, by a free Endurance (Injury) test"), which a cure
still ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, fighter, injured, next_fight, ok, refused, tokyo
from tests.ui_helpers import make_app, opened, ui_test
from tests.writeback_helpers import message
from tracker.ui.palette import table_commands


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Asuka with no Wounds left, so the next wound is an Injury point."""
    path = tokyo(tmp_path, capsys, ASUKA)
    ok(capsys, "campaign", "set", path, "asuka", "wounds", "0")
    return path


def test_cure_of_blinded_carried_in_is_refused_naming_the_injury(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    injured(capsys, campaign, tmp_path / "f1.toml", 3, "head")
    fight = tmp_path / "f2.toml"
    next_fight(capsys, campaign, fight)
    ok(capsys, "do", fight, "add", "Ramiel")
    ok(capsys, "do", fight, "start")
    said = refused(capsys, [fight, campaign], "do", fight, "cure", "asuka", "Blinded")
    assert "Blinded comes from Asuka's injury Head 4 Blinded" in said
    assert "it ends when that injury heals ('heal asuka 1 @head')" in said
    assert fighter(fight, "asuka").condition("Blinded") is not None
    ok(capsys, "do", fight, "heal", "asuka", "1", "@head")  # what the refusal says
    assert fighter(fight, "asuka").condition("Blinded") is None


def test_cure_of_blinded_from_an_injury_of_this_fight_is_refused(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "set", campaign, "asuka", "injuries", "3")
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Sachiel")
    for line in ("add Sachiel", "start", "wound asuka 1 @head"):
        ok(capsys, "do", fight, *line.split())
    said = refused(capsys, [fight], "do", fight, "cure", "asuka", "blinded")
    assert "Head 4 Blinded" in said and "'heal asuka 1 @head'" in said


def test_hindered_kept_by_a_foot_and_a_leg_names_both(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "set", campaign, "asuka", "injuries", "2")
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Sachiel")
    for line in ("add Sachiel", "start", "wound asuka 1 @left_leg", "wound asuka 1 @right_leg"):
        ok(capsys, "do", fight, *line.split())
    said = refused(capsys, [fight], "do", fight, "cure", "asuka", "Hindered")
    assert "injuries Left Leg 3 Broken Foot and Right Leg 4 Broken Leg" in said
    assert "when they heal ('heal asuka 1 @left_leg' and 'heal asuka 1 @right_leg')" in said
    ok(capsys, "do", fight, "heal", "asuka", "1", "@left_leg")
    ok(capsys, "do", fight, "heal", "asuka", "1", "@right_leg")
    assert fighter(fight, "asuka").condition("Hindered") is None


def test_temporary_blindness_is_still_cured(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Sachiel")
    for line in ("add Sachiel", "start", "ail asuka Blinded", "cure asuka Blinded"):
        ok(capsys, "do", fight, *line.split())
    assert fighter(fight, "asuka").condition("Blinded") is None


@ui_test
async def test_the_palette_offers_no_cure_an_injury_refuses(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Blinded from Head 4 is not offered to cure; the Confused beside it still is, and
    the ':' bar says the same sentence as 'tracker do'."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "set", campaign, "asuka", "injuries", "3")
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Sachiel")
    for line in ("add Sachiel", "start", "wound asuka 1 @head"):
        ok(capsys, "do", fight, *line.split())
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        titles = [c.title for c in table_commands(app)]
        assert "Cure Confused on Asuka" in titles
        assert "Cure Blinded on Asuka" not in titles
        await pilot.press("colon", *"cure asuka blinded", "enter")
        await pilot.pause()
        assert "Blinded comes from Asuka's injury Head 4 Blinded" in message(app)
