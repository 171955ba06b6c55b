"""A PC the campaign changed while a fight was played: the write-back lays what the fight
did on them as they stand, never the fight's starting point over what came since.

nerv-d100, Asuka: Physique 45 → Physique Bonus 4, her Wounds (seed 000 l.203: a wound
past the pool is 1 Injury and 1 Stress); an Exert costs 1 Stress (l.139).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.campaign_helpers import ASUKA, REI, member, ok, tokyo
from tracker.cli import main
from tracker.core.campaign import CarriedInjury, Lasting
from tracker.core.campaign_merge import laid_on
from tracker.core.model import Condition
from tracker.store.campaign_fight import MOVED_ON


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Asuka and Rei."""
    return tokyo(tmp_path, capsys, ASUKA, REI)


def play(capsys: pytest.CaptureFixture[str], fight: Path, *lines: str) -> None:
    """Run each command line in the fight."""
    for line in lines:
        ok(capsys, "do", fight, *line.split())


def test_two_fights_at_once_keep_both_fights_injuries(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The party splits: Asuka is in fights 1 and 2, made together. Fight 1 breaks her
    leg, fight 2 her arm; written back in turn, she carries both (fight 2 did not heal
    the leg), with 2 Injuries and 2 Stress."""
    one, two = tmp_path / "f1.toml", tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, one)
    ok(capsys, "campaign", "fight", campaign, two)
    play(capsys, one, "wound asuka 5 @left_leg")
    play(capsys, two, "wound asuka 5 @right_arm")
    ok(capsys, "campaign", "writeback", campaign, one, "--yes")
    said = ok(capsys, "campaign", "writeback", campaign, two, "--yes")
    asuka = member(campaign, "asuka").lasting
    assert sorted(i.location for i in asuka.injuries) == ["left leg", "right arm"]
    assert asuka.tracks["injuries"] == 2 and asuka.tracks["stress"] == 2
    assert asuka.tracks["wounds"] == 0
    assert "− injury" not in said and "Stress 1 → 2" in said
    assert MOVED_ON in said


def test_a_fight_that_left_a_pc_alone_takes_nothing_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rei sits fight 2 out untouched while fight 1, written back first, hurts her: fight
    2's write-back says "no change" for her and leaves her as fight 1 left her."""
    one, two = tmp_path / "f1.toml", tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, one)
    ok(capsys, "campaign", "fight", campaign, two)
    play(capsys, one, "wound rei 4 @body")
    ok(capsys, "campaign", "writeback", campaign, one, "--yes")
    hurt = member(campaign, "rei").lasting
    said = ok(capsys, "campaign", "writeback", campaign, two, "--yes")
    assert "Rei Ayanami (on foot): no change" in said
    assert member(campaign, "rei").lasting == hurt


def test_a_rest_between_the_fight_and_its_write_back_is_kept(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Asuka enters with Stress 3; a Short Downtime (−1, l.347) is recorded before the
    fight is written back; the fight's Exert (+1) lands on the rested 2: Stress 3."""
    ok(capsys, "campaign", "set", campaign, "asuka", "stress", "3")
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight)
    ok(capsys, "campaign", "rest", campaign, "short")
    play(capsys, fight, "add Sachiel physique=60 grace=40", "start", "exert asuka")
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["stress"] == 3 and asuka.tracks["exerts"] == 1


def test_a_pc_brought_in_by_add_party_entered_as_they_stood_then(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Asuka joins fight 1 late (``add party``) with Stress 2; the GM then sets her Stress
    to 0 in the campaign; the fight's Exert (+1) lands on that 0."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "rei")
    ok(capsys, "campaign", "set", campaign, "asuka", "stress", "2")
    play(capsys, fight, "add party", "add Sachiel physique=60 grace=40", "start", "exert asuka")
    ok(capsys, "campaign", "set", campaign, "asuka", "stress", "0")
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert member(campaign, "asuka").lasting.tracks["stress"] == 1


def test_a_party_that_did_not_move_is_written_as_the_fight_left_it(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The usual evening: nothing changed in the campaign while the fight was played, so
    the summary says nothing of it and the PC is as the fight left them."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight)
    play(capsys, fight, "wound asuka 6 @left_leg", "end")
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert MOVED_ON not in said
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["injuries"] == 2 and asuka.tracks["stress"] == 2


def test_a_fight_moved_right_after_it_was_made_is_written_back_from_where_it_is(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The GM makes fight 1, moves its file to the session's folder before any other
    campaign command, plays it there and writes it back from there: it is written back,
    no "cut short by a crash" is said and no second fight 1 file appears where it was
    made."""
    made = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, made)
    (tmp_path / "session").mkdir()
    moved = made.rename(tmp_path / "session" / "f1.toml")
    play(capsys, moved, "wound asuka 5 @left_leg")
    capsys.readouterr()
    code = main(["campaign", "writeback", str(campaign), str(moved), "--yes"])
    err = capsys.readouterr().err
    assert code == 0 and "crash" not in err, err
    assert not made.exists()
    assert [i.location for i in member(campaign, "asuka").lasting.injuries] == ["left leg"]


INJURIES = [CarriedInjury("left leg", n, name) for n, name in enumerate(["Foot Pain", "Toes"], 1)]
CONDITIONS = [Condition("Blood Loss"), Condition("Ego Fracture")]


@st.composite
def lastings(draw: st.DrawFn) -> Lasting:
    """A PC's lasting state: Stress and Wounds (at most 10), some injuries and conditions."""
    tracks = {"stress": draw(st.integers(0, 10)), "wounds": draw(st.integers(0, 10))}
    injuries = tuple(i for i in INJURIES if draw(st.booleans()))
    conditions = tuple(c for c in CONDITIONS if draw(st.booleans()))
    return Lasting(tracks, {"wounds": 10}, injuries, conditions)


@given(lastings(), lastings())
def test_a_fight_that_did_nothing_leaves_the_pc_as_they_stand(
    now: Lasting, entered: Lasting
) -> None:
    assert laid_on(now, entered, entered) == now


@given(lastings(), lastings())
def test_a_party_that_did_not_move_gets_what_the_fight_left(now: Lasting, left: Lasting) -> None:
    laid = laid_on(now, now, left)
    assert laid.tracks == left.tracks and laid.limits == left.limits
    assert set(laid.injuries) == set(left.injuries)
    assert set(laid.conditions) == set(left.conditions)
