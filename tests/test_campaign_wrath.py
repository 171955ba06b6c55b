"""A wrath-glory campaign: Shock, Wounds and Wrath carried, Glory not (seed 002).

Sister Amelia (the sample's roster): Wounds 8, Shock 6, Resilience 8, Wrath 2.
Trooper Kell: Wounds 6, Shock 5, Resilience 6, Wrath 2. The text states no recovery of
Shock or Wounds between fights and no rest: the next fight starts as the last one ended,
and the GM's rulings are `campaign set`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import campaign_from, fighter, member, ok, refused
from tracker.rules.wrath_glory.dice import glory
from tracker.store.encounter_file import load

WRATH_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "wrath-ork-boarding.toml"


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign with Amelia and Kell from the sample roster."""
    path = tmp_path / "void.toml"
    return campaign_from(path, capsys, "wrath-glory", WRATH_SAMPLE, "amelia", "kell", title="Void")


def fought(capsys: pytest.CaptureFixture[str], path: Path, fight: Path) -> None:
    """Fight 1: Amelia is wounded and spends Wrath; Kell's Shock is run down to 0."""
    ok(capsys, "campaign", "fight", path, fight, "--title", "Boarding")
    for line in (
        "add Nob strength=6 toughness=5 wounds=12 shock=6 resilience=9 side=enemy",
        "start",
        "dmg amelia 11",  # DR 11 over Resilience 8: 1 Wound per point over → 3 (l.187-188)
        "spend amelia wrath",  # Wrath 2 → 1
        "shock kell 5",  # Shock 5 → 0: Exhausted (l.195)
        "gain glory 2",  # the table's Glory pool (l.318-320)
        "end",
    ):
        ok(capsys, "do", fight, *line.split())


