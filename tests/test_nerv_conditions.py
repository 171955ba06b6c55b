"""nerv-d100 conditions: Stress and Trauma thresholds, Fear, Ego Fracture, Blood Loss,
Suffocating, decay and altitude (seed 000, "Special Conditions")."""

from __future__ import annotations

import pytest

from tests.nerv_helpers import RULES, Table, angel, pilot
from tracker.core.errors import RuleError
from tracker.rules.base import RosterError


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1 with Carol (PB 3, WB 3) acting first."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


# --- Stress and Trauma -------------------------------------------------------------------


def test_stress_thresholds_fatigued_then_exhausted() -> None:
    # seed 000: "If Stress exceeds Physique Bonus, then the character is Fatigued"; issue 3:
    # Exhausted at Physique Bonus + 2 or more. PB 3: Fatigued at 4, Exhausted at 5.
    table = started()
    table.do("gain carol stress 3")
    assert table.conditions("carol") == []
    lines = table.do("gain carol stress")
    assert lines[-1] == "Carol is Fatigued (Stress 4 > 3): Disadvantage on every test"
    table.do("gain carol stress")
    assert table.conditions("carol") == ["Fatigued", "Exhausted"]
    assert "test:exhausted" in table.reminders("carol")
    table.do("spend carol stress 1")
    assert table.conditions("carol") == ["Fatigued"]
    table.do("spend carol stress 1")
    assert table.conditions("carol") == []


def test_exhausted_who_fails_the_test_falls_unconscious() -> None:
    # seed 000: Exhausted, "whenever the character suffers Stress, they must make a Physique
    # test or fall unconscious".
    table = started()
    table.do("gain carol stress 5")
    table.do("test carol exhausted fail")
    assert "Unconscious" in table.conditions("carol")
    assert table.who("carol").status == "down"


def test_trauma_thresholds_unsettled_then_dysfunctional() -> None:
    # seed 000: Unsettled when Trauma exceeds WB, Dysfunctional when it exceeds WB+2 (WB 3).
    table = started()
    table.do("gain carol trauma 3")
    assert table.conditions("carol") == []
    table.do("gain carol trauma 1")
    assert table.conditions("carol") == ["Unsettled"]
    table.do("gain carol trauma 1")
    assert table.conditions("carol") == ["Unsettled"]
    table.do("gain carol trauma 1")
    assert table.conditions("carol") == ["Unsettled", "Dysfunctional"]


def test_downtime_eases_stress_and_trauma_and_refills_fate() -> None:
    # seed 000: Stress -1 in Short, -2 in Long Downtimes; Trauma -1 in Long Downtimes;
    # Fates replenish; the Exert cost resets.
    table = started(pilot("carol", fate=2), angel())
    table.do("gain carol stress 5")
    table.do("gain carol trauma 4")
    table.do("spend carol fate use=reroll")
    table.do("exert carol")
    table.do("downtime long")
    carol = table.who("carol")
    assert (carol.track("stress"), carol.track("trauma")) == (5 + 1 - 2, 3)
    assert (carol.track("fate"), carol.track("exerts")) == (2, 0)
    assert table.conditions("carol") == ["Fatigued"]


# --- Fear --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dof", "effect"),
    [
        (0, "Shaken"),
        (1, "Shaken"),
        (2, "Avoidance"),
        (3, "Panic"),
        (4, "Frozen in Fear"),
        (5, "Catatonia"),
        (8, "Catatonia"),
    ],
)
def test_fear_table_by_degrees_of_failure(dof: int, effect: str) -> None:
    # seed 000, Fear: 0-1 Shaken, 2 Avoidance, 3 Panic, 4 Frozen, 5+ Catatonia.
    table = started()
    table.do(f"fear carol dof={dof}")
    assert table.conditions("carol")[0] == effect


def test_catatonia_adds_trauma_and_helplessness() -> None:
    # seed 000: Catatonia: "they take 1 Trauma, and count as Helpless."
    table = started()
    table.do("fear carol dof=5")
    assert table.track("carol", "trauma") == 1
    assert "Helpless" in table.conditions("carol")
    table.do("shake carol pass")
    assert table.conditions("carol") == []


