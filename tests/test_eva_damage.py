"""eva-escale damage: Soak, per-location wound pools, Righteous Fury, 0 wounds."""

from __future__ import annotations

import pytest

from tests.eva_helpers import RULES, angel, eva, pilot, soldier, table
from tracker.core.errors import RuleError


def test_construct_location_pools_are_independent() -> None:
    # seed 001, "Pilots and Constructs": "damaging a Construct's arm will reduce its arm
    # wounds, but not affect its head or body or other arm".
    t = table()
    t.do("dmg unit01 15 @left-arm")  # Soak 9 (TB 5 + AP 4): 6 wounds
    assert t.track("unit01", "wounds@left arm") == 4
    assert [
        t.track("unit01", f"wounds@{k}")
        for k in ("head", "body", "right arm", "right leg", "left leg")
    ] == [10, 20, 10, 10, 10]
    t.do("dmg unit01 12 @body")
    assert t.track("unit01", "wounds@body") == 17
    assert t.track("unit01", "wounds@left arm") == 4
    assert "wounds" not in t.who("unit01").tracks


def test_a_location_at_zero_is_crippled_on_the_body_chart() -> None:
    # seed 001 l.127: each location its own pool; the text is silent on a pool at 0, and
    # docs/rulesets/eva-escale.md ("Constructs") reads it: "a location at 0 is crippled".
    t = table()
    text = t.text("dmg unit01 19 @right-arm")  # 10 past Soak: the arm is at exactly 0
    assert "Unit01's right arm is crippled" in text
    chart = {view.key: view for view in RULES.body(t.who("unit01"))}
    assert (chart["right arm"].value, chart["right arm"].limit) == (0, 10)
    assert chart["right arm"].severity == "crippled"
    assert chart["left arm"].severity == "ok"
    assert RULES.summary(t.who("unit01")) == "W 60/70 ✕1"
    assert "right arm crippled" in RULES.player_summary(t.who("unit01"))


def test_soak_is_toughness_bonus_plus_armour_less_penetration() -> None:
    # seed 001, "Attacking", Step Six: Soak = TB + AP, "with the latter reduced by the
    # Penetration of your attack"; Step Seven: the rest is wounds lost.
    t = table()
    text = t.text("dmg ramiel 20 @body pen=3")
    assert "vs Soak 11 (TB 6 + AP 8 − Pen 3): 9 wounds" in text
    assert t.track("ramiel", "wounds@body") == 11
    text = t.text("dmg ramiel 20 @head pen=12")  # penetration beyond the armour: TB only
    assert "vs Soak 6 (TB 6 + AP 8 − Pen 8): 14 wounds" in text
    assert t.track("ramiel", "wounds@head") == 6


def test_soak_higher_than_the_damage_negates_the_attack() -> None:
    # seed 001 l.64, "Step Six": "If their Soak Value is higher than your damage, then the
    # attack is negated".
    t = table()
    text = t.text("dmg ramiel 13 @body pen=1")
    assert "vs Soak 13 (TB 6 + AP 8 − Pen 1): all soaked, no effect" in text
    assert t.track("ramiel", "wounds@body") == 20


def test_a_hit_location_comes_from_the_attack_roll_reversed_or_a_d100() -> None:
    # seed 001 has no hit-location table: docs/rulesets/eva-escale.md ("Hit locations")
    # reads the usual Dark-Heresy one from the attack roll reversed (34 → 43, the body).
    t = table()
    assert "Attack roll 34 reversed is 43: the body" in t.text("dmg ramiel 20 hit=34")
    assert t.track("ramiel", "wounds@body") == 14
    assert "reversed is 1: the head" in t.text("dmg ramiel 20 hit=10")
    assert "d100 15 → Right arm" in t.text("dmg ramiel 20", [15])
    assert t.track("ramiel", "wounds@right arm") == 14


def test_righteous_fury_for_a_fate_holder_chains_on_tens() -> None:
    # seed 001, "Step Five-A": a natural maximum, a confirm test with the attack's
    # characteristic, +1d10, "If this roll is also a 10 … another righteous fury 1d10".
    t = table()
    # damage d10 = 10; confirm d100 35 vs Shinji's BS 41; fury 10, then 4
    text = t.text("dmg ramiel 1d10+10 @body by=unit01 test=bs", [10, 35, 10, 4])
    assert "Unit01 confirms the Righteous Fury: d100 35 vs Ballistic Skill 41: passed" in text
    assert "Righteous Fury! Unit01 adds 1d10 [10, 4] = 14 (each 10 rolls again)" in text
    assert "= 20 + Righteous Fury 14 = 34 vs Soak 14" in text
    assert t.track("ramiel", "wounds@body") == 0


def test_righteous_fury_needs_fate() -> None:
    # seed 001, "Step Five-A": "only characters possessing Fate Points can trigger
    # Righteous Fury".
    t = table(eva(), pilot(), angel(), soldier())
    text = t.text("dmg ramiel 1d10+10 @body by=kaji test=bs", [10])
    assert "but Kaji has no Fate: no Righteous Fury" in text
    assert t.track("ramiel", "wounds@body") == 14  # 20 vs Soak 14: no extra die rolled


def test_a_failed_confirm_adds_no_fury() -> None:
    # seed 001 l.63, "Step Five-A": "If you pass, the attack deals an extra 1d10" — a failed
    # confirm test adds nothing.
    t = table()
    text = t.text("dmg ramiel 1d10+10 @body by=unit01 test=bs", [10, 90])
    assert "failed" in text and "Righteous Fury!" not in text
    assert t.track("ramiel", "wounds@body") == 14


