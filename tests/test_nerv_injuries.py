"""nerv-d100 wounds and injuries: every chart row, "as above", Savage, multiple wounds, Fate.

The seed file is ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000" below); its injury
chart lost its headings, which are, in order, Head, Body, Arm, Leg, Core (INDEX.md).
"""

from __future__ import annotations

import pytest

from tests.nerv_helpers import Table, angel, pilot
from tracker.core.errors import RuleError

TOUGH = {"physique": 90}  # PB 9: nine injuries before incapacitation

# seed 000, "Wounds and Injury" chart: (location, total score, row name, rows "as above")
CHART = [
    ("head", 1, "Crucial Strike", []),
    ("head", 2, "Trouble Concentrating", ["Crucial Strike"]),
    ("head", 3, "Fracture", ["Trouble Concentrating", "Crucial Strike"]),
    ("head", 4, "Blinded", ["Fracture", "Trouble Concentrating", "Crucial Strike"]),
    ("head", 6, "Blinded", ["Fracture", "Trouble Concentrating", "Crucial Strike"]),
    ("body", 1, "Graze", []),
    ("body", 2, "Crucial Strike", []),
    ("body", 3, "Inner Damage", ["Crucial Strike"]),
    ("body", 4, "Internal Bleeding", ["Inner Damage", "Crucial Strike"]),
    ("left arm", 1, "Hand Pain", []),
    ("left arm", 2, "Broken Fingers", ["Hand Pain"]),
    ("left arm", 3, "Broken Wrist", ["Broken Fingers", "Hand Pain"]),
    ("left arm", 4, "Broken Arm", []),
    ("right arm", 1, "Hand Pain", []),
    ("right arm", 2, "Broken Fingers", ["Hand Pain"]),
    ("right arm", 3, "Broken Wrist", ["Broken Fingers", "Hand Pain"]),
    ("right arm", 4, "Broken Arm", []),
    ("left leg", 1, "Foot Pain", []),
    ("left leg", 2, "Broken Toes", ["Foot Pain"]),
    ("left leg", 3, "Broken Foot", ["Broken Toes", "Foot Pain"]),
    ("left leg", 4, "Broken Leg", ["Broken Foot", "Broken Toes", "Foot Pain"]),
    ("right leg", 1, "Foot Pain", []),
    ("right leg", 2, "Broken Toes", ["Foot Pain"]),
    ("right leg", 3, "Broken Foot", ["Broken Toes", "Foot Pain"]),
    ("right leg", 4, "Broken Leg", ["Broken Foot", "Broken Toes", "Foot Pain"]),
]
CORE = [
    (1, "Dimming Light", []),
    (2, "Hairline Fracture", ["Dimming Light"]),
    (3, "Panic Healing", ["Hairline Fracture", "Dimming Light"]),
    (4, "Existential Crisis", ["Panic Healing", "Hairline Fracture", "Dimming Light"]),
]


def _at(location: str) -> str:
    return "@" + location.replace(" ", "-")


@pytest.mark.parametrize(("location", "score", "name", "above"), CHART)
def test_every_chart_row_by_location_and_score(
    location: str, score: int, name: str, above: list[str]
) -> None:
    # seed 000, "Wounds and Injury": the result is read at the TOTAL injury score from the
    # chart of the location hit; "as above" applies every effect above as well.
    table = Table(pilot("carol", stats=TOUGH))
    table.do(f"injure carol {score} {_at(location)}")
    last = table.who("carol").injuries[-1]
    assert (last.location, last.score, last.name) == (location, score, name)
    if above:
        assert f"as above: {', '.join(above)}" in last.effect
    else:
        assert "as above" not in last.effect


@pytest.mark.parametrize(("score", "name", "above"), CORE)
def test_every_core_row_for_angels(score: int, name: str, above: list[str]) -> None:
    # seed 000: "Angels have an extra body location (the Core)", the fifth chart column.
    table = Table(angel(stats={"physique": 90, "grace": 20}))
    table.do(f"injure sachiel {score} @core")
    last = table.who("sachiel").injuries[-1]
    assert (last.location, last.name) == ("core", name)
    assert all(n in last.effect for n in above)


def test_the_total_score_not_the_location_score_picks_the_row() -> None:
    # seed 000, Carol's example: 1 to the leg = Foot Pain; the next, to the body, is read
    # at 2 on the body chart "even though this is her first injury on the body".
    table = Table(pilot("carol"))
    table.do("wound carol 3")
    table.do("wound carol 1 @left-leg")
    table.do("wound carol 1 @body")
    assert [(i.location, i.score, i.name) for i in table.who("carol").injuries] == [
        ("left leg", 1, "Foot Pain"),
        ("body", 2, "Crucial Strike"),
    ]


def test_injury_effects_take_hold_at_once() -> None:
    # seed 000 chart: Fracture (head 3) Confuses; Broken Toes (leg 2) knocks prone;
    # Broken Foot (leg 3) Hinders; Internal Bleeding (body 4) causes Blood Loss.
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 3 @head")
    assert "Confused" in table.conditions("carol")
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 3 @right-leg")
    assert {"Prone", "Hindered"} <= set(table.conditions("carol"))
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 4 @body")
    assert "Blood Loss" in table.conditions("carol")


