"""Wrath & Glory, rules as written round four (seed 002): options carried over from the
last turn, acting while unconscious or after giving the round to Full Defence, Defiance
Checks owed twice, interrupting a player character."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import RULES, Table
from tracker.core.errors import RuleError


def test_a_sprint_from_last_turn_does_not_stop_this_turns_sprint_or_run() -> None:
    # seed 002 "Sprinting" (l.86-90): "-2 Defence until the end of their next turn. You may
    # not take the Sprint action more than once per turn. You may not Run and Sprint in the
    # same turn." Kell sprints in round 1; round 2 is another turn: he may sprint again, or run.
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    _to_round_two_from_kell(table)
    lines = table.do("option kell sprint")
    assert lines[0].startswith("Trooper Kell takes Sprint")
    run = Table()
    run.do("start")
    run.do("option kell sprint")
    _to_round_two_from_kell(run)
    assert run.do("option kell run")[0].startswith("Trooper Kell takes Run")
    # the old Sprint's -2 Defence still runs to the end of this turn (Defence 3 - 2)
    assert RULES.status_lines(run.who("kell"), run.state)[0].startswith("Defence 1 (-2 Sprint)")


def _to_round_two_from_kell(table: Table) -> None:
    while table.state.round == 1:
        table.do("next")
    assert table.state.current == "kell"


def test_sprint_twice_or_run_after_sprint_in_the_same_turn_is_still_refused() -> None:
    # seed 002 l.89-90: within one turn the limits hold
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    with pytest.raises(RuleError, match="already taken Sprint"):
        table.do("option kell sprint")
    with pytest.raises(RuleError, match="Run cannot be joined with Sprint"):
        table.do("option kell run")


@pytest.mark.parametrize(
    "line",
    [
        "attack kell boy 3 ranged dmg=8",
        "option kell aim",
        "interact kell boy 3 hinder dn=2",
        "treat amelia prone 3 by=kell",
        "restore kell",
    ],
)
def test_an_unconscious_hero_takes_no_action(line: str) -> None:
    # seed 002 "Wounds" (l.204-206): at 0 Wounds "they fall unconscious"; "Unconsciousness"
    # (l.233-237): it ends only when Wounds are recovered. Kell at 0 Wounds in his own turn
    # cannot attack, take a combat option, interact, treat another or Restore Shock.
    table = Table()
    table.do("start")
    table.do("ail amelia prone")
    table.do("shock kell 2")
    table.do("wound kell 6")
    with pytest.raises(RuleError, match="Trooper Kell is unconscious"):
        table.do(line, [4, 4, 4, 4])


def test_an_unconscious_hero_still_rolls_a_test_the_gm_calls_for() -> None:
    # seed 002 "Poisoned" (l.304-306): a Toughness test at the end of every turn is not an
    # action — it stays open to the unconscious
    table = Table()
    table.do("start")
    table.do("wound kell 6")
    assert table.do("test kell 3", [4, 4, 4])[0].startswith("Trooper Kell tests")


def test_a_fallen_adversary_takes_no_action_and_a_woken_hero_acts_again() -> None:
    # seed 002 l.204-206 and l.235-236: the Ork Boy at 0 Wounds is out of the fight; Kell,
    # healed a Wound, is conscious and may attack again
    table = Table()
    table.do("start")
    table.do("wound boy 6")
    with pytest.raises(RuleError, match="Ork Boy is out of the fight"):
        table.do("attack boy kell 3 melee", [4, 4, 4])
    table.do("wound kell 6")
    table.do("heal kell 1")
    assert table.do("attack kell nob 3 ranged", [4, 4, 4])[0].startswith("Trooper Kell makes")


DUEL = [
    {"id": "dan", "name": "Dan", "side": "pc", "stats": {"agility": 3, "defence": 3}},
    {"id": "grot", "name": "Grot", "side": "enemy", "stats": {"defence": 2, "resilience": 5}},
]


@pytest.mark.parametrize(
    "line", ["attack dan grot 3 ranged dmg=8", "option dan aim", "interact dan grot 3 hinder dn=2"]
)
def test_full_defence_first_in_the_turn_leaves_no_action_for_the_round(line: str) -> None:
    # seed 002 "Full Defence" (l.28-30): "A character may sacrifice their entire round to
    # focus on dodging incoming attacks" — taken before acting, the rest of Dan's round is
    # given up: no attack, no other option, no interaction attack after it
    table = Table(DUEL)
    table.do("start")
    assert table.do("option dan full-defence", [5, 5, 5])[-1].endswith("rest of this round")
    with pytest.raises(RuleError, match="Dan gave up this round to Full Defence"):
        table.do(line, [4, 4, 4])


def test_full_defence_declared_before_ones_turn_gives_that_turn_up() -> None:
    # seed 002 l.28-30: declared in Grot's turn before Dan has acted, the round given up is
    # this one, Dan's turn in it included
    table = Table(DUEL, options={"first_side": "enemy"})
    table.do("start")
    assert table.state.current == "grot"
    table.do("option dan full-defence", [5, 5, 5])
    table.do("next")
    assert table.state.current == "dan"
    with pytest.raises(RuleError, match="Dan gave up this round to Full Defence"):
        table.do("attack dan grot 3 ranged", [4, 4, 4])


def test_the_round_after_full_defence_is_the_characters_own_again() -> None:
    # seed 002 l.28-31: the round given up is the one it was taken in; its Defence bonus runs
    # to the end of the next turn, in which Dan acts as usual
    table = Table(DUEL)
    table.do("start")
    table.do("option dan full-defence", [5, 5, 5])
    table.do("next")
    table.do("next")
    assert table.state.round == 2 and table.state.current == "dan"
    assert table.do("attack dan grot 3 ranged", [4, 4, 4])[0].startswith("Dan makes")


def _hurt_then_turn_starts() -> Table:
    """Kell falls in Nob's turn, is hurt again at 0 Wounds, and his turn starts unrolled."""
    table = Table(options={"first_side": "enemy"})
    table.do("start")
    assert table.state.current == "nob"
    table.do("wound kell 6")
    table.do("wound kell 1")
    table.do("next kell")
    return table


