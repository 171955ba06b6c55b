"""eva-escale pilots: aboard their constructs, mental effects, the ejection chart, on foot."""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.eva_helpers import RULES, angel, eva, pilot, table
from tracker.rules.d100 import score


def started() -> Table:
    """Unit-01 (Shinji aboard) against Ramiel, round 1 under way."""
    t = table()
    t.do("start", [5, 2])  # Unit01 1d10 5 + AB 3 (Shinji's Agility 38); Ramiel 2 + 3
    return t


def test_a_pilot_aboard_has_no_turn_and_lends_the_construct_their_scores() -> None:
    # seed 001, "Pilots and Constructs": a construct has "a single Initiative, which is
    # based off the Construct's AB"; it uses the pilot's WS, BS … (Evangelions: Agility).
    t = started()
    assert t.state.order == ("unit01", "ramiel")
    assert t.state.initiative["unit01"] == 8
    assert not RULES.takes_turn(t.state, "shinji")
    assert "Pilot: Shinji (aboard)" in RULES.status_lines(t.who("unit01"), t.state)


def test_mental_effects_on_a_construct_fall_on_its_pilot() -> None:
    # seed 001, "Pilots and Constructs": "The exception is with mental effects, which
    # affect the pilot."
    t = table()
    text = t.text("ail unit01 Fear")
    assert "Shinji suffers Fear (a mental effect on Unit01: it falls on the pilot)" in text
    assert t.conditions("shinji") == ["Fear"] and t.conditions("unit01") == []
    t.do("ail unit01 Stunned")
    assert t.conditions("unit01") == ["Stunned"]
    t.do("ail unit01 Panic mental")
    assert "Panic" in t.conditions("shinji")
    t.do("cure unit01 Fear")
    assert "Fear" not in t.conditions("shinji")


def test_a_constructs_fate_is_its_pilots() -> None:
    t = table()
    t.do("spend unit01 fate")
    assert t.track("shinji", "fate") == 1


def test_ejection_jammed_keeps_the_pilot_aboard_and_adds_breach_damage() -> None:
    # seed 001, "Ejection Chart" 1-10: no ejection; "increase any Breach damage by +1d5".
    t = started()
    text = t.text("eject unit01 7", [3])
    assert "d100 7 → Jammed" in text
    assert "Any Breach damage to Unit01's cockpit +3" in text
    assert "Shinji is still aboard Unit01" in text
    assert "On Foot" not in t.conditions("shinji")
    assert "jammed" in t.refused("eject unit01 55")
    t.do("eject unit01 55 force", [4, 1])
    assert "On Foot" in t.conditions("shinji")


def test_ejection_no_response_keeps_the_pilot_aboard() -> None:
    # seed 001, "Ejection Chart" 11-40: "The pilot does not eject".
    t = started()
    text = t.text("eject unit01 roll", [25])
    assert "d100 25 → No response" in text and "Shinji is still aboard" in text
    assert t.who("unit01").condition("Ejection Jammed") is None


def test_a_rough_landing_puts_the_pilot_on_foot_a_km_behind_with_1d10_impact() -> None:
    # seed 001, "Ejection Chart" 41-60: lands 1km behind, 1d10 impact damage; "Pilots on
    # Foot": WS and BS 0, Strength and Toughness 10, AB 1 for movement, -40 to be hit.
    t = started()
    text = t.text("eject unit01 50", [4, 7])  # initiative d10 4; impact d10 7
    assert "Unit01 is left empty" in text
    assert "Shinji is on foot, 1 km behind Unit01" in text
    assert "Shinji initiative 7 (1d10 4 + AB 3)" in text
    assert "Shinji takes 1d10 impact damage [7] = 7 vs Soak 1 (TB 1): 6 wound(s)" in text
    shinji = t.who("shinji")
    assert [score(RULES.tables, shinji, s) for s in ("ws", "bs", "s", "t", "ag")] == [
        0,
        0,
        10,
        10,
        38,
    ]
    assert t.track("shinji", "wounds") == 3
    assert t.who("unit01").status == "down"
    assert t.state.order == ("unit01", "shinji", "ramiel")
    assert RULES.takes_turn(t.state, "shinji") and not RULES.takes_turn(t.state, "unit01")
    lines = RULES.status_lines(shinji, t.state)
    assert any(
        "attacks against them -40; may dodge, never parry; moves as AB 1" in line for line in lines
    )


def test_a_bumpy_landing_is_1d5_km_and_1d5_impact() -> None:
    # seed 001, "Ejection Chart" 61-75.
    t = started()
    text = t.text("eject unit01 70", [2, 4, 5])  # distance 1d5; initiative; impact 1d5
    assert "on foot, 2 km (1d5 [2]) behind Unit01" in text
    assert "1d5 impact damage [5] = 5 vs Soak 1 (TB 1): 4 wound(s)" in text


def test_a_clean_ejection_is_2d5_km_and_no_damage() -> None:
    # seed 001, "Ejection Chart" 76-90.
    t = started()
    text = t.text("eject unit01 80", [3, 4, 6])
    assert "7 km (2d5 [3, 4]) behind Unit01" in text
    assert "impact" not in text
    assert t.track("shinji", "wounds") == 9


def test_a_perfect_launch_takes_the_pilot_off_the_field() -> None:
    # seed 001, "Ejection Chart" 91-100: "leave the battle entirely … safely recovered".
    t = started()
    text = t.text("eject unit01 roll mod=+20", [85])
    assert "d100 85 +20 = 100 → Perfect launch" in text
    assert t.who("shinji").status == "removed"
    assert "already" in t.refused("eject unit01 roll", [50])


def test_a_flying_cockpit_takes_no_impact_damage() -> None:
    t = table(eva(cockpit="flight"), pilot(), angel())
    text = t.text("eject unit01 45")
    assert "cockpit has flight: Shinji takes no impact damage" in text


def test_a_pilot_not_on_the_roster_is_made_from_the_construct() -> None:
    t = table(eva("unit02", pilot="asuka", stats={"s": 60, "t": 50, "ag": 45, "wp": 33}), angel())
    text = t.text("eject unit02 80", [2, 2])
    assert "Asuka ejects and joins the fight on foot" in text
    asuka = t.who("asuka")
    assert asuka.side == "pc" and asuka.stats["ag"] == 45
    assert score(RULES.tables, asuka, "t") == 10


def test_only_a_construct_with_a_pilot_ejects() -> None:
    t = table()
    assert "no pilot to eject" in t.refused("eject ramiel roll", [50])
    assert "1 to 100" in t.refused("eject unit01 150")


def test_a_pilot_on_foot_may_dodge_but_never_parry() -> None:
    # seed 001 "Pilots on Foot": "they may dodge as normal, though they may never parry"
    t = started()
    t.do("eject unit01 50", [4, 7])
    assert t.state.current != "shinji"  # reactions come on others' turns
    assert "never parry" in t.refused("act shinji parry")
    assert "Dodge" in t.text("act shinji dodge")


def test_the_same_at_field_power_is_manifested_once_a_turn() -> None:
    # seed 001 "AT Field Power": "You may manifest multiple powers per turn, but you may
    # not manifest the same power twice per turn."
    t = started()
    while t.state.current != "unit01":
        t.do("next")
    assert "name the AT Field Power" in t.refused("act unit01 power half")
    assert "At Field Power: Lance" in t.text("act unit01 power half power=Lance")
    assert "manifested lance this turn already" in t.refused("act unit01 power half power=lance")
    assert "At Field Power: Wall" in t.text("act unit01 power half power=Wall")