def test_crucial_strike_uses_the_damage_type_or_reminds_the_gm() -> None:
    # seed 000: Crucial Strike = "the Critical Hit effect of the weapon's damage type";
    # "Critical Hits": Impact attacks Stun the target.
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 1 @head type=impact")
    assert "Stunned" in table.conditions("carol")
    table = Table(pilot("carol", stats=TOUGH))
    table.do("injure carol 1 @head")
    assert "critical" in table.reminders("carol")


def test_hairline_fracture_costs_the_angel_stress_and_crisis_asks_for_fear() -> None:
    # seed 000, Core 2: "suffers an extra point of Stress"; Core 4: "must make a Fear test".
    table = Table(angel(stats={"physique": 90, "grace": 20}))
    table.do("injure sachiel 2 @core")
    assert table.track("sachiel", "stress") == 1
    table.do("injure sachiel 2 @core")
    assert "fear:injury" in table.reminders("sachiel")


def test_a_wound_past_the_pool_is_an_injury_and_a_stress() -> None:
    # seed 000: "If you suffer a wound but have no Wounds left ... you take a point of
    # Injury and 1 stress instead."
    table = Table(pilot("carol"))
    table.do("wound carol 5 @body")
    carol = table.who("carol")
    assert (carol.track("wounds"), carol.track("injuries"), carol.track("stress")) == (0, 2, 2)


def test_wound_without_location_rolls_it_only_when_an_injury_needs_one() -> None:
    # seed 000, "How Attacks Work" step four: 31-60 is the body.
    table = Table(pilot("carol"))
    assert table.do("wound carol 2") == [
        "Carol takes 2 wounds (entered by the GM)",
        "Carol: Wounds 3 → 1",
    ]
    lines = table.do("wound carol 2", [45])
    assert "Hit location on Carol: d100 45 → Body" in lines
    assert table.who("carol").injuries[-1].location == "body"


def test_more_injuries_than_physique_bonus_incapacitates() -> None:
    # seed 000: "You keep taking Injuries until you have more Injury points than your
    # Physique Bonus. When this happens, you are incapacitated or killed."
    table = Table(pilot("carol"))
    table.do("wound carol 6 @left-leg")
    assert table.who("carol").status == "active"
    lines = table.do("wound carol 1 @left-leg")
    assert table.who("carol").status == "down"
    assert any("4 injuries > Physique Bonus 3" in line and "Broken Leg" in line for line in lines)


# --- attacks: Defense and multiple wounds -------------------------------------------------


def test_damage_must_exceed_defense() -> None:
    # seed 000, step five: Defense is Physique Bonus plus Armour on the location; damage
    # "in excess of" it deals one wound.
    table = Table(pilot("carol", armour={"body": 2}))
    assert table.do("dmg carol 5 @body") == ["Carol @body: 5 vs Defense 5 (PB 3 + 2 AP): no wound"]
    assert table.track("carol", "wounds") == 3
    table.do("dmg carol 6 @body")
    assert table.track("carol", "wounds") == 2


def test_the_log_says_how_the_wounds_were_reached() -> None:
    # seed 000, "Inflicting Multiple Wounds": high damage (Defense + 5) and a headshot each
    # add a wound.
    table = Table(pilot("carol", stats={"physique": 40}, armour={"head": 2}))
    lines = table.do("dmg carol 12 @head")
    assert lines[0] == (
        "Carol @head: 12 vs Defense 6 (PB 4 + 2 AP): 1 wound +1 high damage +1 head = 3 wounds"
    )
    assert table.track("carol", "wounds") == 1


def test_every_multiple_wound_source_adds_up() -> None:
    # seed 000: "These effects stack": high damage, headshot/weak spot, unguarded (0 AP),
    # exploit hit and critical hit: 1 + 5 = 6 wounds (and Savage twice: 4+ wounds, and
    # 20 >= Defense 9 + 10).
    table = Table(pilot("carol", stats={"physique": 90}))
    lines = table.do("dmg carol 20 @head exploit crit type=impact")
    assert lines[0].endswith(
        "1 wound +1 high damage +1 head +1 unguarded +1 exploit "
        "+1 critical = 6 wounds; Savage ×2 (4+ wounds, very high damage)"
    )
    carol = table.who("carol")
    assert (carol.track("wounds"), carol.track("injuries")) == (3, 2)
    assert "Stunned" in table.conditions("carol")


def test_the_core_is_an_angels_weak_spot_and_armour_guards_it() -> None:
    # seed 000: "Headshot/Weakspot ... an important spot"; the Core is the Angel's.
    table = Table(angel())
    lines = table.do("dmg sachiel 12 @core exploit")
    assert lines[0] == (
        "Sachiel @core: 12 vs Defense 6 (PB 4 + 2 AP): 1 wound +1 high damage "
        "+1 core +1 exploit = 4 wounds; Savage ×1 (4+ wounds)"
    )


