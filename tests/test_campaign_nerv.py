"""A nerv-d100 campaign: fight → write-back → Downtime → the next fight, numbers from seed 000.

Asuka: Physique 45, Will 40 → Physique Bonus 4 (her Wounds), Will Bonus 4; Fate 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, REI, cli, fighter, fought, member, ok, refused, tokyo
from tracker.core.campaign import Lasting
from tracker.core.campaign_changes import edit_planned
from tracker.core.errors import RuleError


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Asuka and Rei (Rei from the sample's roster)."""
    return tokyo(tmp_path, capsys, ASUKA, REI)


def test_round_trip(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Into a fight, out of it, Downtime, and the next fight starts as the text says."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "+ injury Left Leg 1 Foot Pain" in said and "Trauma 0 → 7" in said
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["stress"] == 2 and asuka.tracks["fate"] == 1
    assert asuka.tracks["exerts"] == 1 and asuka.has("Ego Fracture")
    assert [i.label() for i in asuka.injuries] == ["Left Leg 1 Foot Pain"]

    said = ok(capsys, "campaign", "rest", campaign, "short")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["stress"] == 1  # −1 per Short Downtime (seed 000 l.347)
    assert asuka.tracks["trauma"] == 7  # Trauma falls only in a Long Downtime (l.412)
    assert asuka.tracks["fate"] == 2  # Fate replenishes at the next Downtime (l.260)
    assert asuka.tracks["exerts"] == 0  # the Exert cost resets (l.139)
    assert not asuka.has("Ego Fracture")  # until the start of the next Downtime (l.373)
    assert "Short Downtime" in said

    ok(capsys, "campaign", "rest", campaign, "long")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["stress"] == 0  # −2 per Long Downtime, not below 0 (l.347)
    assert asuka.tracks["trauma"] == 6  # −1 per Long Downtime (l.412)
    assert asuka.drawbacks == ()  # 6 is not over WB+2 = 6: no Disorder (l.402)
    assert len(asuka.injuries) == 1  # injuries stay until treated (l.203)

    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    there = fighter(fight2, "asuka")
    assert there.track("trauma") == 6 and there.track("stress") == 0
    assert there.track("injuries") == 1 and there.track("wounds") == 0  # wounds: text silent
    assert [(i.location, i.name) for i in there.injuries] == [("left leg", "Foot Pain")]
    assert there.condition("Unsettled") is not None  # Trauma 6 > WB 4 (l.401)
    assert there.condition("Dysfunctional") is None
    assert fighter(fight2, "rei").injuries == () and fighter(fight2, "rei").track("stress") == 0


def test_dysfunctional_deadline_missed(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Still over WB+2 at the end of the next Long Downtime: Trauma 0 and a Disorder (l.402)."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight, trauma=9)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Dysfunctional" in ok(capsys, "campaign", "show", campaign)
    said = ok(capsys, "campaign", "rest", campaign, "long")
    asuka = member(campaign, "asuka").lasting
    assert asuka.tracks["trauma"] == 0  # 9 − 1 = 8 > 6: reset to 0 (l.402)
    assert len(asuka.drawbacks) == 1 and asuka.drawbacks[0].startswith("Disorder")
    assert "permanent Disorder" in said


def test_treat_set_and_undo(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Treatment heals an injury (and its Injury point); set is logged; undo takes back."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    ok(capsys, "campaign", "treat", campaign, "asuka", "foot", "--note", "splinted at HQ")
    asuka = member(campaign, "asuka").lasting
    assert asuka.injuries == () and asuka.tracks["injuries"] == 0
    ok(capsys, "campaign", "set", campaign, "asuka", "wounds", "4")
    assert member(campaign, "asuka").lasting.tracks["wounds"] == 4
    log = ok(capsys, "campaign", "log", campaign)
    assert "splinted at HQ" in log and "wounds = 4 (GM)" in log


def test_undo_write_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Undo of a write-back restores the party; the fight can then be written back again."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    before = member(campaign, "asuka").lasting
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    refused(capsys, [campaign], "campaign", "writeback", campaign, fight, "--yes")
    assert "Undone: Fight 1" in ok(capsys, "campaign", "undo", campaign)
    assert member(campaign, "asuka").lasting == before
    assert "(undone)" in ok(capsys, "campaign", "log", campaign)
    ok(capsys, "campaign", "redo", campaign)
    assert member(campaign, "asuka").lasting.tracks["trauma"] == 7
    ok(capsys, "campaign", "undo", campaign)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes", "--skip", "rei")
    assert member(campaign, "asuka").lasting.tracks["trauma"] == 7


def test_declined_write_back_leaves_the_file(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --yes and with no terminal to ask on, nothing is written: same bytes, and
    a refusal a script can see (exit 1, one line on stderr), after the summary."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    before = campaign.read_bytes()
    code, out, err = cli(capsys, "campaign", "writeback", campaign, fight)
    assert code == 1 and "Trauma 0 → 7" in out
    assert err.count("\n") == 1 and "nothing was written" in err and "--yes" in err
    assert campaign.read_bytes() == before


def test_one_off_fight_is_not_written_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PC played in an encounter of their own: the campaign refuses it, untouched."""
    one_off = tmp_path / "one-off.toml"
    ok(capsys, "new", one_off, "--ruleset", "nerv-d100")
    ok(capsys, "do", one_off, "add", *ASUKA, "side=pc")
    ok(capsys, "do", one_off, "gain", "asuka", "stress", "3")
    err = refused(capsys, [campaign, one_off], "campaign", "writeback", campaign, one_off, "--yes")
    assert "is not a fight of the campaign" in err


@pytest.mark.parametrize(
    "args",
    [
        ("rest", "{c}", "medium"),
        ("set", "{c}", "asuka", "nosuch", "3"),
        ("set", "{c}", "asuka", "stress", "many"),
        ("set", "{c}", "nobody", "stress", "1"),
        ("treat", "{c}", "asuka", "head"),
        ("add-pc", "{c}", "Kaji", "physique=lots"),
        ("add-pc", "{c}", *ASUKA),
        ("fight", "{c}", "{c}"),
        ("writeback", "{c}", "{t}/missing.toml"),
        ("undo", "{t}/missing.toml"),
        ("show", "{t}/missing.toml"),
        ("new", "{c}", "--ruleset", "nerv-d100"),
        ("new", "{t}/x.toml", "--ruleset", "no-such-game"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    """Every mistake: exit 1, one line, no file changed or made."""
    words = [a.format(c=campaign, t=tmp_path) for a in args]
    files = [campaign, tmp_path / "x.toml"]
    refused(capsys, files, "campaign", *words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tokyo.toml"]


@pytest.mark.parametrize(
    ("track", "value", "said"),
    [
        ("stress", "-5", "Stress can be 0 or more, not -5"),
        ("wounds", "99", "Wounds can be 0 to 4 (its maximum), not 99"),
        ("fate", "-1", "Fate can be 0 to 2 (its maximum), not -1"),
        ("max.fate", "-3", "max.fate = -3 is out of range"),
    ],
)
def test_set_keeps_a_track_where_a_fight_can_hold_it(
    campaign: Path, capsys: pytest.CaptureFixture[str], track: str, value: str, said: str
) -> None:
    """A typo never carries Stress -5 or Wounds 99/4 into the next fight (a fight keeps
    each track between 0 and its maximum)."""
    err = refused(capsys, [campaign], "campaign", "set", campaign, "asuka", track, value)
    assert said in err
    ok(capsys, "campaign", "set", campaign, "asuka", "wounds", "2")
    assert member(campaign, "asuka").lasting.tracks["wounds"] == 2


def test_show_json(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``show --json``: the party with their lasting state."""
    import json

    document = json.loads(ok(capsys, "campaign", "show", campaign, "--json"))
    assert [pc["id"] for pc in document["party"]] == ["asuka", "rei"]
    assert document["party"][0]["lasting"]["tracks"]["fate"] == 2


def test_recap_markdown(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The recap: each fight's log in order, then each PC's timeline."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    ok(capsys, "campaign", "rest", campaign, "long")
    text = ok(capsys, "campaign", "recap", campaign)
    assert "## Fight 1: Sachiel" in text and "#### Asuka's turn" in text
    asuka = " ".join(text[text.index("### Asuka") :].split())
    assert "| 4 | Fight 1 (Sachiel) written back" in asuka and "| 2 | 7 |" in asuka
    assert "Long Downtime" in asuka and "| 0 | 6 |" in asuka


def test_the_write_back_edit_keeps_a_track_where_a_fight_can_hold_it() -> None:
    left = Lasting(tracks={"wounds": 1, "stress": 2}, limits={"wounds": 4})
    with pytest.raises(RuleError, match=r"Wounds can be 0 to 4 \(its maximum\), not 9"):
        edit_planned(left, left, "wounds", "9")
    with pytest.raises(RuleError, match="Stress can be 0 or more, not -1"):
        edit_planned(left, left, "stress", "-1")
    assert edit_planned(left, left, "wounds", "4").tracks["wounds"] == 4


def test_a_campaign_given_for_an_encounter_and_back_says_which_it_is(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("state", "log"):  # `check` takes both kinds (test_campaign_damage.py)
        err = refused(capsys, [campaign], command, campaign)
        assert "tokyo.toml:3:1: this is a campaign file, not an encounter: " in err
        assert "`tracker campaign show tokyo.toml` shows the party" in err
    fight = tmp_path / "one-off.toml"
    ok(capsys, "new", fight, "--ruleset", "nerv-d100")
    err = refused(capsys, [fight], "campaign", "show", fight)
    assert "this is an encounter, not a campaign file (`tracker campaign new` makes one)" in err
