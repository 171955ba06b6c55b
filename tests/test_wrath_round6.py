"""Wrath & Glory against seed 002, round six: what a reminder says once what it reminds of
is done, effects given twice to one target, and one interaction attack on several targets."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import RULES, Table
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError


def reminders(table: Table) -> list[tuple[str, str]]:
    return [(r.who, r.key) for r in table.state.reminders]


def poisoned_kell() -> Table:
    """Kell is Poisoned and has just ended a turn: the Toughness test is asked."""
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("ail kell poisoned")
    table.do("next")
    assert reminders(table) == [("kell", "poison")]
    return table


# seed 002 "Poisoned" (l.302-307): "The Poisoned effect ends when the character succeeds at
# the required Toughness test or until they are treated using the Medicae skill" — once it
# has ended, no Toughness test is owed for it.


def test_a_passed_removal_test_closes_the_poison_test_still_asked() -> None:
    table = poisoned_kell()
    table.do("treat kell poisoned toughness", [6, 6, 5])  # Toughness 3: 5 icons vs DN 5
    assert not table.who("kell").condition("Poisoned")
    assert reminders(table) == []


def test_the_reminders_own_toughness_passed_choice_closes_it() -> None:
    table = poisoned_kell()
    (reminder,) = table.state.reminders
    label, line = RULES.reminder_actions(reminder)[0]
    assert label.startswith("Toughness passed")
    table.do(line)
    assert reminders(table) == []


def test_a_failed_removal_test_leaves_the_poison_and_its_test() -> None:
    table = poisoned_kell()
    table.do("treat kell poisoned toughness", [1, 2, 3])
    assert table.who("kell").condition("Poisoned")
    assert reminders(table) == [("kell", "poison")]


# seed 002 "Hindered (X)" / "Vulnerable (X)" (l.292-300): "lasts for one round unless
# otherwise stated"; "Interaction Attacks" (l.102-110): "lasts until the end of the round".
# A second, shorter one given to the same target (two combatants acting on it in a round)
# does not cut short the longer one already on it; the higher rating stays too.


def test_a_shorter_hinder_does_not_cut_a_longer_one_short() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("ail nob hindered 2 rounds=3")
    lines = table.do("interact kell nob 3 hinder dn=1", [4, 1, 1])  # 1 icon: Hindered (1)
    hindered = table.who("nob").condition("Hindered")
    assert hindered is not None and (hindered.level, hindered.rounds) == (2, 3)
    assert "Ork Nob is Hindered (2) for 3 rounds" in lines
    for _ in range(4):  # the round ends: two rounds of the three are left
        table.do("next")
    assert table.state.round == 2
    hindered = table.who("nob").condition("Hindered")
    assert hindered is not None and (hindered.level, hindered.rounds) == (2, 2)


def test_an_effect_lasting_until_removed_is_not_given_an_end() -> None:
    table = Table()
    table.do("start")
    table.do("ail nob hindered 1 rounds=0")  # lasts until cured
    table.do("interact kell nob 3 hinder dn=1", [6, 6, 1])  # a Shift: Hindered (2)
    hindered = table.who("nob").condition("Hindered")
    assert hindered is not None and (hindered.level, hindered.rounds) == (2, 0)


# seed 002 "Interaction Attacks" (l.114-115): "If multiple targets are affected by the same
# Interaction attack, all targets suffer the same effect" — one roll, the same effect and
# rating on each target.


def test_one_interaction_attack_hinders_every_target_alike() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    lines = table.do("interact kell nob,boy 3 hinder dn=1", [6, 6, 1])  # a Shift
    for who in ("nob", "boy"):
        hindered = table.who(who).condition("Hindered")
        assert hindered is not None and (hindered.level, hindered.rounds) == (2, 1)
    assert lines[0].startswith("Trooper Kell tests for interaction on Ork Nob, Ork Boy: 3d")


def test_a_failed_interaction_attack_affects_none_of_them() -> None:
    table = Table()
    table.do("start")
    table.do("interact kell nob,boy 3 vulnerable dn=3", [4, 1, 1])
    assert not table.who("nob").condition("Vulnerable")
    assert not table.who("boy").condition("Vulnerable")


def test_the_actor_is_no_target_of_their_own_interaction_attack() -> None:
    table = Table()
    table.do("start")
    with pytest.raises(RuleError, match="on themselves"):
        table.encounter.decide("interact kell nob,kell 3 hinder dn=1", ScriptedDice([6, 6, 6]))


# seed 002 "Fear" (l.310-314): "they must pass a Resolve test in order to act normally
# during their turn" — asked in another's turn (Kell's), the test is about the Nob's own
# turn, not "this turn".


def test_the_fear_reminder_names_the_afraid_ones_own_turn() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    (line,) = table.do("fear nob source=kell")
    assert "act normally during their turn" in line
    assert "this turn" not in line


# seed 002 "One Combat Option" / "Multi-action" (l.1-63): a turn holds one action; "You
# may make multiple actions in one round by using a Multi-action … You may not make the
# same action twice." Run and Sprint are taken "As an action" (l.77-90).


def refused(table: Table, line: str, faces: list[int]) -> str:
    with pytest.raises(RuleError) as err:
        table.encounter.decide(line, ScriptedDice(faces))
    return str(err.value)


def test_a_second_action_in_a_turn_needs_a_multi_action() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("attack kell nob 3 ranged", [4, 4, 4])
    why = refused(table, "attack kell boy 3 ranged", [4, 4, 4])
    assert "one action a turn" in why and "Multi-action" in why
    assert "one action a turn" in refused(table, "interact kell nob 3 hinder dn=1", [4, 4, 4])


def test_a_sprint_is_the_turns_action() -> None:
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    assert "(Sprint)" in refused(table, "attack kell nob 3 ranged", [4, 4, 4])


def test_a_multi_action_allows_as_many_actions_as_it_states_each_once() -> None:
    table = Table()
    table.do("start")
    table.do("option kell multi-action 2")
    table.do("attack kell nob 3 ranged", [6, 6, 6])
    assert "same action cannot be made twice" in refused(
        table, "attack kell boy 3 ranged", [6, 6, 6]
    )
    table.do("interact kell nob 3 hinder dn=1", [6, 6, 6])
    assert "Multi-action of 2 is spent" in refused(table, "option kell run", [])


def test_a_test_the_gm_calls_for_and_an_attack_out_of_turn_are_not_counted() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("test kell toughness dn=2", [4, 4, 4])  # against poison, say
    table.do("attack kell nob 3 ranged", [4, 4, 4])
    table.do("attack amelia nob 3 melee", [4, 4, 4])  # an opportunity attack, say
    table.do("attack amelia boy 3 melee", [4, 4, 4])
    assert table.who("kell").spent == ("test", "ranged attack")


# seed 002 "Hold Action" (l.35-41): "A character may hold their action, and wait to act
# later in the round" — the action is held, not made: Kell attacked, held, and attacked
# again in the held turn.


def test_no_hold_action_after_the_turns_action_is_made() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("attack kell nob 3 ranged", [4, 4, 4])
    assert "has made an action this turn (ranged attack)" in refused(table, "hold", [])
    assert "has made an action this turn" in refused(table, "delay kell", [])
    table.do("undo")  # the attack taken back: nothing made this turn, Kell holds
    table.do("hold")
    assert table.state.delayed == ("kell",)


def test_the_log_says_hold_action_in_the_texts_words() -> None:
    # seed 002 "Hold Action" (l.35): "A character may hold their action" — the log says so,
    # with the 'delay' key too, not the generic "delays"
    table = Table()
    table.do("start")
    assert table.do("delay kell")[0] == "Trooper Kell holds their action"


# seed 002 "Hold Action" (l.35-39): the holder interrupts and acts first; the interrupted
# turn resumes afterwards (docs: "the interrupted turn resumes afterwards"). Interrupting a
# Hero, the sides' alternation put an Ork next and Amelia's turn began again later, with a
# second Defiance Check for the one turn start.


def test_an_interrupted_heros_turn_resumes_next_and_owes_nothing_twice() -> None:
    table = Table()
    table.do("start")  # Kell, Nob, Amelia, Boy
    table.do("hold")  # Kell holds; Ork Nob's turn
    table.do("dmg amelia 20")
    table.do("next")  # Sister Amelia's turn: unconscious, a Defiance Check due
    assert reminders(table) == [("amelia", "defiance")]
    assert table.do("interrupt kell")[0].startswith("Trooper Kell interrupts Sister Amelia")
    table.do("attack kell nob 3 ranged", [4, 4, 4])
    assert table.do("next") == ["Sister Amelia's turn"]
    assert reminders(table) == [("amelia", "defiance")]
    assert not table.who("amelia").condition("Interrupted")
    assert table.do("next") == ["Ork Boy's turn"]


def test_full_defence_declared_before_ones_turn_lasts_to_the_turn_of_the_next_round() -> None:
    # seed 002 "Full Defence" (l.28-31): "until the end of their next turn" — the
    # documented reading: declared before one's own turn (here in Kell's), the bonus
    # covers the round given up and ends at the end of Amelia's turn in round 2
    table = Table()
    table.do("start")  # Kell, Nob, Amelia, Boy
    table.do("option amelia full-defence", [6, 4, 1])
    for _ in range(5):  # to Ork Nob's turn in round 2: still on
        table.do("next")
    assert (table.state.round, table.state.current) == (2, "nob")
    assert table.who("amelia").condition("Full Defence") is not None
    table.do("next")  # Amelia's round-2 turn
    assert "Sister Amelia: Full Defence ends" in table.do("next")


def test_an_interrupted_turn_that_never_resumes_leaves_no_mark_past_the_round() -> None:
    # the Nob, interrupted, falls before his turn comes back: no "Interrupted" left on him
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("hold")  # Ork Nob's turn
    table.do("interrupt kell", [6, 6, 6, 6, 1, 1])  # Kell 4 dice, 8 icons; the Nob 2, none
    assert table.who("nob").condition("Interrupted") is not None
    table.do("dmg nob 30")  # out of the fight at 0 Wounds
    while table.state.round == 1:
        table.do("next")
    assert table.who("nob").condition("Interrupted") is None


def test_an_options_line_says_its_number_not_n() -> None:
    # seed 002 "Multi-action" (l.56-58): "+2 for each additional action" — the log line of
    # a Multi-action of 2 says "2 actions", not the data's placeholder "N actions"
    table = Table()
    table.do("start")
    (line,) = table.do("option kell multi-action 2")
    assert "2 actions this turn" in line and "N actions" not in line
    (line,) = table.do("option amelia multi-attack 3")
    assert "against 3 targets" in line


# seed 002 "Hold Action" (l.37-39): to interrupt an NPC the holder must win the opposed
# test; "Failure means that the NPC takes their action first" — an interrupt comes before
# the action. After the Nob had attacked, an interrupt gave him a fresh turn when his
# resumed.


def test_no_interrupt_after_the_acting_one_has_made_their_action() -> None:
    table = Table()
    table.do("start")  # Trooper Kell's turn
    table.do("hold")  # Ork Nob's turn
    table.do("attack nob amelia 2 melee", [4, 4])
    why = refused(table, "interrupt kell", [6, 6, 6, 6, 1, 1])
    assert "too late to interrupt" in why and "'act kell'" in why


def test_the_status_pane_gives_a_prone_characters_defence_against_melee() -> None:
    # seed 002 "Prone" (l.286-288): "their Defence is reduced by 2 against melee attacks" —
    # the Defence line said 1 for Amelia, Prone and Vulnerable, when a melee attack meets -1
    table = Table()
    table.do("start")
    table.do("ail amelia prone")
    table.do("ail amelia vulnerable 1")
    (line, *_rest) = RULES.status_lines(table.who("amelia"), table.state)
    assert line == "Defence 1 (-1 Vulnerable), -1 against melee (Prone) · Resilience 8"


def test_the_status_pane_counts_the_turns_actions() -> None:
    # seed 002 "Multi-action" (l.56-63): the acting one's status says how many actions the
    # turn holds and which are made, so a refused second attack is no surprise
    table = Table()
    table.do("start")  # Trooper Kell's turn
    assert "Actions made: 0 of 1" in RULES.status_lines(table.who("kell"), table.state)
    table.do("option kell multi-action 2")
    table.do("attack kell nob 3 ranged", [4, 4, 4])
    lines = RULES.status_lines(table.who("kell"), table.state)
    assert "Actions made: 1 of 2 (ranged attack)" in lines
    assert not [x for x in RULES.status_lines(table.who("amelia"), table.state) if "Actions" in x]
