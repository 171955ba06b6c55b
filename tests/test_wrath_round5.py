"""Wrath & Glory, rules as written round five (seed 002): the rules meeting each other —
Hold Action and those who can take no action, Aim against Charge, death and the tests
still asked of the dead, an adversary back on its feet, Poisoned outlasting a fight."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import Table
from tracker.core.errors import RuleError

DUEL = [
    {"id": "dan", "name": "Dan", "side": "pc", "stats": {"agility": 3, "defence": 3}},
    {"id": "grot", "name": "Grot", "side": "enemy", "stats": {"defence": 2, "resilience": 5}},
]


def test_an_unconscious_hero_cannot_hold_an_action() -> None:
    # seed 002 "Hold Action" (l.36-37): "A character may hold their action, and wait to act
    # later in the round"; "Wounds" (l.204-206) and "Unconsciousness" (l.233-237): at 0
    # Wounds the Hero is unconscious — there is no action to hold. Kell drops in his own turn.
    table = Table()
    table.do("start")
    assert table.state.current == "kell"
    table.do("wound kell 6")
    with pytest.raises(RuleError, match="Trooper Kell is unconscious at 0 Wounds: no Hold Action"):
        table.do("hold kell")
    assert table.state.current == "kell"
    assert table.state.delayed == ()


def test_a_fallen_adversary_cannot_hold_either() -> None:
    # seed 002 "Wounds": an adversary at 0 Wounds is out of the fight (the tracker's reading)
    table = Table()
    table.do("start")
    table.do("wound boy 6")
    with pytest.raises(RuleError, match="Ork Boy is out of the fight at 0 Wounds"):
        table.do("hold boy")


def test_full_defence_first_in_the_turn_leaves_no_action_to_hold() -> None:
    # seed 002 "Full Defence" (l.28-30): "sacrifice their entire round" — holding the action
    # that was given up would hand Dan a turn later in the round
    table = Table(DUEL)
    table.do("start")
    table.do("option dan full-defence", [5, 5, 5])
    with pytest.raises(RuleError, match="Dan gave up this round to Full Defence: no Hold Action"):
        table.do("hold dan")


def test_a_holder_knocked_out_while_holding_cannot_interrupt() -> None:
    # seed 002 "Hold Action" (l.37-39): the holder interrupts with an opposed Initiative
    # test; Amelia, knocked to 0 Wounds while she held, is unconscious and interrupts nobody
    # (no test is rolled: the dice below would be used up otherwise)
    table = Table()
    table.do("start")
    table.do("next")
    assert table.state.current == "nob"
    table.do("hold amelia")
    table.do("wound amelia 8")
    with pytest.raises(RuleError, match="Amelia is unconscious at 0 Wounds: no interrupting"):
        table.do("interrupt amelia", [6, 6, 6, 1, 1])
    assert table.state.current == "nob"


def test_a_conscious_hero_still_holds_and_interrupts() -> None:
    # the rule as before for one who can act: Amelia holds, then wins the opposed test
    table = Table()
    table.do("start")
    table.do("next")
    table.do("hold amelia")
    lines = table.do("interrupt amelia", [6, 4, 4, 1, 1])
    assert "Sister Amelia interrupts Ork Nob" in lines
    assert table.state.current == "amelia"


@pytest.mark.parametrize(("first", "second"), [("aim", "charge"), ("charge", "aim")])
def test_aim_and_charge_exclude_each_other(first: str, second: str) -> None:
    # seed 002 "Aim" (l.145-148): "sacrifice their move for the turn"; "Charge" (l.130-134):
    # "combine their move and action … must make a full move up to their speed". Once the
    # move is given up there is none to charge with, and a Charge has spent it on moving.
    table = Table()
    table.do("start")
    table.do(f"option kell {first}")
    with pytest.raises(RuleError, match="cannot be joined with"):
        table.do(f"option kell {second}")


def test_aim_still_joins_a_run_or_a_sprint() -> None:
    # seed 002 "Running", "Sprinting" (l.77-90): both are actions, not the move an Aim gives up
    table = Table()
    table.do("start")
    table.do("option kell aim")
    assert table.do("option kell run")[0].startswith("Trooper Kell takes Run")


def _afraid_and_poisoned(table: Table) -> None:
    """Kell meets the Nob's fear and is Poisoned; his turn ends: both tests are asked."""
    table.do("start")
    table.do("fear kell source=nob")
    table.do("ail kell poisoned")
    table.do("next")
    assert {r.key for r in table.state.reminders_for("kell")} == {"fear:nob", "poison"}


def test_a_hero_slain_outright_is_asked_no_more_tests() -> None:
    # seed 002 "Wounds" (l.206-207): double the starting Wounds from one attack, "they are
    # slain". The Resolve test against fear (l.309-314) and the Toughness test of Poisoned
    # (l.302-307) are a living character's: Kell's reminders close with his death.
    table = Table()
    _afraid_and_poisoned(table)
    table.do("wound kell 12")
    assert table.who("kell").status == "dead"
    assert table.state.reminders_for("kell") == ()
    with pytest.raises(RuleError, match="Trooper Kell is dead: no Resolve test"):
        table.do("fear kell pass")


def test_a_third_failed_defiance_check_closes_every_test_still_asked() -> None:
    # seed 002 "Defiance Checks" (l.264-265): "Immediately upon failing the third Defiance
    # Check, the character is dead" — the poison and fear tests go with him
    table = Table()
    _afraid_and_poisoned(table)
    table.do("wound kell 6")
    table.do("defiance kell", [1])
    table.do("defiance kell", [2])
    assert table.who("kell").status == "dead"
    assert table.state.reminders_for("kell") == ()


