"""nerv-d100, rules as written round four: what the tracker ignored of fights — Fear
from a fallen ally, the tests a condition calls for, combo actions, altitude, holds.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

from tests.nerv_helpers import Table, angel, pilot, started

# --- Fear: an important ally defeated (seed 000 l.380-382) ---------------------------------


def test_an_important_ally_falling_calls_for_the_fear_test_of_every_ally() -> None:
    # seed 000 l.382: a Fear trigger is "Witnessing an important ally (ie. One with fate
    # points) be defeated".
    table = started(pilot("carol", fate=1), pilot("dan"), angel())
    table.do("dmg carol 30 @body savage")
    assert table.who("carol").status == "down"
    assert table.reminders("dan")["fear:ally"] == (
        "Dan sees Carol, an important ally, fall — a Fear trigger: Will or Fortitude (Courage) test"
    )
    assert "fear:ally" not in table.reminders("sachiel")
    lines = table.do("fear dan roll", [95])
    assert lines[0] == "Dan Fear test: d100 95 vs Will 30: failed by 6 DoF"
    assert "fear:ally" not in table.reminders("dan")


def test_an_ally_without_fate_falls_unremarked() -> None:
    # seed 000 l.382: only an ally with Fate points is "important".
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("dmg carol 30 @body savage")
    assert table.who("carol").status == "down"
    assert "fear:ally" not in table.reminders("dan")


def test_the_trigger_once_faced_raises_no_second_test_this_fight() -> None:
    # seed 000 l.380: "once a character has confronted that trigger, pass or fail, they
    # are immune to it until the start of the next Crisis".
    table = started(pilot("carol", fate=1), pilot("eve", fate=2), pilot("dan"), angel())
    table.do("dmg carol 30 @body savage")
    table.do("fear dan pass")
    table.do("fear eve pass")
    table.do("dmg eve 30 @body savage")
    assert table.who("eve").status == "down"
    assert "fear:ally" not in table.reminders("dan")


# --- the tests a condition calls for (seed 000 l.338, l.346, l.353) ------------------------


def test_no_breath_test_for_one_who_breathes() -> None:
    # seed 000 l.353: "Whilst suffocating, a character must make a single Physique test"
    # — a failed one costs Stress, so none is taken by a character with air.
    table = started()
    assert table.refused("test carol breath fail dof=2") == (
        "Carol has no Suffocating condition: no Suffocating test is due"
    )
    assert table.track("carol", "stress") == 0
    table.do("ail carol suffocating")
    assert table.do("test carol breath fail dof=2") == ["Carol: Stress 0 → 3 (Suffocating)"]


def test_no_blood_loss_test_for_one_who_does_not_bleed() -> None:
    # seed 000 l.338: "Characters who are bleeding must make a Physique or Endurance
    # (Injury) test" — a failure costs a wound, so none for a character not bleeding.
    table = started()
    assert table.refused("test carol bleeding roll", [90]) == (
        "Carol has no Blood Loss condition: no Blood Loss test is due"
    )
    assert table.track("carol", "wounds") == 3


def test_an_exhausted_test_still_asked_for_may_be_taken() -> None:
    # seed 000 l.346: an Exhausted character taking Stress tests Physique; the reminder
    # stands even once the Stress is spent back below the threshold.
    table = started()
    table.do("gain carol stress 5")
    assert "test:exhausted" in table.reminders("carol")
    table.do("spend carol stress 5")
    assert "Exhausted" not in table.conditions("carol")
    assert table.do("test carol exhausted pass") == ["Carol passes the Exhausted test"]


# --- Special Combo Actions (seed 000 l.132-136) ---------------------------------------------


def trio() -> Table:
    """Carol (initiative 3), Dan (Grace 25: 2) and the Angel (Grace 20: 2), in round 1."""
    return started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())


def test_initiative_shift_moves_initiative_one_point_and_resorts() -> None:
    # seed 000 l.136: "Initiative Shift: You move your initiative by one point up or
    # down." Carol drops to 2, tied with Dan and the Angel: the higher Grace goes first.
    table = trio()
    table.do("act carol standard attack")
    assert table.do("act carol initiative shift down combo") == [
        "Carol: Initiative Shift free (1 action left)",
        "Carol: initiative 3 → 2 (Initiative Shift)",
    ]
    table.do("act dan initiative shift up combo")
    assert table.state.initiative["dan"] == 3
    assert table.state.order == ("dan", "carol", "sachiel")


def test_special_combo_actions_come_only_through_a_combo() -> None:
    # seed 000 l.133: "These actions can only be used by comboing into them."
    table = trio()
    assert table.refused("act carol initiative shift up") == (
        "Initiative Shift is a Special Combo Action: only by comboing into it "
        "('act carol initiative shift up combo')"
    )
    assert table.track("carol", "actions") == 2


def test_pass_off_hands_the_combo_to_an_ally() -> None:
    # seed 000 l.135: "Pass Off: You select one ally, who can use your Combo action
    # instead of you. After they are done, initiative order continues as normal".
    table = trio()
    table.do("act carol standard attack")
    assert table.refused("act carol pass off sachiel combo") == (
        "Sachiel is not an ally of Carol: Pass Off goes to an ally"
    )
    assert table.do("act carol pass off dan combo")[1:] == [
        "Carol passes the Combo to Dan: Dan takes it now, then Carol's turn goes on",
        "Dan's combo action: 'act dan ACTION combo'",  # the GM's line alone
    ]
    assert table.do("act dan standard attack combo") == [
        "Dan: Standard Attack free (0 actions left)"
    ]
    assert table.state.current == "carol"


# --- altitude bands and attacks (seed 000 l.81-84) --------------------------------------------


def sky() -> Table:
    """Carol on the ground (her turn), Sachiel a flyer at Low, Ramiel a flyer at High."""
    return started(
        pilot("carol"),
        angel(altitude="low", side="enemy"),
        angel("ramiel", altitude="high", side="enemy", stats={"grace": 10, "physique": 40}),
    )


def test_no_attack_between_high_and_a_lower_band() -> None:
    # seed 000 l.84: "Characters at this altitude cannot attack characters or be attacked
    # by characters at lower altitude, unless they possess a specially long-Ranged weapon,
    # as per GM's approval."
    table = sky()
    assert table.refused("dmg ramiel 12 @body") == (
        "Carol is at Ground, Ramiel at High: no attack between High and a lower band, "
        "unless a specially long-ranged weapon the GM approves ('longshot')"
    )
    assert table.refused("dmg carol 12 @body by=ramiel").startswith("Ramiel is at High, Carol at")
    table.do("dmg ramiel 12 @body longshot")
    assert table.track("ramiel", "wounds") < 4


def test_no_melee_from_the_ground_at_a_low_flyer() -> None:
    # seed 000 l.83: "Ground characters cannot melee attack Flying Low targets."
    table = sky()
    assert table.refused("dmg sachiel 12 @body melee") == (
        "Carol is at Ground, Sachiel at Low: a Ground attacker cannot melee attack a Low flyer"
    )
    table.do("dmg sachiel 12 @body")
    assert table.track("sachiel", "wounds") < 4


# --- Grappled and Immobilised: a test before each move or action (seed 000 l.366-368) --------


def test_a_grappled_move_calls_for_the_test_to_break_free() -> None:
    # seed 000 l.366: "If you are grappled, then whenever you attempt to move or attack, you
    # must make a … test … If you pass, you are no longer Grappled … If you fail, then your
    # action is wasted".
    table = started()
    table.do("ail carol grappled")
    table.do("act carol move")
    assert table.reminders("carol")["grapple:Grappled"] == (
        "Carol is Grappled: an opposed Melee (Natural), Acrobatics (Contortion) or Endurance "
        "(Bracing) test against the grappler's Melee (Natural) or Endurance (Bracing) before "
        "this move — pass: free of it; fail: the move is wasted"
    )
    reminder = next(iter(table.state.reminders_for("carol")))
    keys = dict(table.rules.reminder_actions(reminder))
    table.do(keys["pass"])
    assert "Grappled" not in table.conditions("carol")
    assert "grapple:Grappled" not in table.reminders("carol")


def test_each_immobilised_failure_stacks_an_advantage_for_the_next_test() -> None:
    # seed 000 l.368: "Every time you fail the test you gain a stacking Advantage to your
    # next attempt."
    table = started()
    table.do("ail carol immobilised")
    table.do("act carol standard attack")
    reminder = next(iter(table.state.reminders_for("carol")))
    table.do(dict(table.rules.reminder_actions(reminder))["fail"])
    assert "grapple:Immobilised" not in table.reminders("carol")
    table.do("act carol move")
    assert "(+1 Advantage) before this move" in table.reminders("carol")["grapple:Immobilised"]


def test_no_test_for_one_who_is_not_held() -> None:
    # seed 000 l.366: the test is the grappled's alone.
    table = started()
    table.do("act carol move")
    assert table.reminders("carol") == {}


def test_an_ally_already_in_fear_is_not_asked_again() -> None:
    # seed 000 l.389: the Fear effect stays that of the first roll until shaken off, so a
    # Fear test for a new trigger cannot be taken meanwhile (the 'fear' command refuses).
    table = started(pilot("carol", fate=1), pilot("dan", stats={"grace": 25}), angel())
    table.do("fear dan dof=1")
    table.do("dmg carol 30 @body savage")
    assert "fear:ally" not in table.reminders("dan")