def test_frozen_in_fear_cannot_act_or_move() -> None:
    # seed 000 l.394: "4 DoF: Frozen. … They cannot move, nor take actions".
    table = started()
    table.do("fear carol dof=4")
    with pytest.raises(RuleError, match="Carol is Frozen in Fear: no actions"):
        table.do("act carol focus")


def test_fear_effect_stays_that_of_the_first_roll() -> None:
    # seed 000: the shake-off "does not change the effects of the fear, which is determined
    # off the original roll only", with a stacking advantage for each failure.
    table = started()
    table.do("fear carol dof=3")
    table.do("next")
    table.do("next")
    assert table.reminders("carol")["shake:Panic"] == "Carol: shake off Panic — Will test"
    table.do("shake carol fail dof=5")
    assert table.conditions("carol") == ["Panic"]
    with pytest.raises(RuleError, match="already in Fear"):
        table.do("fear carol dof=5")
    table.do("next")
    table.do("next")
    assert "+1 Advantage (1 failed)" in table.reminders("carol")["shake:Panic"]


def test_a_rolled_fear_test_reads_the_dof() -> None:
    # Will 30: a 52 fails by 2 DoF → Avoidance (seed 000 l.392, "2 DoF: Avoidance").
    table = started()
    lines = table.do("fear carol roll", [52])
    assert lines[0] == "Carol Fear test: d100 52 vs Will 30: failed by 2 DoF"
    assert table.conditions("carol") == ["Avoidance"]


def test_the_first_injury_reminds_of_the_fear_trigger() -> None:
    # seed 000, Fear triggers: "Suffering an injury".
    table = started()
    table.do("wound carol 4 @body")
    assert "fear:injury" in table.reminders("carol")
    table.do("fear carol pass")
    assert table.reminders("carol") == {}


# --- Ego Fracture ------------------------------------------------------------------------


def test_ego_fracture_grace_period_then_collapse() -> None:
    # seed 000: a second Ego Fracture while fractured collapses the ego, but "you do have a
    # grace period of WPB turns where you can't collapse". Will 20: WB 2.
    table = started(pilot("carol", stats={"will": 20}), angel())
    table.do("fracture carol")
    table.do("next")
    lines = table.do("fracture carol")
    assert lines == [
        "Carol suffers another Ego Fracture within the grace period (1 turn left): the ego holds"
    ]
    table.do("next")
    table.do("next")
    assert "Ego Fracture: another one collapses the ego" in RULES.status_lines(
        table.who("carol"), table.state
    )
    table.do("fracture carol")
    assert table.who("carol").status == "down"
    assert "Ego Collapse" in table.conditions("carol")


def test_downtime_ends_the_ego_fracture() -> None:
    # seed 000: "Once you are Ego Fractured, you remain so until the start of the next
    # Downtime."
    table = started()
    table.do("fracture carol")
    table.do("downtime")
    assert table.conditions("carol") == []


# --- Blood Loss, Suffocating, decay -------------------------------------------------------


def test_blood_loss_reminds_each_turn_and_a_failure_costs_a_wound() -> None:
    # seed 000, Blood Loss: a test at the start of each turn; "If they fail this test, they
    # instantly take 1 Wound."
    table = started()
    table.do("ail carol Blood Loss")
    table.do("next")
    table.do("next")
    assert "test:bleeding" in table.reminders("carol")
    table.do("test carol bleeding fail")
    assert table.track("carol", "wounds") == 2


def test_blood_loss_out_of_wounds_decays_physique() -> None:
    # seed 000: "If they are out of Wounds, then instead of suffering Injuries, they suffer
    # 1 Physique decay, +1 per DoF."
    table = started()
    table.do("wound carol 3")
    table.do("ail carol Blood Loss")
    lines = table.do("test carol bleeding fail dof=2")
    assert lines[-1] == "Carol: Physique 30 → 27 (Blood Loss, 2 DoF)"
    assert table.track("carol", "injuries") == 0