def test_an_unconfirmed_fury_is_refused_with_the_command_to_type() -> None:
    t = table()
    message = t.refused("dmg ramiel 1d10+10 @body by=unit01", [10])
    assert "Righteous Fury to confirm" in message
    assert "'dmg ramiel 20 @body by=unit01 fury test=ws|bs'" in message
    t.do("dmg ramiel 20 @body by=unit01 fury confirm=pass", [3])
    assert t.track("ramiel", "wounds@body") == 20 - (23 - 14)


def test_without_fate_a_combatant_perishes_at_zero() -> None:
    # seed 001, "Step Seven": "Most characters perish if they are dropped to 0 wounds".
    t = table(soldier(), angel())
    text = t.text("dmg kaji 15")  # Soak 5 (TB 3 + AP 2): 10 wounds, exactly to 0
    assert "Kaji perishes at 0 wounds (no Fate)" in text
    assert t.who("kaji").status == "dead"


def test_fate_holders_take_critical_damage_past_zero() -> None:
    # seed 001, "Step Seven": "characters with Fate Points instead take Critical Damage
    # when taking damage past 0 wounds".
    t = table(pilot(), angel())
    t.do("wound shinji 12")
    assert t.track("shinji", "wounds") == 0
    assert t.track("shinji", "critical") == 3
    assert t.who("shinji").status == "active"
    assert "Critical Damage table" in t.reminders("shinji")["critical"]
    t.do("heal shinji 5")  # Critical Damage heals first
    assert (t.track("shinji", "critical"), t.track("shinji", "wounds")) == (0, 2)


def test_a_construct_without_fate_is_defeated_at_a_vital_location() -> None:
    # seed 001 l.65: without Fate a combatant perishes at 0; docs/rulesets/eva-escale.md
    # ("Constructs"): a construct without Fate "is defeated when its head or body reaches
    # 0", and a defeated construct raises an ejection reminder (l.136).
    t = table(eva(), pilot(fate=0), angel())
    t.do("dmg unit01 25 @left-leg")  # a limb at 0: crippled, still fighting
    assert t.who("unit01").status == "active"
    text = t.text("dmg unit01 40 @body")
    assert "Unit01 is defeated: its body is destroyed" in text
    assert t.who("unit01").status == "down"
    assert "eject unit01 roll" in t.reminders("unit01")["eject"]
    assert ("roll ejection", "eject unit01 roll") in RULES.reminder_actions(
        t.state.reminders_for("unit01")[0]
    )


def test_a_construct_with_fate_takes_critical_damage_per_location() -> None:
    # seed 001 l.65: "characters with Fate Points instead take Critical Damage";
    # docs/rulesets/eva-escale.md ("0 wounds"): per location for constructs, and the GM
    # decides the defeat with `defeat`.
    t = table()
    t.do("dmg unit01 25 @head")  # 16 wounds against 10
    assert t.track("unit01", "critical@head") == 6
    assert "'defeat unit01'" in t.reminders("unit01")["defeat"]
    assert t.who("unit01").status == "active"
    t.do("defeat unit01")
    assert t.who("unit01").status == "down"


def test_an_angel_is_destroyed_when_its_body_falls() -> None:
    # docs/rulesets/eva-escale.md ("Constructs"): a construct without Fate is defeated when
    # its head or body reaches 0 — "an Angel is then destroyed" (Angels have no pilot,
    # seed 001 l.121).
    t = table()
    t.do("dmg ramiel 40 @body")
    assert t.who("ramiel").status == "dead"
    # issue 13: damage to a destroyed Angel was accepted
    before = t.who("ramiel")
    for line in ("dmg ramiel 12 @head", "wound ramiel 3"):
        with pytest.raises(RuleError, match="Ramiel is destroyed: there is nothing left"):
            t.do(line)
    assert t.who("ramiel") == before


def test_heal_names_a_location_on_a_construct() -> None:
    # seed 001 l.127: a construct's wounds are per location, so healing names one.
    t = table()
    t.do("dmg unit01 15 @left-arm")
    assert "heals one location at a time" in t.refused("heal unit01 3")
    t.do("heal unit01 3 @left-arm")
    assert t.track("unit01", "wounds@left arm") == 7


def test_bad_damage_is_refused_in_one_line() -> None:
    t = table()
    assert "no location 'tail'" in t.refused("dmg ramiel 12 @tail")
    assert "pen must be 0 or more" in t.refused("dmg ramiel 12 @body pen=-1")
    assert "'sharp' means nothing to 'dmg'" in t.refused("dmg ramiel 12 @body sharp")
    assert "damage must be a number or dice" in t.refused("dmg ramiel lots @body")


def test_at_least_one_fate_point_is_read_as_the_encounter_says() -> None:
    # seed 001 l.96: "ICs with at least one Fate Point use the Critical Damage table";
    # issue 13: with 0 of 1 Fate left a pilot took Critical Damage. The default reading
    # ("possessed": a Fate pool at all) stays; 'fate-reading left' needs one left now.
    t = table(pilot(fate=1), angel())
    t.do("spend shinji fate 1")
    t.do("wound shinji 12")
    assert t.track("shinji", "critical") == 3 and t.who("shinji").status == "active"
    t = table(pilot(fate=1), angel())
    said = t.text("fate-reading left")
    assert "Reading fate = left: at least one Fate Point is one Fate point or more left now" == said
    t.do("spend shinji fate 1")
    t.do("wound shinji 12")
    assert t.who("shinji").status == "dead"
    assert "already" in t.refused("fate-reading left")
