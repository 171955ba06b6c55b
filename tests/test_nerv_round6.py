"""nerv-d100, rules as written round six: what is owed after a death, and effects that last
"until the start of your next turn" when that turn never comes.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by section.
"""

from __future__ import annotations

from tests.nerv_helpers import RULES, Table, angel, pilot, started
from tracker.core.dice import ScriptedDice


def test_the_dead_owe_no_fear_test_nor_critical_effect() -> None:
    # seed 000, Wounds and Injury: "you are incapacitated or killed"; Fear: "When a
    # character is faced with Fear, they must pass a Will or Fortitude (Courage) test".
    # Dan, incapacitated with a Fear test and a Crucial Strike owed, is then killed: the
    # dead test nothing, so both reminders close (said in the log); Carol's Fear test for
    # seeing him fall stays; undo brings Dan's back.
    table = started(pilot("carol"), pilot("dan", fate=1, stats={"grace": 25}), angel())
    table.do("dmg dan 30 @body savage")
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}
    lines = table.do("dead dan")
    assert lines[:2] == [
        "Dan is dead",
        "Closed (Dan is dead): Dan suffered an injury, a Fear trigger: Will or Fortitude "
        "(Courage) test",
    ]
    assert table.reminders("dan") == {}
    assert "fear:ally" in table.reminders("carol")
    table.do("undo")
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}


def test_the_downed_still_owe_their_tests() -> None:
    # seed 000, Blood Loss: "Characters who are bleeding must make a Physique or Endurance
    # (Injury) test at the start of each turn" — incapacitated is not dead: Dan's
    # reminders stay open while he is only down.
    table = started(pilot("carol"), pilot("dan", fate=1, stats={"grace": 25}), angel())
    table.do("dmg dan 30 @body savage")
    assert table.who("dan").status == "down"
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}


def test_a_shake_off_owed_closes_when_its_bearer_dies() -> None:
    # seed 000, Ailments: "at the start of each of their turns, the character suffering
    # from the ailment can make a free 'shake-off' test" — a dead character has no turn.
    table = started()
    table.do("ail carol Burning")
    table.do("next")
    table.do("next")
    table.do("next")  # round 2: Carol burns, then her turn asks the shake-off
    assert "shake:Burning" in table.reminders("carol")
    table.do("dead carol")
    assert table.reminders("carol") == {}


def _carol_analyses_sachiel() -> Table:
    """Carol, Dan and Sachiel in round 1; Carol's Analyse Target on Sachiel succeeded."""
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("act carol analyse target on=sachiel pass")
    assert table.conditions("sachiel") == ["Analysed (Carol)"]
    return table


def test_an_analysis_ends_when_its_actor_leaves_the_fight() -> None:
    # seed 000, Analyse Target: "you and all allies gain an Advantage against that target
    # until the start of your next turn". Carol leaves the fight at once: no next turn of
    # hers will come, so the Advantage ends with the next turn that starts (Dan's), instead
    # of standing for the rest of the fight on every attack of Dan's.
    table = _carol_analyses_sachiel()
    table.do("remove carol")
    assert table.state.current == "dan"
    assert table.conditions("sachiel") == []
    said = table.do("dmg sachiel 5 @body by=dan")
    assert not [line for line in said if line.startswith("Analysed")]
    table.do("undo")
    table.do("undo")
    assert table.conditions("sachiel") == ["Analysed (Carol)"]


def test_a_war_cry_ends_when_its_actor_dies() -> None:
    # seed 000, War Cry: "until the start of your next turn, that enemy takes a
    # Disadvantage to all tests against you" — a dead Carol has no next turn.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("act carol war cry on=sachiel pass")
    table.do("dead carol")
    assert table.conditions("sachiel") == ["War Cry (Carol)"]
    assert "War Cry (Carol) on Sachiel ends: Carol is dead, no next turn" in table.do("next")
    assert table.conditions("sachiel") == []


def test_an_analysis_still_lasts_to_its_living_actor_s_next_turn() -> None:
    # seed 000, Analyse Target: the effect stands through the others' turns while Carol
    # lives, and ends as her next turn starts.
    table = _carol_analyses_sachiel()
    table.do("next")
    table.do("next")
    assert table.conditions("sachiel") == ["Analysed (Carol)"]
    assert "Analysed (Carol) on Sachiel ends" in table.do("next")


def _to_the_end_of_round(table: Table) -> list[str]:
    """``next`` until a new round begins; the lines of that last ``next``."""
    start = table.state.round
    while True:
        lines = table.do("next")
        if table.state.round != start:
            return lines


