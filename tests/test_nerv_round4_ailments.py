"""nerv-d100, rules as written round four: what the tracker ignored of the ailments —
the nightmare, Burning, Dominated, Enraged, Confused, one shake-off a turn.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

from tests.nerv_helpers import Table, angel, pilot, started, to_carols_next_turn

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
    assert table.do("act carol focus force")[0] == "Carol: Focus ★ (1 action left)"


def test_fate_spent_to_ignore_the_rage_lifts_it_for_the_round() -> None:
    # seed 000 l.267: "spend a Fate Point to ignore a Condition … for a single round".
    table = started(pilot("carol", fate=1), angel())
    table.do("ail carol enraged")
    table.do("spend carol fate use=ignore enraged")
    assert table.do("act carol focus")[0] == "Carol: Focus ★ (1 action left)"


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
