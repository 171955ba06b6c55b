"""eva-escale pilots: aboard their constructs, mental effects, the ejection chart, on foot."""

from __future__ import annotations

from typing import Any

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
    # seed 001 l.123: "The pilot is considered to be in control"; docs/rulesets/eva-escale.md
    # ("Fate holder"): a construct without a pool of its own uses its pilot's while aboard.
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
    assert "Shinji takes 1d10 impact damage [7] = 7 vs Soak 1 (TB 1): 6 wounds" in text
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
    assert "1d5 impact damage [5] = 5 vs Soak 1 (TB 1): 4 wounds" in text


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
    # seed 001 l.141, "Ejection Chart" 41-60: 1d10 impact damage "unless their cockpit
    # possesses the Flight or Hoverer trait".
    t = table(eva(cockpit="flight"), pilot(), angel())
    text = t.text("eject unit01 45")
    assert "cockpit has flight: Shinji takes no impact damage" in text


def test_a_pilot_not_on_the_roster_is_made_from_the_construct() -> None:
    # seed 001 l.153: pilots on foot "count as having a WS and BS of 0 and a Strength and
    # Toughness of 10. Their Agility … as normal".
    t = table(eva("unit02", pilot="asuka", stats={"s": 60, "t": 50, "ag": 45, "wp": 33}), angel())
    text = t.text("eject unit02 80", [2, 2])
    assert "Asuka ejects and joins the fight on foot" in text
    asuka = t.who("asuka")
    assert asuka.side == "pc" and asuka.stats["ag"] == 45
    assert score(RULES.tables, asuka, "t") == 10


def test_only_a_construct_with_a_pilot_ejects() -> None:
    # seed 001 l.136: "a Construct is defeated and its pilot must eject" — Angels are
    # constructs "without any Pilots" (l.121); the Ejection Chart is a d100 (l.137-144).
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


def test_an_emptied_construct_keeps_its_place_and_no_roll_off_takes_typed_dice() -> None:
    # seed 001 l.123, l.129: a construct's single Initiative is 1d10 + AB, an Evangelion
    # using its pilot's Agility; l.21: a tie goes to the higher Agility, and only the same
    # Agility rolls 1d10 each. Unit01 (Shinji, Ag 38, AB 3) and Unit02 (Asuka, Ag 45,
    # AB 4) both roll 8 (5 + 3, 4 + 4): Unit02 first on Agility, no roll-off. After both
    # pilots eject (l.136-144, 41-60 "rough landing"), the emptied constructs keep their
    # pilots' Agility: no tie at Agility 0, no 1d10 roll-off eating the dice typed for
    # the pilots' initiative and the 1d10 impact.
    asuka = pilot("asuka", stats={"ws": 44, "bs": 38, "s": 30, "t": 32, "ag": 45, "wp": 33})
    t = table(eva("unit01"), eva("unit02", pilot="asuka"), pilot(), asuka, angel())
    t.do("start", [5, 4, 1])  # Unit01 5+3 = 8, Unit02 4+4 = 8, Ramiel 1+3 = 4
    assert t.state.order == ("unit02", "unit01", "ramiel")
    t.do("defeat unit01")
    t.do("defeat unit02")
    first = t.text("eject unit01 50", [6, 6])  # Shinji 6 + 3 = 9; impact 6 - TB 1 = 5
    second = t.text("eject unit02 50", [6, 6])  # Asuka 6 + 4 = 10; impact 6 - TB 1 = 5
    assert "roll-off" not in first + second
    assert "Asuka initiative 10 (1d10 6 + AB 4)" in second
    assert t.track("shinji", "wounds") == 9 - 5 and t.track("asuka", "wounds") == 9 - 5
    assert t.state.order == ("asuka", "shinji", "unit02", "unit01", "ramiel")


def on_foot_pilot(**construct: Any) -> Table:
    """Unit-01 emptied by a rough landing (d100 50): Shinji on foot (initiative d10 4,
    impact d10 1 — all soaked by TB 1), round 1, Unit-01's turn."""
    t = table(eva(**construct), pilot(), angel())
    t.do("start", [5, 2])  # Unit01 5 + 3 = 8, Ramiel 2 + 3 = 5
    t.do("eject unit01 50", [4, 1])
    return t


def to_shinjis_turn(t: Table) -> None:
    while t.state.current != "shinji":
        t.do("next")