def test_one_out_of_air_is_asked_no_more_breath_tests() -> None:
    # seed 000, Suffocating: "they may hold their breath for a number of rounds equal to
    # their Physique Bonus … Whilst suffocating, a character must make a single Physique
    # test … per round … by the end of their alloted time, then they instantly fall
    # unconscious … [then] die after a number of rounds equal to their Physique Bonus."
    # Carol (PB 3) holds her breath three rounds; out of air, there is nothing left to hold:
    # the test still open closes, no turn asks it again, and 'test' refuses it.
    table = started()
    table.do("ail carol Suffocating")
    _to_the_end_of_round(table)
    _to_the_end_of_round(table)
    assert "test:breath" in table.reminders("carol")  # round 3: her turn asked it
    lines = _to_the_end_of_round(table)
    assert (
        "Closed (Carol is out of air): Carol: Suffocating: Physique test — failure: 1 Stress "
        "+1 per DoF"
    ) in lines
    assert table.who("carol").status == "down"
    assert "test:breath" not in table.reminders("carol")
    assert table.refused("test carol breath fail") == (
        "Carol is out of air: no breath is left to hold, so no Suffocating test — dies in "
        "3 rounds unless air is found ('cure carol Suffocating')"
    )
    _to_the_end_of_round(table)
    assert "test:breath" not in table.reminders("carol")
    assert table.track("carol", "stress") == 0


def test_while_holding_breath_each_turn_asks_the_test() -> None:
    # seed 000, Suffocating: "a single Physique test … per round (if engaged in strenuous
    # activity). If they fail, they suffer 1 Stress, plus one per Degree of Failure."
    table = started()
    table.do("ail carol Suffocating")
    _to_the_end_of_round(table)
    assert "test:breath" in table.reminders("carol")
    table.do("test carol breath fail dof=1")
    assert table.track("carol", "stress") == 2


def _gm_lines(table: Table, line: str) -> list[str]:
    """Every log line of a command, the GM's own included."""
    return [e.text for e in table.encounter.run(line, ScriptedDice(())) if e.text]


def test_no_blow_is_named_when_breath_runs_out() -> None:
    # seed 000, Suffocating: out of air "they instantly fall unconscious … they die after a
    # number of rounds equal to their Physique Bonus" — the tracker counts those rounds, and
    # nothing struck Carol: the GM is not told "If the blow kills Carol: 'dead carol'".
    table = started()
    table.do("ail carol Suffocating")
    _to_the_end_of_round(table)
    _to_the_end_of_round(table)
    lines: list[str] = []
    while table.state.round == 3:
        lines += _gm_lines(table, "next")
    assert "Carol is incapacitated: out of air" in lines
    assert not [line for line in lines if "blow" in line]


def test_no_blow_is_named_for_exhaustion_or_decay() -> None:
    # seed 000, Stress: Exhausted, a failed Physique test means "full unconscious … for a
    # number of hours equal to your Stress level"; Score Decay lowers a bonus below the
    # injuries held (l.206: incapacitated). Neither is a blow that might kill.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("gain dan stress 6")
    lines = _gm_lines(table, "test dan exhausted fail")
    assert "Dan is incapacitated: unconscious from exhaustion" in lines
    assert not [line for line in lines if "blow" in line]
    table.do("wound carol 3")
    table.do("injure carol 3 @body")
    lines = _gm_lines(table, "decay carol physique 5")
    assert "Carol is incapacitated: 3 injuries > Physique Bonus 2" in lines
    assert not [line for line in lines if "blow" in line]


def test_a_blow_that_incapacitates_still_asks_whether_it_kills() -> None:
    # seed 000, Savage Attacks: "they are immediately incapacitated or killed" — the GM
    # decides which; the GM's line says how to record a death.
    table = started()
    lines = _gm_lines(table, "dmg carol 30 @body savage")
    assert "If the blow kills Carol: 'dead carol'" in lines


def test_a_delayed_turn_is_still_the_one_turn_of_the_round() -> None:
    # seed 000, Structured Time: "Each character gets one Turn per Round … During their
    # Turn they are given one Movement and two Actions"; Shocked: "At the start of each
    # turn, you take 1 Stress." Dan spends both Actions, delays, then acts: the same turn
    # goes on — no fresh Actions, no second Stress.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("ail dan Shocked")
    table.do("next")
    assert table.track("dan", "stress") == 1
    table.do("act dan standard attack")
    table.do("act dan focus")
    table.do("delay dan")
    lines = table.do("act dan")
    assert "Dan goes on with the turn begun this round (one turn a round)" in lines
    assert table.track("dan", "stress") == 1
    assert table.refused("act dan fast attack") == "Dan has 0 actions left; fast attack costs ★"


def test_a_delay_declared_before_the_turn_gives_the_whole_turn_later() -> None:
    # seed 000, Structured Time: a combatant who holds before its turn begins still gets
    # its one turn, with its Actions, when it acts.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("delay dan")
    table.do("next")
    lines = table.do("act dan")
    assert "Dan goes on with the turn begun this round (one turn a round)" not in lines
    assert table.track("dan", "actions") == 2