def test_a_check_for_damage_and_one_for_the_turn_start_are_two_checks() -> None:
    # seed 002 "Unconsciousness" (l.238-243): "a defiance check whenever they take damage
    # whilst they are on 0 Wounds ... it is possible to take a test for receiving damage,
    # and then immediately have to take another test due to it being the start of that
    # Hero's turn". Kell is hurt at 0 Wounds and his turn starts before the GM rolls:
    # two checks are due, and a failed first one leaves the second.
    table = _hurt_then_turn_starts()
    due = [r for r in table.state.reminders if r.who == "kell"]
    assert len(due) == 2
    assert "2 Defiance Checks due" in due[-1].text
    table.do("defiance kell", [2])
    left = [r for r in table.state.reminders if r.who == "kell"]
    assert len(left) == 1
    assert "failures 1/3" in left[0].text and "Checks due" not in left[0].text
    table.do("defiance kell", [1])
    assert table.who("kell").track("defiance") == 3
    assert table.who("kell").status == "dead"
    assert not [r for r in table.state.reminders if r.who == "kell"]


def test_a_passed_check_settles_every_check_still_due() -> None:
    # seed 002 "Defiance Checks" (l.249-251): checks are rolled "until either they
    # successfully pass one Defiance Check, or they accumulate three failures" — a 4
    # stabilises Kell and the second check due falls away
    table = _hurt_then_turn_starts()
    lines = table.do("defiance kell", [4])
    assert any(line.endswith("stabilised") for line in lines)
    assert not [r for r in table.state.reminders if r.who == "kell"]


def test_the_second_check_offers_the_same_rolls() -> None:
    # seed 002 l.253-256: each check may buy its +1 with Wrath before the roll
    table = _hurt_then_turn_starts()
    second = [r for r in table.state.reminders if r.who == "kell"][-1]
    assert RULES.reminder_actions(second) == [
        ("Defiance Check", "defiance kell"),
        ("Defiance Check +1 (Wrath)", "defiance kell wrath"),
    ]


