"""eva-escale turns: 1d10 + AB initiative and its tie chain, the action economy, surprise."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run
from tests.eva_helpers import RULES, angel, eva, pilot, soldier, table

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "eva-escale-ramiel.toml"


def test_initiative_is_1d10_plus_agility_bonus_ties_to_higher_agility() -> None:
    # seed 001, "Step Three": 1d10 + Agility Bonus; "If two characters share the same
    # initiative score, then the character with the higher Agility is placed higher".
    t = table(soldier("kaji"), soldier("hyuga", stats={"ag": 39, "t": 30}), angel())
    text = t.text("start", [5, 5, 1])
    assert "Kaji initiative 8 (1d10 5 + AB 3)" in text
    assert t.state.order == ("hyuga", "kaji", "ramiel")
    assert "roll-off" not in text


def test_same_score_and_agility_roll_off_on_1d10_recorded() -> None:
    # seed 001, "Step Three": "if they have the same Agility, then roll a 1d10 for each,
    # with whoever scoring higher being placed higher".
    t = table(soldier("kaji"), soldier("aoba"), angel())
    text = t.text("start", [5, 5, 1, 4, 4, 2, 7])
    assert (
        "Initiative tie at 8, same Agility 35: 1d10 roll-off — Aoba 4 then 7, "
        "Kaji 4 then 2 → Aoba goes first" in text
    )
    assert t.state.order == ("aoba", "kaji", "ramiel")
    assert t.state.tiebreak["aoba"] == 7


def test_one_full_or_two_half_actions_and_one_attack_a_turn() -> None:
    # seed 001, "Actions" and "Action List": one Full or two Half Actions; "only one
    # Concentration Subtype Action per turn and one Attack Subtype Action per turn".
    t = table()
    t.do("start", [9, 1])
    assert "1 Half Action left" in t.text("act unit01 rifle half attack ranged")
    assert "one per turn" in t.refused("act unit01 knife half attack melee")
    assert "a Full Action needs the whole turn" in t.refused("act unit01 spread pattern full")
    assert "say which" in t.refused("act unit01 spread pattern")
    t.do("act unit01 spread pattern half")
    assert "no Half Action left" in t.refused("act unit01 look around half")
    assert "free action" in t.text("act unit01 shout free")
    assert RULES.status_lines(t.who("unit01"), t.state)[0].startswith(
        "Half Actions 0/2 · Reaction ready · Attack used"
    )


def test_a_reaction_is_for_other_turns_once_until_your_own() -> None:
    # seed 001, "Actions": "a Reaction, which may be used for actions during other
    # characters' turns".
    t = table()
    t.do("start", [9, 1])
    assert "other combatants' turns" in t.refused("act unit01 dodge")
    assert "Reaction" in t.text("act ramiel dodge")
    assert "used the Reaction already" in t.refused("act ramiel parry")
    assert "not Ramiel's turn" in t.refused("act ramiel claw half attack")
    t.do("next")
    t.do("act ramiel claw half attack")
    assert t.track("ramiel", "reaction") == 1


def test_surprised_lose_the_first_turn_and_their_reactions() -> None:
    # seed 001, "Step Two": "Surprised characters lose their first turn and may take no
    # reactions; furthermore, attack actions against them take a +30 bonus."
    t = table()
    text = t.text("start surprised=ramiel", [1, 9])
    assert "Ramiel is surprised and loses the turn" in text
    assert t.state.current == "unit01"
    assert "surprised: no Reactions" in t.refused("act ramiel dodge")
    assert any(
        "attacks against it +30" in line for line in RULES.status_lines(t.who("ramiel"), t.state)
    )


def test_an_extended_action_keeps_progress_and_restarts_when_interrupted() -> None:
    # seed 001, "Extended Actions": "A character using an Extended Action may do nothing
    # else that turn. If a character is interrupted … they will be forced to start again."
    t = table()
    t.do("start", [9, 1])
    assert "turn 1 of 3" in t.text("act unit01 repair extended of=3")
    assert "no Half Action left" in t.refused("act unit01 rifle half attack")
    t.do("next")
    t.do("next")
    assert "turn 2 of 3" in t.text("act unit01 repair extended")
    t.do("next")
    t.do("next")
    t.do("act unit01 rifle half attack")
    assert "Extended: Repair is interrupted and must start again" in t.text("next")
    assert "Extended: Repair" not in t.conditions("unit01")


def test_a_stunned_construct_cannot_act_unless_forced() -> None:
    # docs/rulesets/eva-escale.md ("Effects"): the status page is not in seed 001; "Stunned
    # and Immobilised block actions / movement" — `force` is the GM's overrule.
    t = table()
    t.do("start", [9, 1])
    t.do("ail unit01 Stunned")
    assert "Stunned: no actions" in t.refused("act unit01 rifle half attack")
    assert "(forced)" in t.text("act unit01 rifle half attack force")


def test_roster_mistakes_are_named() -> None:
    from tracker.rules.base import RosterError

    with pytest.raises(RosterError, match="wounds is a table per location"):
        RULES.prepare(eva(wounds=12))
    with pytest.raises(RosterError, match="^Ramiel is an angel: wounds is a table"):
        RULES.prepare(angel(wounds=12))  # it said "is a angel"
    with pytest.raises(RosterError, match="miss"):
        RULES.prepare(eva(wounds={"body": 20}))
    with pytest.raises(RosterError, match="no characteristic 'luck'"):
        RULES.prepare(pilot(stats={"luck": 3}))
    with pytest.raises(RosterError, match="only the Supreme Commander"):
        RULES.prepare(pilot(morale=2))


def test_the_sample_encounter_plays_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "yashima.toml"
    path.write_bytes(SAMPLE.read_bytes())
    f = str(path)
    assert run(capsys, "check", f)[0] == 0
    status, out, _ = run(capsys, "do", "--dice", "5,9,2,3", f, "start")
    assert status == 0 and "JSSDF Artillery has no initiative of its own" in out
    _, out, _ = run(capsys, "do", f, "dmg", "ramiel", "30", "@body", "pen=6")
    assert "Ramiel @body: damage 30 vs Soak 8 (TB 6 + AP 8 − Pen 6): 22 wounds" in out
    before = path.read_bytes()
    status, out, err = run(capsys, "do", f, "dmg", "ramiel", "12", "@tail")
    assert status == 1 and out == "" and path.read_bytes() == before
    assert err.startswith("tracker: no location 'tail' — head, right arm, left arm, body")
    _, out, _ = run(capsys, "state", f)
    assert "JSSDF Artillery" in out and "Ramiel" in out


def test_eva_is_installed() -> None:
    from tracker.rules.registry import load_ruleset

    rules = load_ruleset("eva-escale")
    assert rules.id == "eva-escale" and {"dmg", "eject", "restore", "act"} <= set(rules.verbs())
    assert {spec.category for spec in rules.catalogue()} >= {"Physical", "Mental"}
    assert [view.key for view in rules.body(rules.prepare(eva()))] == [
        "head",
        "right arm",
        "left arm",
        "body",
        "right leg",
        "left leg",
    ]


def test_ejecting_on_the_sample_takes_only_the_dice_it_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # issue 13: '--dice 6,6 eject unit-02 50' said "ran out of scripted dice". Seed 001
    # l.21, l.129: Unit-01 (Shinji's Ag 38, AB 3) 5 + 3 = 8 and Unit-02 (Asuka's Ag 45,
    # AB 4) 4 + 4 = 8, Misato 2 + 3, Ramiel 1 + 3: the tie goes to Agility, no roll-off.
    # Both defeated; each ejection (41-60, l.141) takes the pilot's 1d10 initiative and the
    # 1d10 impact, nothing else: the emptied constructs keep their pilots' Agility.
    path = tmp_path / "yashima.toml"
    path.write_bytes(SAMPLE.read_bytes())
    f = str(path)
    run(capsys, "do", "--dice", "5,4,2,1", f, "start")
    run(capsys, "do", f, "defeat", "unit-01")
    run(capsys, "do", f, "defeat", "unit-02")
    assert run(capsys, "do", "--dice", "6,6", f, "eject", "unit-01", "50")[0] == 0
    status, out, err = run(capsys, "do", "--dice", "6,6", f, "eject", "unit-02", "50")
    assert status == 0 and err == "" and "roll-off" not in out
    assert "Asuka Langley initiative 10 (1d10 6 + AB 4)" in out