def test_bleeding_at_physique_zero_injures_the_body_and_incapacitates() -> None:
    # seed 000 l.338: "If this reduces their Physique to zero, then they suffer a Sharp-type
    # Injury to the body per round"; l.206: more Injury points than Physique Bonus (now 0)
    # incapacitates (issue 13: the injury came, the check never ran)
    table = started()
    table.do("wound carol 3")
    table.do("ail carol Blood Loss")
    table.do("test carol bleeding fail dof=29")
    assert table.track("carol", "injuries") == 0
    while table.state.round == 1:
        table.do("next")
    carol = table.who("carol")
    assert carol.track("injuries") == 1 and carol.injuries[0].location == "body"
    assert carol.status == "down"


def test_internal_bleeding_comes_back_with_stress() -> None:
    # seed 000, body 4 Internal Bleeding: "whenever you take Stress for any reason after
    # this, Blood Loss returns."
    table = started(pilot("carol", stats={"physique": 90}), angel())
    table.do("injure carol 4 @body")
    table.do("cure carol blood loss")
    table.do("gain carol stress")
    assert "Blood Loss" in table.conditions("carol")


def test_suffocating_counts_down_physique_bonus_rounds() -> None:
    # seed 000: hold breath for Physique Bonus rounds in combat, then unconscious; unconscious
    # without air, dead after as many rounds again. PB 1 here.
    table = started(pilot("carol", stats={"physique": 10}), angel())
    table.do("ail carol Suffocating")
    table.do("next")
    lines = table.do("next")
    assert any("runs out of air and falls unconscious" in line for line in lines)
    assert table.who("carol").status == "down"
    table.do("next")
    table.do("next")
    assert table.who("carol").status == "dead"


def test_decay_names_the_stats_there_are() -> None:
    table = started()
    with pytest.raises(RuleError, match="no stat 'luck' — grace, might, physique, will"):
        table.do("decay carol luck 5")
    table.do("decay carol physique 10")
    assert RULES.track_views(table.who("carol"))[1].limit == 2


# --- altitude ----------------------------------------------------------------------------


def test_a_falling_flyer_drops_a_band_each_round_and_crashes() -> None:
    # seed 000: "it falls one band at the end of each round; once it moves from Low to
    # Ground, it crashes ... If they started at High, they take 50m equivalent of damage".
    table = started(pilot("carol"), angel(altitude="high"))
    table.do("fall sachiel")
    table.do("next")
    table.do("next")
    assert table.track("sachiel", "altitude") == 1
    table.do("next")
    lines = table.do("next")
    assert "Sachiel crashes into the ground from High: Damage 50, armour ignored" in lines
    assert table.track("sachiel", "altitude") == 0
    assert "Falling" not in table.conditions("sachiel")


def test_flying_moves_one_band_at_a_time() -> None:
    # seed 000 l.75: "Characters who can fly may move one band up or down as part of a Basic
    # Move"; one who cannot fly has no band to move to.
    table = started(pilot("carol"), angel(altitude="ground"))
    with pytest.raises(RuleError, match="one band at a time"):
        table.do("fly sachiel high")
    table.do("fly sachiel low")
    with pytest.raises(RuleError, match="Carol cannot fly"):
        table.do("fly carol low")


def test_a_flyer_joins_from_the_command_line_and_a_wrong_band_is_one_sentence() -> None:
    # issue 13: 'add … altitude=low' said "altitude must be a whole number"; a roster with
    # an unknown band was a traceback (the tracks were built before the band was checked)
    table = started(pilot("carol"), angel())
    table.do("add Crow altitude=low physique=20")
    assert table.track("crow", "altitude") == 1
    table.do("fly crow high")
    assert table.track("crow", "altitude") == 2
    with pytest.raises(RosterError, match="altitude of Raven must be ground, low, high"):
        table.do("add Raven altitude=sky")
    with pytest.raises(RosterError, match="altitude of Sachiel must be ground, low, high"):
        RULES.prepare(angel(altitude="orbit"))