def test_a_holder_interrupts_a_player_character_without_an_opposed_test() -> None:
    # seed 002 "Hold Action" (l.36-40): "If that character wishes to interrupt an NPC, they
    # must succeed at an opposed Initiative test" — the test is for NPCs; Amelia cutting in
    # on Trooper Kell (a Hero) rolls nothing and acts at once
    table = Table()
    table.do("start")
    assert table.state.current == "kell"
    table.do("hold amelia")
    lines = table.do("interrupt amelia")  # no dice scripted: a roll would fail the command
    assert lines[0] == "Sister Amelia interrupts Trooper Kell (a player character: no test)"
    assert table.state.current == "amelia"


def test_interrupting_an_npc_still_takes_the_opposed_test() -> None:
    # seed 002 l.37-39: against the Ork Nob the opposed Initiative test decides; a loss
    # leaves Amelia holding
    table = Table()
    table.do("start")
    table.do("next")
    assert table.state.current == "nob"
    table.do("hold amelia")
    lines = table.do("interrupt amelia", [1, 1, 1, 6, 6])
    assert lines[-2:] == [
        "Ork Nob acts first; Sister Amelia still holds",
        "Sister Amelia acts after this turn: 'act amelia'",  # the GM's line alone
    ]
    assert table.state.current == "nob"


def test_a_heros_wrath_six_on_the_opposed_initiative_test_adds_glory() -> None:
    # seed 002 "Gaining Glory" (l.318-320, 346-347): Glory increases "when a player rolls a
    # result of 6 on the Wrath Dice"; the interrupt is an "opposed Initiative test"
    # (l.38-39), rolled with a Wrath die like any test. Amelia's Wrath die shows 6: Glory 1.
    table = Table()
    table.do("start")
    table.do("next")
    table.do("hold amelia")
    lines = table.do("interrupt amelia", [6, 4, 4, 1, 1])
    assert "Glory 0 → 1 (a 6 on Sister Amelia's Wrath die)" in lines
    assert table.state.current == "amelia"


def test_an_adversarys_wrath_six_on_the_opposed_test_adds_no_glory() -> None:
    # seed 002 l.318-320: Glory is the players' ("when a player rolls")
    table = Table()
    table.do("start")
    table.do("next")
    table.do("hold amelia")
    table.do("interrupt amelia", [1, 1, 1, 6, 4])
    assert table.state.tracks.get("glory", 0) == 0


@pytest.mark.parametrize(
    "first", ["attack kell boy 3 ranged", "test kell 3", "treat kell prone 3 by=kell"]
)
def test_a_multi_action_is_declared_before_any_test_of_the_turn(first: str) -> None:
    # seed 002 "Multi-action" (l.61-63): "You must state that you are making a Multi-action
    # before rolling any tests. The increased DN value will apply to every action for this
    # turn." Kell has rolled in his turn already: too late to declare one.
    table = Table()
    table.do("start")
    table.do("ail kell prone")
    table.do(first, [1, 1, 1])
    with pytest.raises(RuleError, match="before any test"):
        table.do("option kell multi-action 2")
    assert table.who("kell").condition("Multi-action") is None


def test_a_multi_action_declared_first_raises_the_dn_of_the_turns_tests() -> None:
    # seed 002 l.59-63: declared before rolling, +2 DN for the one extra action (DN 3 + 2)
    table = Table()
    table.do("start")
    table.do("option kell multi-action 2")
    assert "vs DN 5 (3 +2 Multi-action)" in table.do("test kell 3", [4, 4, 4])[0]
    # and the next turn starts afresh: Nob may declare one before his first test
    table.do("next")
    assert table.do("option nob multi-action 2")[0].startswith("Ork Nob takes Multi-action")


def test_the_round_given_up_by_a_late_full_defence_has_no_action_in_it() -> None:
    # seed 002 l.32-33: taken after acting, "the character sacrifices their next round
    # instead" — in round 2 Dan has no turn, and no attack recorded for him in Grot's turn
    table = Table(DUEL)
    table.do("start")
    table.do("attack dan grot 3 ranged", [4, 4, 4])
    table.do("option dan full-defence", [5, 5, 5])
    table.do("next")
    table.do("next")
    assert table.state.round == 2 and table.state.current == "grot"
    with pytest.raises(RuleError, match="Dan gave up this round to Full Defence"):
        table.do("attack dan grot 3 ranged", [4, 4, 4])
    # round 3 is Dan's again
    table.do("next")
    assert table.state.round == 3
    assert table.do("attack dan grot 3 ranged", [4, 4, 4])[0].startswith("Dan makes")
