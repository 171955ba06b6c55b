"""nerv-d100, rules as written round four: rules a checker found the tracker ignoring.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

from tests.nerv_helpers import Table, angel, pilot


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1: Carol (Grace 35, Will 30: WB 3) acts first, then the Angel."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def to_carols_next_turn(table: Table) -> None:
    """The Angel's turn, then Carol's again."""
    table.do("next")
    table.do("next")


# --- Hallucinating's nightmare (seed 000 l.283) ------------------------------------------


def test_a_nightmare_calls_for_a_fear_test_as_it_takes_hold() -> None:
    # seed 000 l.283, Hallucinating: "4+, it's a nightmarish hallucination of your worst
    # fears- you are forced to make a Fear test with 3 disadvantages."
    table = started()
    table.do("ail carol hallucinating dof=4")
    assert table.reminders("carol")["fear:nightmare"] == (
        "Carol: nightmare hallucination — Fear test with 3 Disadvantages"
    )


def test_the_nightmare_fear_test_counts_its_three_disadvantages() -> None:
    # seed 000 l.283: the Fear test the nightmare forces has 3 disadvantages (-30).
    table = started()
    table.do("ail carol hallucinating dof=4")
    lines = table.do("fear carol roll", [10])
    assert lines[0] == "Carol Fear test: d100 10 vs Will 30 -30 nightmare = 0: failed by 1 DoF"
    assert [c.name for c in table.who("carol").conditions if c.category == "Fear"] == ["Shaken"]


def test_the_nightmare_forces_a_fear_test_every_turn_with_its_disadvantages() -> None:
    # seed 000 l.283: "with 4+ forcing you to test against Fear every turn".
    table = started()
    table.do("ail carol hallucinating dof=4")
    table.do("fear carol pass")
    assert "fear:nightmare" not in table.reminders("carol")
    to_carols_next_turn(table)
    assert "fear:nightmare" in table.reminders("carol")
    lines = table.do("fear carol roll", [5])
    assert lines[0] == "Carol Fear test: d100 5 vs Will 30 -30 nightmare = 0: failed by 0 DoF"


def test_a_fear_test_for_another_trigger_has_no_nightmare_disadvantage() -> None:
    # seed 000 l.283 gives the 3 disadvantages to the nightmare's own test only; an
    # auditory vision (0-1 DoF) forces no Fear test at all.
    table = started()
    table.do("ail carol hallucinating dof=1")
    assert "fear:nightmare" not in table.reminders("carol")
    lines = table.do("fear carol roll", [10])
    assert lines[0] == "Carol Fear test: d100 10 vs Will 30: passed with 2 DoS"


# --- Burning: an Action spent putting it out (seed 000 l.275) ------------------------------


def burning_at_her_turn() -> Table:
    """Carol set alight in round 1, at the start of her round-2 turn (shake-off due)."""
    table = started()
    table.do("ail carol burning")
    to_carols_next_turn(table)
    assert "shake:Burning" in table.reminders("carol")
    return table


def test_an_action_spent_on_the_fire_adds_an_advantage_to_the_shake_off() -> None:
    # seed 000 l.275, Burning: "You may expend an Action on your move to add an
    # Advantage to your shake-off test."
    table = burning_at_her_turn()
    assert table.do("act carol put out fire") == ["Carol: Put Out Fire ★ (1 action left)"]
    lines = table.do("shake carol roll burning", [40])
    assert lines[0] == (
        "Carol shake-off Burning: d100 40 vs Physique 30 +10 put out fire = 40: passed with 0 DoS"
    )
    assert "Burning" not in table.conditions("carol")


def test_without_the_action_the_burning_shake_off_has_no_advantage() -> None:
    # seed 000 l.275: the Advantage needs the Action expended.
    table = burning_at_her_turn()
    lines = table.do("shake carol roll burning", [40])
    assert lines[0] == "Carol shake-off Burning: d100 40 vs Physique 30: failed by 1 DoF"


def test_putting_out_a_fire_helps_no_other_shake_off() -> None:
    # seed 000 l.275 gives the Advantage to Burning's shake-off, not to a Mental one.
    table = started()
    table.do("ail carol burning")
    table.do("ail carol confused")
    to_carols_next_turn(table)
    table.do("act carol douse")
    lines = table.do("shake carol roll confused", [40])
    assert lines[0] == (
        "Carol shake-off Confused: d100 40 vs Will 30 -10 Burning = 20: failed by 2 DoF"
    )


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


# --- Dominated: the controller's side exploits it (seed 000 l.281) ---------------------------


def dominated() -> Table:
    """Carol (Physique 60: Defense 6) Dominated by Sachiel; Sachiel's turn, Rei on Carol's
    side, Ramiel an ally of Sachiel."""
    table = started(
        pilot("carol", stats={"physique": 60}),
        angel(side="enemy"),
        angel("ramiel", side="enemy", stats={"grace": 10, "physique": 40}),
        pilot("rei", stats={"grace": 5}),
    )
    table.do("ail carol dominated by=sachiel")
    table.do("next")
    assert table.state.current == "sachiel"
    return table


def test_the_controllers_attack_is_an_exploit_hit() -> None:
    # seed 000 l.281, Dominated: "You cannot oppose attacks aimed at you by your controller
    # or their allies, and their attacks gain Exploit Hits on you"; l.168 "Ailments that
    # do so are cleared if Exploited".
    table = dominated()
    assert table.do("dmg carol 7 @body")[0] == (
        "Carol @body: 7 vs Defense 6 (PB 6): 1 wound +1 unguarded +1 exploit = 3 wounds"
    )
    assert "Dominated" not in table.conditions("carol")


def test_the_controllers_allies_exploit_it_and_nobody_else_does() -> None:
    # seed 000 l.281: "your controller or their allies" — not the victim's own side.
    table = dominated()
    assert "+1 exploit" not in table.do("dmg carol 7 @body by=rei")[0]
    assert "Dominated" in table.conditions("carol")
    assert "+1 exploit" in table.do("dmg carol 7 @body by=ramiel")[0]


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


# --- Enraged: nothing but melee attacks (seed 000 l.285) -------------------------------------


def test_an_enraged_fighter_may_only_attack_in_melee_or_move() -> None:
    # seed 000 l.285, Enraged: "On your turns, you may do nothing except attack enemies in
    # melee with whatever weapon you have- if there are no enemies in range you will move
    # toward them as quickly as possible."
    table = started()
    table.do("ail carol enraged")
    assert table.refused("act carol focus") == (
        "Carol is Enraged: only attacks enemies in melee or moves toward them, not focus "
        "(add 'force' to allow it)"
    )
    assert table.refused("act carol burst attack").startswith("Carol is Enraged: only")
    table.do("act carol move")
    table.do("act carol charge")
    assert table.track("carol", "actions") == 0


def test_force_overrules_the_rage() -> None:
    # seed 000 l.285; the GM can always overrule ('force').
    table = started()
    table.do("ail carol enraged")
    assert table.do("act carol focus force") == ["Carol: Focus ★ (1 action left)"]


def test_fate_spent_to_ignore_the_rage_lifts_it_for_the_round() -> None:
    # seed 000 l.267: "spend a Fate Point to ignore a Condition … for a single round".
    table = started(pilot("carol", fate=1), angel())
    table.do("ail carol enraged")
    table.do("spend carol fate use=ignore enraged")
    assert table.do("act carol focus") == ["Carol: Focus ★ (1 action left)"]


# --- Confused: 0-1 DoF, the bearer does nothing this turn (seed 000 l.282) --------------------


def confused_at_her_turn() -> Table:
    """Carol Confused in round 1, at the start of her round-2 turn."""
    table = started()
    table.do("ail carol confused")
    to_carols_next_turn(table)
    return table


def test_a_confused_fighter_failing_by_0_or_1_does_nothing_this_turn() -> None:
    # seed 000 l.282, Confused: "0-1, you do nothing but can oppose attacks … You repeat
    # this every turn, using your shake-off test as the DoF."
    table = confused_at_her_turn()
    assert table.do("shake carol fail confused dof=1")[1:] == [
        "Carol is Confused (1 DoF): does nothing this turn (can still oppose attacks)",
        "Carol is Idle for the rest of the turn",
    ]
    assert table.refused("act carol standard attack") == (
        "Carol is Idle: no actions (add 'force' to allow it)"
    )
    assert table.refused("act carol move") == "Carol is Idle: no moves (add 'force' to allow it)"
    table.do("next")
    assert "Idle" not in table.conditions("carol")


def test_a_confused_fighter_failing_by_more_still_acts() -> None:
    # seed 000 l.282: 2-3 DoF drops what one hand holds; 4+ attacks — actions still come.
    table = confused_at_her_turn()
    table.do("shake carol fail confused dof=4")
    assert "Idle" not in table.conditions("carol")
    assert table.do("act carol standard attack") == ["Carol: Standard Attack ★ (1 action left)"]


def test_confusion_taking_hold_in_the_bearers_own_turn_decides_the_rest_of_it() -> None:
    # seed 000 l.282: the Degrees of Failure of the infliction decide the turn it lands
    # in; on another's turn the next shake-off decides.
    table = started()
    table.do("ail carol confused dof=0")
    table.do("ail sachiel confused dof=0")
    assert "Idle" in table.conditions("carol")
    assert "Idle" not in table.conditions("sachiel")


# --- one shake-off a turn (seed 000 l.270, l.389) ---------------------------------------------


def test_a_second_shake_off_in_the_same_turn_is_refused() -> None:
    # seed 000 l.270: "at the start of each of their turns, the character suffering from
    # the ailment can make a free 'shake-off' test … Every time they fail the test, they
    # gain another advantage to their next test" — one test, one Advantage, a turn.
    table = burning_at_her_turn()
    table.do("shake carol roll burning", [90])
    assert table.refused("shake carol roll burning", [10]) == (
        "Carol has made this turn's shake-off of Burning already — one at the start of each "
        "turn ('undo' takes it back; for a Fate reroll, 'spend carol fate use=reroll' before "
        "rolling)"
    )
    to_carols_next_turn(table)
    lines = table.do("shake carol roll burning", [40])
    assert lines[0] == (
        "Carol shake-off Burning: d100 40 vs Physique 30 +1 Advantage = 40: passed with 0 DoS"
    )


def test_each_ailment_has_its_own_shake_off_and_no_action_is_spent() -> None:
    # seed 000 l.270: one shake-off per ailment held; the test is free (no Action).
    table = started()
    table.do("ail carol burning")
    table.do("ail carol confused")
    to_carols_next_turn(table)
    table.do("shake carol fail burning")
    table.do("shake carol fail confused dof=4")
    assert table.track("carol", "actions") == 2
    assert table.do("act carol standard attack") == ["Carol: Standard Attack ★ (1 action left)"]


def test_the_fear_shake_off_is_once_a_turn_too() -> None:
    # seed 000 l.389: "At the start of each subsequent turn, they as a free action make a
    # shake-off test … with a stacking advantage for each time they fail."
    table = started()
    table.do("fear carol dof=1")
    to_carols_next_turn(table)
    table.do("shake carol fail")
    assert table.refused("shake carol fail").startswith(
        "Carol has made this turn's shake-off of Shaken already"
    )
