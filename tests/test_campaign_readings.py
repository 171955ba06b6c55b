"""A campaign's readings: chosen at creation or later (an undoable campaign event), every
fight it makes starts with them, and its rests read by them (seed 000 l.402).

Asuka: Will 40 → Will Bonus 4; Dysfunctional above WB + 2 = 6 (seed 000 l.402).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, cli, fought, member, ok, refused
from tracker.store.encounter_file import load


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Asuka, Trauma 7 written back from a fight (Dysfunctional)."""
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    fought(capsys, path, tmp_path / "f1.toml", trauma=7)
    ok(capsys, "campaign", "writeback", path, tmp_path / "f1.toml", "--yes")
    return path


def test_the_deadline_read_at_most_is_met_at_will_bonus_plus_two(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000 l.402 "reduce their Trauma below this threshold", read (the default) as no
    # longer above WB + 2: Trauma 7 − 1 (Long Downtime, l.412) = 6 is not above 6
    said = ok(capsys, "campaign", "rest", campaign, "long")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["trauma"] == 6 and asuka.drawbacks == ()
    assert "Disorder" not in said


def test_the_deadline_read_below_needs_trauma_under_will_bonus_plus_two(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000 l.402 read strictly: Trauma 6 is not below 6 → Trauma 0 and a Disorder
    said = ok(capsys, "campaign", "reading", campaign, "dysfunctional-deadline", "below")
    assert said == (
        "Reading dysfunctional-deadline = below: the Dysfunctional deadline is met only with "
        "Trauma under Will Bonus + 2 (strictly below it)\n"
    )
    show = ok(capsys, "campaign", "show", campaign)
    assert "reading dysfunctional-deadline = below" in show
    assert "must bring Trauma to under 6 by the end of the next Long Downtime" in show
    said = ok(capsys, "campaign", "rest", campaign, "long")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["trauma"] == 0 and asuka.drawbacks[0].startswith("Disorder")
    assert "Trauma 6 not below 6 (read strictly) at the end of the Long Downtime" in said


def test_choosing_a_reading_is_undone_like_any_campaign_command(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "campaign", "reading", campaign, "dysfunctional_deadline", "below")
    ok(capsys, "campaign", "undo", campaign)
    ok(capsys, "campaign", "rest", campaign, "long")
    assert member(campaign, "asuka").lasting.drawbacks == ()  # read at-most again


def test_a_fight_starts_with_the_campaign_s_readings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--reading", "defend=lapses")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    ok(capsys, "campaign", "reading", path, "fear-shake", "counts")
    listed = ok(capsys, "campaign", "reading", path)
    assert "Reading defend = lapses (or counts; seed 000 l.102, 270)" in listed
    assert "Reading fear-shake = counts (or fresh; seed 000 l.389)" in listed
    ok(capsys, "campaign", "fight", path, tmp_path / "f.toml")
    options = load(tmp_path / "f.toml").encounter.state.options
    assert options == {"defend": "lapses", "fear-shake": "counts"}
    fight = tmp_path / "f.toml"
    before = fight.read_bytes()
    assert "Reading defend = lapses" in ok(capsys, "do", fight, "reading")
    assert fight.read_bytes() == before  # asked, not changed: nothing in the journal


def test_bad_readings_are_one_line_and_change_nothing(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(capsys, [campaign], "campaign", "reading", campaign, "luck", "high")
    assert "no reading 'luck' — readings: fear-shake, shaken, no-opposing, fate, defend" in err
    err = refused(capsys, [campaign], "campaign", "reading", campaign, "defend", "maybe")
    assert "the reading 'defend' is counts or lapses, not 'maybe'" in err
    err = refused(capsys, [campaign], "campaign", "reading", campaign, "defend", "counts")
    assert "'defend' is read as 'counts' already" in err
    code, _out, err = cli(capsys, "campaign", "reading", campaign, "defend")
    assert code == 1 and "reading defend takes a choice — counts or lapses" in err


def test_a_campaign_file_s_options_are_checked_on_load(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = campaign.read_text(encoding="utf-8")
    head, events = text.split("[[events]]", 1)
    campaign.write_text(
        head.rstrip() + '\n\n[campaign.options]\ndefend = "maybe"\n\n[[events]]' + events,
        encoding="utf-8",
    )
    err = refused(capsys, [campaign], "campaign", "show", campaign)
    line = head.rstrip().count("\n") + 4
    assert f"{campaign}:{line}:1: defend must be counts or lapses, not 'maybe'" in err