def test_the_tests_the_tracker_rolls_count_every_modifier_it_knows() -> None:
    # issue 13, "one principle": a rolled test names each modifier. Seed 000: Inner Damage
    # "a Disadvantage to Physique tests" (l.217); Blood Loss: "use their Action to stem
    # the bleeding they gain three Advantages" (l.338); Fatigued "Disadvantage to all
    # tests" (l.345); Burning "Disadvantage to Will tests" (l.275)
    table = started()
    table.do("wound carol 6 @body")  # injuries 1-3 to the body: Inner Damage
    table.do("ail carol Blood Loss")
    table.do("act carol stem")
    lines = table.do("test carol bleeding roll", [50])
    assert lines[0] == (
        "Carol Blood Loss test: d100 50 vs Physique 30 -10 Inner Damage +30 stem bleeding"
        " = 50: passed with 0 DoS"
    )
    table.do("gain carol stress 1")  # Stress 4 > Physique Bonus 3: Fatigued
    table.do("ail carol Burning")
    lines = table.do("fear carol roll", [5])
    assert lines[0].startswith("Carol Fear test: d100 5 vs Will 30 -10 Fatigued -10 Burning = 10")


def test_an_ailment_the_damage_type_exploits_makes_an_exploit_hit_by_itself() -> None:
    # seed 000 l.168: "Ailments often provide Exploit Hits, and Ailments that do so are
    # cleared if Exploited"; l.241: an extra wound; Shocked: "Voltaic attacks gain
    # Exploiting against you" (issue 13: it needed the word 'exploit' typed)
    table = started()
    table.do("ail sachiel Shocked")
    lines = table.do("dmg sachiel 5 @head voltaic")
    assert "+1 exploit" in lines[0]
    assert "Sachiel: the Exploit Hit clears Shocked" in lines
    table.do("ail carol Frozen")
    plain = table.do("dmg carol 5 voltaic @body")  # Frozen is exploited by impact only
    assert "exploit" not in plain[0]
    assert "Frozen" in table.conditions("carol")


def test_exhausted_is_a_second_disadvantage_on_the_tests_the_tracker_rolls() -> None:
    # seed 000 l.345: Stress over Physique Bonus (3): Fatigued, "Disadvantage to all tests";
    # l.346: 2 more (5): Exhausted, "another level of Disadvantage" — a rolled Fear test is
    # Will 30 - 10 - 10 = 10 at Stress 5.
    table = started()
    table.do("gain carol stress 5")
    assert table.conditions("carol") == ["Fatigued", "Exhausted"]
    table.do("test carol exhausted pass")
    lines = table.do("fear carol roll", [5])
    assert lines[0].startswith(
        "Carol Fear test: d100 5 vs Will 30 -10 Fatigued -10 Exhausted = 10: passed"
    )


def test_impact_on_frozen_and_any_hit_on_hypnotised_are_exploit_hits() -> None:
    # seed 000 l.278 Frozen: "Impact attacks gain Exploiting against you"; l.284 Hypnotised:
    # "All attacks gain Exploit Hits against you"; l.241 an Exploit Hit deals an extra
    # wound; l.168 the ailment is cleared. Sachiel (Defense 4, no armour on the body):
    # damage 5 = 1 wound + 1 unguarded (l.240) + 1 exploit = 3, Wounds 4 → 1.
    table = started()
    table.do("ail sachiel Frozen")
    lines = table.do("dmg sachiel 5 @body impact")
    assert lines[0].endswith("1 wound +1 unguarded +1 exploit = 3 wounds")
    assert "Sachiel: the Exploit Hit clears Frozen" in lines
    assert table.track("sachiel", "wounds") == 1
    other = started()
    other.do("ail sachiel Hypnotised")
    lines = other.do("dmg sachiel 5 @body rending")
    assert lines[0].endswith("+1 exploit = 3 wounds")
    assert "Hypnotised" not in other.conditions("sachiel")