def _grace(table: Table) -> int:
    """The turns of Carol's Ego Fracture grace period left."""
    held = table.who("carol").condition("Ego Fracture")
    assert held is not None
    return held.level


def test_prev_then_next_counts_no_turn_twice() -> None:
    # seed 000, Ego Fracture: "a grace period of WPB turns"; Shocked: 1 Stress "at the start
    # of each turn". 'prev' is a correction: stepping back over Carol's turn and playing on
    # counts neither her turn's end (the grace) nor Dan's start (the Stress) a second time.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("ail dan Shocked")
    table.do("fracture carol")
    table.do("next")
    assert _grace(table) == 2
    assert table.track("dan", "stress") == 1
    for _ in range(2):
        table.do("prev")
        table.do("next")
    assert _grace(table) == 2
    assert table.track("dan", "stress") == 1
    table.do("next")
    table.do("next")  # round 2: Carol's turn ends at the next 'next'
    table.do("next")
    assert _grace(table) == 1


def test_the_status_pane_names_the_hallucination_and_the_fear_effect() -> None:
    # seed 000, Hallucinating: "What you sense depends on your DoF … The chosen effect
    # remains for the entire duration of the ailment"; Fear: "the character suffers an
    # effect depending on their DoF … this does not change the effects of the fear, which
    # is determined off the original roll only". The log said them once; the status pane,
    # which the GM reads every turn after, says them too, in the text's terms.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("ail dan Hallucinating dof=2")
    table.do("fear dan dof=2")
    lines = RULES.status_lines(table.who("dan"), table.state)
    assert (
        "Mental: Hallucinating — visual: feels surrounded: always outnumbered three to one, "
        "2 Disadvantages on Evasion"
    ) in lines
    assert (
        "Fear: Avoidance — keeps away from the trigger; Disadvantage on every test while "
        "engaged with it"
    ) in lines
    table.do("next")
    table.do("shake dan fail Hallucinating")
    assert (
        "Mental: Hallucinating — visual: feels surrounded: always outnumbered three to one, "
        "2 Disadvantages on Evasion (1 failed shake-off: +1 Advantage)"
    ) in RULES.status_lines(table.who("dan"), table.state)


def test_a_test_owed_for_a_condition_closes_when_the_condition_ends() -> None:
    # seed 000, Blood Loss: "A Character can staunch blood loss by using the Medical skill
    # as an Action"; Suffocating: tests while "unable to access air"; Hallucinating: the
    # nightmare's Fear test (l.283). Carol's turn asked each test; the bleeding staunched,
    # air found and the vision gone, none is owed any more.
    table = started()
    table.do("ail carol Hallucinating dof=5")
    table.do("ail carol Blood Loss")
    table.do("ail carol Suffocating")
    table.do("next")
    table.do("next")
    assert {"test:bleeding", "test:breath", "fear:nightmare"} <= set(table.reminders("carol"))
    table.do("cure carol Blood Loss")
    table.do("cure carol Suffocating")
    table.do("cure carol Hallucinating")
    assert table.reminders("carol") == {}
    table.do("undo")
    assert "fear:nightmare" in table.reminders("carol")


def test_shaking_off_the_nightmare_ends_its_fear_test() -> None:
    # seed 000, Hallucinating: the nightmare forces a Fear test "every turn" — for "the
    # entire duration of the ailment"; shaken off, the test it asked is no longer due.
    table = started()
    table.do("ail carol Hallucinating dof=5")
    table.do("next")
    table.do("next")
    assert "fear:nightmare" in table.reminders("carol")
    table.do("shake carol pass Hallucinating")
    assert "fear:nightmare" not in table.reminders("carol")


def test_a_dominated_turn_starts_with_the_controller_s_choice() -> None:
    # seed 000, Dominated: "You are under the control of another. At the start of your
    # turn, that character may induce you to support someone of their choice, perform an
    # attack on a target of their choice, or to simply do nothing." Sachiel dominates Dan:
    # the status pane names the controller, and Dan's turn opens with Sachiel's choice.
    table = started(pilot("carol"), pilot("dan", stats={"grace": 25}), angel())
    table.do("ail dan Dominated by=sachiel")
    assert "Mental: Dominated by Sachiel" in RULES.status_lines(table.who("dan"), table.state)
    assert (
        "Sachiel may choose what Dan does this turn: support someone of Sachiel's choice, "
        "attack a target of Sachiel's choice, or nothing (Dominated)"
    ) in table.do("next")
    table.do("cure dan Dominated")
    table.do("next")
    table.do("next")
    assert not [line for line in table.do("next") if "may choose" in line]