def test_weak_armour_counts_as_unguarded_but_ignored_armour_does_not() -> None:
    # seed 000, Unguarded: 0 AP "due to not having armour or because the armour is weak
    # to your attack damage type".
    table = Table(pilot("carol", stats={"physique": 90}, armour={"body": 3}))
    weak = table.do("dmg carol 10 @body weak")[0]
    assert "vs Defense 9 (PB 9)" in weak and "+1 unguarded" in weak
    ignored = table.do("dmg carol 10 @body ignore-ap")[0]
    assert "vs Defense 9 (PB 9)" in ignored and "unguarded" not in ignored


def test_inner_damage_adds_a_wound_to_every_later_hit() -> None:
    # seed 000, body 3 Inner Damage: "Whenever you suffer damage, you take an extra Wound."
    table = Table(pilot("carol", stats=TOUGH, armour={"body": 1}))
    table.do("injure carol 3 @body")
    line = table.do("dmg carol 11 @body")[0]
    assert line.endswith("1 wound +1 inner damage = 2 wounds")


def test_savage_adds_an_injury_per_source() -> None:
    # seed 000, "Savage Attacks": a Savage attack deals 1 Injury as well; gaining Savage
    # more than once deals another injury point.
    table = Table(pilot("carol", stats={"physique": 50}, armour={"body": 5}))
    table.do("dmg carol 21 @body savage")
    carol = table.who("carol")
    # 21 vs 10: 1 +1 high damage = 2 wounds (5 → 3); very high damage + flagged = 2 injuries
    assert (carol.track("wounds"), carol.track("injuries")) == (3, 2)
    assert carol.track("stress") == 0


def test_savage_on_zero_wounds_incapacitates() -> None:
    # seed 000: "If an attack gains Savage modifier on a target with zero wounds remaining
    # (even if brought to 0 by the same attack), they are immediately incapacitated".
    table = Table(pilot("carol", stats={"physique": 90}))
    table.do("wound carol 8")
    lines = table.do("dmg carol 12 @body savage")
    carol = table.who("carol")
    assert carol.track("wounds") == 0 and carol.status == "down"
    assert any("incapacitated: a Savage attack at 0 wounds" in line for line in lines)


def test_helpless_targets_take_savage_attacks() -> None:
    # seed 000, "Helpless": attacks against helpless targets become Savage.
    table = Table(pilot("carol", stats=TOUGH))
    table.do("ail carol Helpless")
    assert "Savage ×1 (helpless)" in table.do("dmg carol 10 @body")[0]


def test_fate_blocks_an_injury_point() -> None:
    # seed 000, Fate "Block Injury": reduce the Injury points taken by 1 per point spent.
    table = Table(pilot("carol", fate=2))
    table.do("wound carol 3")
    table.do("wound carol 2 @body block=1")
    carol = table.who("carol")
    assert (carol.track("injuries"), carol.track("fate")) == (1, 1)
    table.do("spend carol fate use=block")
    assert table.track("carol", "injuries") == 0 and table.track("carol", "fate") == 0


def test_blocking_needs_enough_fate() -> None:
    # seed 000 l.266: "If you incur multiple Injury Points at once, you have to spend multiple
    # Fate Points" to block them.
    table = Table(pilot("carol", fate=1))
    table.do("wound carol 3")
    with pytest.raises(RuleError, match="only 1 Fate"):
        table.do("wound carol 2 @body block=2")


def test_heal_restores_wounds_or_injuries_at_a_location() -> None:
    table = Table(pilot("carol", stats=TOUGH))
    table.do("wound carol 9")
    table.do("wound carol 2 @left-leg")
    table.do("heal carol 1 @left-leg")
    assert [i.name for i in table.who("carol").injuries] == ["Foot Pain"]
    table.do("heal carol 4")
    assert table.track("carol", "wounds") == 4 and table.track("carol", "injuries") == 1


def test_unknown_location_names_what_is_allowed() -> None:
    table = Table(pilot("carol"), angel())
    with pytest.raises(RuleError) as err:
        table.do("dmg carol 5 @tail")
    assert str(err.value) == (
        "no location 'tail' — head, body, left arm, right arm, left leg, right leg"
    )
    with pytest.raises(RuleError, match="no location 'core'"):
        table.do("dmg carol 5 @core")
    assert table.state.seq == 0


def test_unknown_flags_and_damage_types_are_refused() -> None:
    table = Table(pilot("carol"))
    with pytest.raises(RuleError, match="'kaboom' means nothing to 'dmg'"):
        table.do("dmg carol 5 @body kaboom")
    with pytest.raises(RuleError, match="no damage type 'fire' — impact, rending, energy"):
        table.do("dmg carol 5 @body type=fire")


def test_a_typo_of_ten_thousand_wounds_is_refused_at_once() -> None:
    # Not a rule (000 has no cap): a bound so that a mistyped amount cannot hold the file
    # for minutes; the data file's [wounds] most_at_once says how many one command may deal.
    from tests.nerv_helpers import Table

    table = Table()
    assert "at most 100" in table.refused("wound carol 10000")
    assert "at most 100" in table.refused("injure carol 101 @body")