def test_round_trip(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Into a fight, out of it; no rest in the text; the next fight starts as it ended."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    assert fighter(fight, "kell").condition("Exhausted") is not None  # 0 Shock (l.195)
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Wounds 8 → 5" in said and "Wrath 2 → 1" in said and "Shock 5 → 0" in said
    amelia = member(campaign, "amelia").lasting
    assert amelia.tracks["wounds"] == 5  # 8 − (11 − 8) (seed 002 l.187-188)
    assert amelia.tracks["shock"] == 6 and amelia.tracks["wrath"] == 1
    kell = member(campaign, "kell").lasting
    assert kell.tracks["shock"] == 0 and kell.tracks["wounds"] == 6
    assert "glory" not in amelia.tracks  # Glory is the table's pool, not a PC's (l.318)

    # The text states no rest (nor recovery of Shock or Wounds): rest refuses, no change.
    err = refused(capsys, [campaign], "campaign", "rest", campaign, "short")
    assert "states no rest" in err and "campaign set" in err
    assert member(campaign, "amelia").lasting == amelia

    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    there = fighter(fight2, "amelia")
    assert there.track("wounds") == 5 and there.limits["wounds"] == 8
    assert there.track("shock") == 6 and there.track("wrath") == 1
    kell2 = fighter(fight2, "kell")
    assert kell2.track("shock") == 0 and kell2.limits["shock"] == 5
    # 0 Shock is Exhausted until Shock is restored above 0 (l.195-196, 282)
    assert kell2.condition("Exhausted") is not None
    # each session starts with 0 Glory in the pool (l.318): a new fight has none
    assert glory(load(fight2).encounter.state) == 0


def test_gm_sets_what_the_text_leaves_open(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`campaign set` is the GM's ruling, logged; the next fight starts with it."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    ok(capsys, "campaign", "set", campaign, "amelia", "wounds", "8")
    ok(capsys, "campaign", "set", campaign, "kell", "shock", "5")
    ok(capsys, "campaign", "set", campaign, "amelia", "wrath", "2")
    log = ok(capsys, "campaign", "log", campaign)
    assert "Sister Amelia: wounds = 8 (GM)" in log and "Trooper Kell: shock = 5 (GM)" in log
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    assert fighter(fight2, "amelia").track("wounds") == 8
    assert fighter(fight2, "amelia").track("wrath") == 2
    kell = fighter(fight2, "kell")
    assert kell.track("shock") == 5 and kell.condition("Exhausted") is None


def test_unconscious_carried(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Hero left at 0 Wounds is still unconscious: it ends only when Wounds are
    recovered (l.234-236), which the text does not do between fights."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "kell")
    for line in ("start", "wound kell 6", "end"):  # 6 Wounds: 0, not 2×6 = slain (l.206-207)
        ok(capsys, "do", fight, *line.split())
    assert fighter(fight, "kell").condition("Unconscious") is not None
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert member(campaign, "kell").lasting.tracks["wounds"] == 0
    assert member(campaign, "kell").lasting.dead == ""
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    kell = fighter(fight2, "kell")
    assert kell.track("wounds") == 0
    assert kell.condition("Unconscious") is not None and kell.status == "down"
    assert kell.condition("Prone") is not None  # unconscious is prone (l.236-237)


def test_defiance_carried(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Defiance Check failures add up until one passes or three fail (l.249-251), and a
    Stabilised Hero makes no more checks (l.258-260): both last while at 0 Wounds; Wounds
    recovered (the GM's `set`) end them, as any healing wakes a Hero (l.235-236)."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--only", "kell")
    for line in ("start", "wound kell 6", "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    ok(capsys, "campaign", "set", campaign, "kell", "defiance", "2")  # two failures so far
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2, "--only", "kell")
    assert fighter(fight2, "kell").track("defiance") == 2
    ok(capsys, "do", fight2, "start")  # unconscious at the start of the turn: a check due
    assert [r.key for r in load(fight2).encounter.state.reminders_for("kell")] == ["defiance"]
    ok(capsys, "campaign", "set", campaign, "kell", "condition", "Stabilised")
    fight3 = tmp_path / "f3.toml"
    ok(capsys, "campaign", "fight", campaign, fight3, "--only", "kell")
    assert fighter(fight3, "kell").condition("Stabilised") is not None
    ok(capsys, "do", fight3, "start")
    assert load(fight3).encounter.state.reminders_for("kell") == ()
    ok(capsys, "campaign", "set", campaign, "kell", "wounds", "3")
    fight4 = tmp_path / "f4.toml"
    ok(capsys, "campaign", "fight", campaign, fight4, "--only", "kell")
    kell = fighter(fight4, "kell")
    assert kell.track("wounds") == 3 and kell.status == "active"
    assert kell.track("defiance") == 0 and kell.conditions == ()


def test_undo_write_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Undo of the write-back restores the party (redo writes it again); the next fight
    then starts as before fight 1, and fight 1 can be written back again."""
    fight = tmp_path / "f1.toml"
    fought(capsys, campaign, fight)
    before = {who: member(campaign, who).lasting for who in ("amelia", "kell")}
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Undone: Fight 1" in ok(capsys, "campaign", "undo", campaign)
    assert {who: member(campaign, who).lasting for who in before} == before
    assert "(undone)" in ok(capsys, "campaign", "log", campaign)
    ok(capsys, "campaign", "redo", campaign)
    assert member(campaign, "amelia").lasting.tracks["wounds"] == 5
    ok(capsys, "campaign", "undo", campaign)
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    assert fighter(fight2, "amelia").track("wounds") == 8  # as before fight 1
    assert fighter(fight2, "amelia").track("wrath") == 2
    assert fighter(fight2, "kell").track("shock") == 5
    assert fighter(fight2, "kell").condition("Exhausted") is None
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes", "--skip", "kell")
    assert member(campaign, "amelia").lasting.tracks["wounds"] == 5
    assert member(campaign, "kell").lasting == before["kell"]


def test_poison_outlasts_the_fight(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 002 "Poisoned" (l.304-307): the Toughness test is due "at the end of every
    turn", and "The Poisoned effect ends when the character succeeds at the required
    Toughness test or until they are treated using the Medicae skill" — the end of a fight
    is neither: Kell is still Poisoned in the next one, and the test comes after his turn."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Boarding")
    for line in ("add Nob wounds=12 side=enemy", "start", "ail kell poisoned", "end"):
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "Poisoned" in said
    assert member(campaign, "kell").lasting.has("Poisoned")
    assert not member(campaign, "amelia").lasting.has("Poisoned")

    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, fight2)
    assert fighter(fight2, "kell").condition("Poisoned") is not None
    ok(capsys, "do", fight2, "add", "Nob", "wounds=12", "side=enemy")
    ok(capsys, "do", fight2, "start")
    while load(fight2).encounter.state.current != "kell":
        ok(capsys, "do", fight2, "next")
    said = ok(capsys, "do", fight2, "next")
    assert "Trooper Kell is Poisoned: a Toughness test now" in said

    # cured between fights: the GM's word (the text's test or treatment) ends it
    ok(capsys, "campaign", "set", campaign, "kell", "condition", "-Poisoned")
    assert not member(campaign, "kell").lasting.has("Poisoned")
