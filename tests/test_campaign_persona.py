"""A persona-d100 campaign: wounds, Fate, Lethal Damage, Fatigue and Stamina carried (seed 004).

From the sample's roster: Yu — T 35 (TB 3), armour 2 everywhere, 14 wounds, Fate 2;
Chie — T 38 (TB 3), armour 2, 13 wounds, Fate 1. Soak = TB + AP (l.46), so each takes
the damage less 5. The text states no rest or recovery between fights: the next fight
starts as the last one ended, and the GM's rulings are `campaign set`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import campaign_from, fighter, member, ok, refused

PERSONA_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "persona-d100-shadows.toml"


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Yu and Chie from the sample roster."""
    path = tmp_path / "inaba.toml"
    return campaign_from(path, capsys, "persona-d100", PERSONA_SAMPLE, "yu", "chie", title="Inaba")


def fought(capsys: pytest.CaptureFixture[str], path: Path, fight: Path) -> None:
    """Fight 1: Yu is hurt, spends Fate, tires; Chie goes past 0 wounds, gains Stamina."""
    ok(capsys, "campaign", "fight", path, fight, "--title", "Castle")
    for line in (
        "add Shadow ws=40 t=30 ag=30 side=enemy wounds=12",
        "start --seed 4",
        "dmg yu 9 element=melee @body",  # 9 − Soak 5 (TB 3 + AP 2, l.46) = 4: 14 → 10 (l.47)
        "spend yu fate",  # Fate 2 → 1
        "gain yu fatigue",  # a level of fatigue (l.63)
        "dmg chie 20 element=melee @body",  # 15 past Soak 5: 13 → 0, 2 past 0 (l.47)
        "gain chie stamina",  # a charge of Stamina (l.124)
        "end",
    ):
        ok(capsys, "do", fight, *line.split())


def test_round_trip(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Into a fight, out of it; no rest in the text; the next fight starts as it ended."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    assert fighter(fight, "chie").track("lethal") == 2
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Wounds 14 → 10" in said and "Fate 2 → 1" in said and "Wounds 13 → 0" in said
    assert "Lethal — → 2" in said and "Fatigue — → 1" in said
    yu = member(campaign, "yu").lasting
    assert yu.tracks["wounds"] == 10 and yu.tracks["fate"] == 1  # seed 004 l.46-47
    assert yu.tracks["fatigue"] == 1  # a level of fatigue; the text ends it nowhere (l.63)
    chie = member(campaign, "chie").lasting
    # Fate holders take damage past 0 as Lethal Damage (l.47): 20 − 5 − 13 = 2
    assert chie.tracks["wounds"] == 0 and chie.tracks["lethal"] == 2
    assert chie.tracks["stamina"] == 1  # a charge of Stamina (l.124)

    # The text states no rest: rest refuses, names `campaign set`, changes nothing.
    before = campaign.read_bytes()
    err = refused(capsys, [campaign], "campaign", "rest", campaign, "long")
    assert "states no rest" in err and "campaign set" in err
    assert campaign.read_bytes() == before

    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    there = fighter(fight2, "yu")
    assert there.track("wounds") == 10 and there.limits["wounds"] == 14
    assert there.track("fate") == 1 and there.limits["fate"] == 2
    assert there.track("fatigue") == 1
    chie2 = fighter(fight2, "chie")
    assert chie2.track("wounds") == 0 and chie2.track("lethal") == 2
    assert chie2.track("stamina") == 1 and chie2.limits["fate"] == 1


def test_gm_sets_what_the_text_leaves_open(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`campaign set` is the GM's ruling, logged; the next fight starts with it. Healing
    mends Lethal Damage first (the ruleset's `heal`): the GM clears it, then wounds."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    for key, value in (("lethal", "0"), ("wounds", "13"), ("fate", "1")):
        ok(capsys, "campaign", "set", campaign, "chie", key, value)
    ok(capsys, "campaign", "set", campaign, "yu", "fatigue", "0")
    log = ok(capsys, "campaign", "log", campaign)
    assert "Chie: lethal = 0 (GM)" in log and "Yu: fatigue = 0 (GM)" in log
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    chie = fighter(fight2, "chie")
    assert chie.track("lethal") == 0 and chie.track("wounds") == 13
    assert fighter(fight2, "yu").track("fatigue") == 0
    assert fighter(fight2, "yu").track("wounds") == 10  # not set: as the fight left it


def test_undo_write_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Undo of the write-back restores the party; the next fight starts fresh."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    before = {who: member(campaign, who).lasting for who in ("yu", "chie")}
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Undone: Fight 1" in ok(capsys, "campaign", "undo", campaign)
    assert {who: member(campaign, who).lasting for who in before} == before
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    chie = fighter(fight2, "chie")
    assert chie.track("wounds") == 13 and chie.track("lethal") == 0
    assert fighter(fight2, "yu").track("fate") == 2 and fighter(fight2, "yu").track("fatigue") == 0
