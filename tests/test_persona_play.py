"""persona-d100 at the table: ailment categories, the status pane, initiative, the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run
from tests.d100_helpers import Table
from tests.persona_helpers import AILMENTS, RULES, party, pixie, shadow, user
from tracker.rules.base import RosterError
from tracker.rules.persona_d100.ruleset import PersonaRules

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "persona-d100-shadows.toml"


def test_one_ailment_per_category() -> None:
    # seed 004, "Ailments": "You may only possess a single Ailment from each category".
    t = party()
    t.do("ail yu Burn")
    t.do("ail yu Fear")
    assert "already has a Physical ailment (Burn): one per category" in t.refused("ail yu Freeze")
    t.do("ail yu Freeze replace")
    assert t.conditions("yu") == ["Fear", "Freeze"]
    assert "already suffers Fear" in t.refused("ail yu Fear")


def test_ailments_outside_the_catalogue_need_a_category() -> None:
    # seed 004 l.92, l.94: ailments are in "four categories: Staggered, Physical, Mental and
    # Spiritual", one from each at once — a new one must say which.
    t = party()
    assert "say its category — category=staggered|physical|mental|spiritual|condition" in t.refused(
        "ail yu Hunger"
    )
    t.do("ail yu Hunger category=spiritual")
    hunger = t.who("yu").in_category("Spiritual")
    assert hunger is not None and hunger.name == "Hunger"
    assert "category 'cosmic'" in t.refused("ail yu Doom category=cosmic")


def test_a_gm_staggering_by_a_spell_earns_the_caster_a_one_more() -> None:
    # seed 004 l.120: "When you hit an enemy with an attack that Staggers them, then you gain
    # a One More"; l.123: "enemies who are already Staggered cannot be Staggered again".
    t = party()
    text = t.text("ail pixie Staggered by=yu")
    assert "Pixie is Staggered (the GM)" in text and "Yu gains a One More" in text
    assert "already Staggered" in t.refused("ail pixie Staggered")


def test_the_users_own_ailments_join_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "tracker" / "tables"
    folder.mkdir(parents=True)
    (folder / "persona-d100.toml").write_text(
        '[[ailments]]\nname = "Shock"\ncategory = "Physical"\ntechnical = ["melee"]\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    rules = PersonaRules()
    assert [(s.name, s.category) for s in rules.catalogue()] == [
        ("Shock", "Physical"),
        ("Staggered", "Staggered"),
    ]
    t = Table(rules, user("yu"), pixie())
    t.do("ail pixie Shock")
    assert "Special Damage (Technical)" in t.text("dmg pixie 5 element=melee by=yu", [3])


def test_the_status_pane_shows_affinities_ailments_momentum_and_moves() -> None:
    t = party()
    t.do("start", [9, 5, 3, 2, 1])
    t.do("dmg pixie 4 element=fire", [1])
    lines = RULES.status_lines(t.who("pixie"), t.state)
    assert "Affinities: Weak Fire · Resist Ice · Block Elec · Repel Wind · Absorb Psy" in lines
    assert ["Staggered: yes", "Physical: —", "Mental: —", "Spiritual: —"] == [
        line
        for line in lines
        if line.split(":")[0] in ("Staggered", "Physical", "Mental", "Spiritual")
    ]
    mine = RULES.status_lines(t.who("yu"), t.state)
    # seed 004, "Moving": Half Move = AB, Full ×2, Charge ×3, Run ×4.
    assert "Move: Half 4 · Full 8 · Charge 12 · Run 16" in mine
    assert any(line.startswith("One More: 1 held") for line in mine)
    assert "Affinities: all Normal" in mine
    assert not any(line.startswith("Move:") for line in lines)  # not Pixie's turn
    assert RULES.summary(t.who("yu")) == "W 14/14 +1M"
    assert RULES.player_summary(t.who("pixie")) == "hurt, staggered"  # no numbers


def test_a_move_modifier_widens_every_band() -> None:
    # seed 004 l.54-57: "Half Move is distance equal to your AB, plus modifiers"; Full,
    # Charge and Run are Half Move ×2, ×3, ×4.
    t = Table(RULES, user("yu", move=1), pixie())
    t.do("start", [9, 1])
    assert "Move: Half 5 · Full 10 · Charge 15 · Run 20" in RULES.status_lines(t.who("yu"), t.state)


def test_initiative_ties_go_to_agility_then_a_recorded_roll_off() -> None:
    # seed 004, "Step Three": as in seed 001.
    t = Table(RULES, user("yu"), user("yosuke"), user("rise", stats={"ag": 45, "t": 30}))
    text = t.text("start", [5, 5, 5, 3, 8])
    assert t.state.order[0] == "rise"
    assert "1d10 roll-off — Yosuke 8, Yu 3 → Yosuke goes first" in text


def test_roster_affinities_are_checked() -> None:
    # seed 004 l.104-105: the ten Elements (Electricity written Elec) and the Affinities
    # "Weak, Normal, Resist, Block, Absorb or Repel".
    with pytest.raises(RosterError, match="no element 'plasma'"):
        RULES.prepare(shadow("x", affinities={"plasma": "weak"}))
    with pytest.raises(RosterError, match="must be weak, normal, resist, block, repel or absorb"):
        RULES.prepare(shadow("x", affinities={"fire": "hates"}))
    fighter = RULES.prepare(user("yu", affinities={"electricity": "weak"}))
    assert fighter.extras["affinities"] == {"elec": "weak"}


def test_the_sample_encounter_plays_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "castle.toml"
    path.write_bytes(SAMPLE.read_bytes())
    f = str(path)
    assert run(capsys, "check", f)[0] == 0
    assert run(capsys, "do", "--dice", "9,5,3,2,1,4,3", f, "start")[0] == 0
    _, out, _ = run(
        capsys, "do", "--dice", "6,4", f, "dmg", "slime", "1d10+3", "element=fire", "by=yukiko"
    )
    assert "Fire vs Weak: Staggered, One More" in out
    _, out, _ = run(capsys, "do", f, "baton", "yukiko", "chie")
    assert "Baton Pass: Yukiko → Chie (S-Link 3)" in out
    _, out, _ = run(capsys, "do", f, "ail", "gale", "Burn")
    assert "Gale Harpy suffers Burn (Physical ailment)" in out
    before = path.read_bytes()
    status, out, err = run(capsys, "do", f, "allout", "chie")
    assert status == 1 and out == "" and path.read_bytes() == before
    assert err.startswith("tracker: an All-Out Attack needs every enemy Staggered")


def test_persona_is_installed() -> None:
    from tracker.rules.registry import load_ruleset

    rules = load_ruleset("persona-d100")
    assert {"dmg", "baton", "allout", "onemore", "act"} <= set(rules.verbs())
    assert AILMENTS  # the shared test list stays in use