def test_the_gms_dead_closes_them_too() -> None:
    # the GM's 'dead WHO' settles what a death by the rules settles
    table = Table()
    _afraid_and_poisoned(table)
    table.do("dead kell")
    assert table.state.reminders_for("kell") == ()


def test_undoing_the_death_brings_the_tests_back() -> None:
    # undo restores the state before the command, reminders included
    table = Table()
    _afraid_and_poisoned(table)
    before = table.state.reminders
    table.do("wound kell 12")
    table.do("undo")
    assert table.state.reminders == before


def test_an_adversary_healed_back_up_is_not_said_to_be_prone() -> None:
    # seed 002 "Unconsciousness" (l.235-237): the unconscious are "considered prone"; an
    # adversary at 0 Wounds is out of the fight (the tracker's reading), never made Prone —
    # healed back up, the log does not call it Prone
    table = Table()
    table.do("start")
    table.do("wound boy 6")
    lines = table.do("heal boy 2")
    assert lines[-1] == "Ork Boy is back in the fight"
    assert table.who("boy").condition("Prone") is None


def test_a_hero_healed_awake_is_still_prone() -> None:
    # the same line for a Hero: unconscious and Prone, woken by healing, still Prone until
    # standing up (a free action, l.289)
    table = Table()
    table.do("start")
    table.do("wound kell 6")
    assert table.do("heal kell 1")[-1] == "Trooper Kell is back in the fight (still Prone)"


@pytest.mark.parametrize(
    "line", ["spend glory -1", "gain glory -1", "spend kell wrath -2", "gain kell wrath 0"]
)
def test_spending_or_gaining_takes_a_positive_amount(line: str) -> None:
    # seed 002 "Gaining Glory" (l.316-320): Glory grows by Shifted Exalted icons and Wrath
    # sixes; spending a negative amount filled the pool ("Glory 0 → 1 (spent)") and gaining
    # a negative one emptied Kell's Wrath. Both are refused, nothing changes.
    table = Table()
    table.do("start")
    before = table.state
    with pytest.raises(RuleError, match="takes an amount of 1 or more"):
        table.do(line)
    assert table.state == before


def test_an_interaction_attacks_dn_never_drops_below_one() -> None:
    # seed 002 "Interaction Attacks" (l.102-105): the DN comes from the target's opposing
    # stat; the tracker's reading (docs: "The DN never drops below 1") holds for it as for
    # every test. Given dn=-2, three sixes made 3 Shifts (Hindered 4 and a Player's Call);
    # against DN 1 they make 2 (l.113-121: each Shift past the DN deepens the effect by one).
    table = Table()
    table.do("start")
    lines = table.do("interact kell nob 3 hinder dn=-2", [6, 6, 6])
    assert lines[0].startswith("Trooper Kell tests for interaction on Ork Nob: 3d vs DN 1 ")
    hindered = table.who("nob").condition("Hindered")
    assert hindered is not None and hindered.level == 3
    assert not any("Player's Call" in line for line in lines)


def _multi_action_then_hold(table: Table) -> None:
    """Kell (acting first) declares a Multi-action of 2, then holds his action."""
    table.do("start")
    assert table.state.current == "kell"
    table.do("option kell multi-action 2")
    table.do("hold kell")


def test_a_held_turn_lost_takes_its_options_with_it() -> None:
    # seed 002 "Hold Action" (l.40-41): "Characters lose their turn if they elect not to use
    # their held action by the end of the round"; "Multi-action" (l.63): its DN applies "to
    # every action for this turn". The lost turn is over: round 2's test is at DN 3, not 5.
    table = Table()
    _multi_action_then_hold(table)
    lines: list[str] = []
    while table.state.round == 1:
        lines += table.do("next")
    assert "Trooper Kell: Multi-action ends" in lines
    assert table.who("kell").condition("Multi-action") is None
    assert table.state.current == "kell"  # Kell opens round 2 as he opened round 1
    assert table.do("test kell 3", [4, 4, 4])[0].startswith("Trooper Kell tests: 3d vs DN 3 ")


def test_a_held_turn_taken_later_keeps_its_options() -> None:
    # the held turn, taken later in the round, is still the turn the Multi-action was
    # declared for
    table = Table()
    _multi_action_then_hold(table)
    table.do("act kell")
    assert table.state.current == "kell"
    assert table.do("test kell 3", [4, 4, 4])[0].startswith("Trooper Kell tests: 3d vs DN 5 ")


def test_an_exhausted_character_holds_no_action() -> None:
    # seed 002 "Exhausted" (l.279-281): "can only perform a basic move action, a regular
    # action, or disengage. However, they cannot perform any other combat options"; Hold
    # Action is one of the combat options the text lists under "One Combat Option" (l.2,
    # l.35-41). Kell at 0 Shock acts in his turn or not at all.
    table = Table()
    table.do("start")
    table.do("shock kell 5")
    with pytest.raises(RuleError, match="Trooper Kell is Exhausted: .* no Hold Action"):
        table.do("hold kell")
    table.do("heal kell 1 shock")  # Shock above 0: no longer Exhausted (l.195-196)
    assert table.do("hold kell")[0] == "Trooper Kell holds their action"


@pytest.mark.parametrize("verb", ["hold", "delay"])
def test_the_delay_key_holds_by_the_same_rule(verb: str) -> None:
    # the TUI's delay key types 'delay WHO': for Wrath & Glory it is the Hold Action, with
    # its limits (an unconscious Hero holds nothing, l.35-37, 204-206)
    table = Table()
    table.do("start")
    table.do("wound kell 6")
    with pytest.raises(RuleError, match="no Hold Action"):
        table.do(f"{verb} kell")