def test_a_pilot_on_foot_moves_as_ab_1() -> None:
    # seed 001 l.154: "a Pilot always counts as having an AB of 1 for the purposes of
    # Movement" — the tracker measures no distance: the move's log line says it.
    t = on_foot_pilot()
    to_shinjis_turn(t)
    text = t.text("act shinji move half")
    assert "Move [movement] — Half Action (1 Half Action left) · on foot: moves as AB 1" in (text)


def test_a_pilot_on_foot_cannot_move_with_a_crippled_leg_or_after_burning_fate() -> None:
    # seed 001 l.155: "Pilots can't move if they're dead or have burned fate to survive.
    # They also cannot move if they've suffered crippling damage to a leg."
    t = on_foot_pilot()
    to_shinjis_turn(t)
    t.do("ail shinji crippled leg")
    assert t.refused("act shinji move half") == (
        "Shinji has a Crippled Leg: a pilot on foot cannot move then (add 'force' to allow)"
    )
    assert "Cannot move: a Crippled Leg" in RULES.status_lines(t.who("shinji"), t.state)
    assert "Crippled Leg" in t.refused("act shinji charge full attack movement")
    assert "Standard [attack]" in t.text("act shinji standard attack half")  # not a move
    t.do("cure shinji crippled leg")
    # Burning a Fate point to survive: Shinji's pool of 2 (2 left) becomes 1 of 1.
    text = t.text("burn shinji")
    assert "Shinji burns a Fate point to survive: Fate 2/2 → 1/1" in text
    assert t.who("shinji").limits["fate"] == 1 and t.track("shinji", "fate") == 1
    assert "has burned Fate to survive" in t.refused("act shinji move half")
    assert "(forced)" in t.text("act shinji move half force")


def test_a_dead_pilot_on_foot_cannot_move() -> None:
    # seed 001 l.155 "Pilots can't move if they're dead"; l.96: no Fate, dead at 0 wounds.
    t = table(eva(), pilot(fate=0), angel())
    t.do("start", [5, 2])
    t.do("eject unit01 50", [4, 1])
    t.do("wound shinji 9")
    assert t.who("shinji").status == "dead"
    assert t.refused("act shinji move half").startswith("Shinji is dead: a pilot on foot")


def test_a_self_moving_cockpit_with_an_ai_moves_as_normal_unless_breached() -> None:
    # seed 001 l.155: "Pilots in cockpits capable of self-movement, that are also sporting
    # AI, may instead make movement actions as normal"; l.152: a Breached cockpit's pilot
    # "must move on foot".
    t = on_foot_pilot(cockpit="self-moving ai")
    to_shinjis_turn(t)
    t.do("ail shinji crippled leg")
    assert "the cockpit moves itself (AI): as normal" in t.text("act shinji move half")
    t.do("ail unit01 breached")
    assert "Crippled Leg" in t.refused("act shinji move half")


def test_damage_to_a_pilot_on_foot_names_the_minus_40_to_hit() -> None:
    # seed 001 l.156: "Attacks on Pilots take a -40 Size penalty". The tracker rolls no
    # attack test: the damage line says the hit had to beat it. 6 damage vs Soak 1 (TB 1
    # on foot, Toughness 10) = 5 wounds.
    t = on_foot_pilot()
    text = t.text("dmg shinji 6 by=ramiel")
    assert "Shinji: damage 6 vs Soak 1 (TB 1): 5 wounds (a pilot on foot: the attack test " in (
        text
    )
    assert "took -40 Size)" in text
    assert "Size" not in t.text("dmg ramiel 30 @body by=shinji")


def test_burning_fate_needs_a_pool_and_a_constructs_is_its_pilots() -> None:
    # seed 001 l.155 "burned fate to survive"; a construct's Fate is its pilot's.
    t = table(eva(), pilot(), angel())
    t.do("spend shinji fate 2")
    assert "Fate 0/2 → 0/1" in t.text("burn unit01")
    assert t.conditions("shinji") == ["Burned Fate"]
    assert "no Fate to burn" in t.refused("burn ramiel")


def test_a_pilot_put_on_foot_by_hand_reads_without_an_empty_where() -> None:
    # "ail shinji On Foot" (the GM's word, no ejection) has no place: the status line
    # read "On foot, : attacks against them -40"
    t = started()
    t.do("ail shinji On Foot")
    lines = RULES.status_lines(t.who("shinji"), t.state)
    assert any(line.startswith("On foot: attacks against them -40") for line in lines), lines
