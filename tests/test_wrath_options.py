"""Wrath & Glory combat options and combat effects with their modifiers (seed 002)."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import RULES, Table
from tracker.core.errors import RuleError
from tracker.rules.wrath_glory.effects import defence


def test_multi_action_adds_two_dn_per_extra_action_for_the_turn() -> None:
    # seed 002, "Multi-action": +2 DN for each additional action, on every test this turn
    table = Table()
    table.do("start")
    table.do("option kell multi-action 3")
    lines = table.do("test kell 3 dn=3", [1, 1, 1])
    assert "DN 7" in lines[0]
    table.do("next")
    assert not table.who("kell").condition("Multi-action")


def test_multi_action_refuses_the_same_action_twice() -> None:
    # seed 002 l.56-63, "Multi-action": "You may not make the same action twice."
    table = Table()
    table.do("start")
    with pytest.raises(RuleError) as refused:
        table.do("option kell multi-action attack,restore,attack")
    assert str(refused.value) == (
        "Trooper Kell's Multi-action lists attack twice: the same action cannot be made "
        "twice in a Multi-action"
    )
    assert not table.who("kell").condition("Multi-action")


def test_a_multi_action_listing_actions_counts_them() -> None:
    # seed 002 l.58-62: "+2 for each additional action"; three listed: +2 x 2 = +4 DN
    table = Table()
    table.do("start")
    lines = table.do("option kell multi-action attack, restore, sprint")
    assert "Multi-action (3: attack, restore, sprint)" in lines[0]
    assert "DN 7" in table.do("test kell 3 dn=3", [1, 1, 1])[0]


def test_all_out_attack_adds_dice_lowers_defence_and_bars_multi_action() -> None:
    # seed 002, "All-Out Attack": +2d melee, -2 Defence until the next turn, no Multi-action
    table = Table()
    table.do("start")
    table.do("option kell all-out-attack")
    assert defence(table.who("kell"), RULES.data)[0] == 1
    with pytest.raises(RuleError, match="cannot be joined"):
        table.do("option kell multi-action 2")
    lines = table.do("attack kell nob 2 melee", [1, 1, 1, 1])
    assert "4d (+2d All-Out Attack)" in lines[0]
    while table.state.current != "kell" or table.state.round == 1:
        table.do("next")
    assert not table.who("kell").condition("All-Out Attack")


def test_full_defence_icons_raise_defence_until_the_end_of_the_next_turn() -> None:
    # seed 002, "Full Defence": every icon +1 Defence until the end of their next turn; min 1
    table = Table()
    table.do("start")
    table.do("option kell full-defence 3", [6, 4, 1])
    assert defence(table.who("kell"), RULES.data)[0] == 3 + 3
    while table.state.round == 1:
        table.do("next")
    assert table.who("kell").condition("Full Defence")  # round 2, Kell's turn
    table.do("next")
    assert not table.who("kell").condition("Full Defence")


def test_full_defence_gives_at_least_one() -> None:
    # seed 002 l.30-31: "The minimum result for this Agility test is 1": two blanks, Defence 3 +
    # 1
    table = Table()
    table.do("start")
    table.do("option kell full-defence 2", [1, 1])
    assert defence(table.who("kell"), RULES.data)[0] == 3 + 1


def test_full_defence_after_acting_gives_up_the_next_round() -> None:
    # seed 002 l.31-33: "may be taken even if the character has already acted this turn — if
    # this is the case, the character sacrifices their next round instead"
    table = Table()
    table.do("start")
    table.do("next")  # Kell has acted
    lines = table.do("option kell full-defence 1", [5])
    assert "gives up next round" in lines[-1]
    while table.state.round == 1:
        table.do("next")
    assert any("gave up this round" in e.text for e in table.encounter.events[-4:])


def test_called_shot_adds_dn_and_bonus_damage_dice() -> None:
    # seed 002, "Called Shot": Small (hand, head) +4 DN, +2 bonus damage dice
    table = Table()
    table.do("start")
    table.do("option kell called-shot small")
    lines = table.do("attack kell nob 4 ranged", [6, 5, 4, 4])  # 5 icons vs DN 2+4
    assert any("misses" in line and "DN 6" in line for line in lines)
    table = Table()
    table.do("start")
    table.do("option amelia called-shot small")
    lines = table.do("attack amelia nob 4 ranged", [6, 6, 5, 4])  # 6 icons vs DN 6
    assert any("2 bonus damage dice" in line for line in lines)


def test_several_targets_cost_two_dn_each_beyond_the_first() -> None:
    # seed 002, "Multi-attack": +2 DN for each additional target, one roll for all
    table = Table()
    table.do("start")
    lines = table.do("attack kell nob,boy 3 ranged", [5, 4, 1])  # 2 icons vs DN 2+2
    assert sum("misses" in line for line in lines) == 2


def test_hindered_raises_dn_and_ends_with_the_round() -> None:
    # seed 002, "Hindered (X)": +X DN on all tests; lasts one round
    table = Table()
    table.do("start")
    table.do("ail kell hindered 2")
    lines = table.do("test kell 3", [1, 1, 1])
    assert "DN 5" in lines[0]
    while table.state.round == 1:
        table.do("next")
    assert not table.who("kell").condition("Hindered")


def test_vulnerable_lowers_defence_and_prone_only_against_melee() -> None:
    # seed 002, "Vulnerable (X)" -X Defence; "Prone" -2 Defence against melee attacks
    table = Table()
    table.do("ail kell vulnerable 1")
    table.do("ail kell prone")
    kell = table.who("kell")
    assert defence(kell, RULES.data)[0] == 2
    assert defence(kell, RULES.data, melee=True)[0] == 0


def test_prone_while_flying_falls_for_d3_wounds() -> None:
    # seed 002 l.287-289: Prone "whilst flying, they fall to the ground and suffer D3 Wounds"
    # (d3 3: 12 → 9)
    table = Table()
    table.do("ail nob prone flying", [3])
    assert table.who("nob").track("wounds") == 9


def test_fear_adds_one_dn_against_its_source() -> None:
    # seed 002, "Fear": +1 DN when attacking or interacting with the source
    table = Table()
    table.do("start")
    table.do("ail kell fear source=nob")
    assert "DN 4" in table.do("test kell 2 vs=nob", [1, 1])[0]
    assert "DN 3" in table.do("test kell 2 vs=boy", [1, 1])[0]


def test_removing_an_effect_is_dn_five_on_oneself_and_three_by_another() -> None:
    # seed 002, "Combat Effects": DN 5 on themselves, DN 3 on another character
    table = Table()
    table.do("ail kell poisoned")
    lines = table.do("treat kell poisoned toughness", [6, 4, 1])  # 3 icons vs DN 5
    assert "DN 5" in lines[0] and table.who("kell").condition("Poisoned")
    lines = table.do("treat kell poisoned medicae by=amelia", [6, 4])  # 3 icons vs DN 3
    assert "DN 3" in lines[0] and not table.who("kell").condition("Poisoned")


def test_exhausted_is_not_removed_by_a_test() -> None:
    # seed 002 l.281-282: "The exhausted condition is removed when the character's Shock is
    # restored above 0"
    table = Table()
    table.do("shock kell 5")
    with pytest.raises(RuleError, match="Shock is restored"):
        table.do("treat kell exhausted toughness")


def test_poisoned_asks_for_a_toughness_test_at_the_end_of_each_turn() -> None:
    # seed 002, "Poisoned": a Toughness test at the end of every turn
    table = Table()
    table.do("start")
    table.do("ail kell poisoned")
    table.do("next")
    assert [(r.who, r.key) for r in table.state.reminders] == [("kell", "poison")]
    actions = RULES.reminder_actions(table.state.reminders[0])
    assert ("Toughness passed: poison ends", "cure kell poisoned") in actions


def test_interaction_attack_shifts_deepen_the_effect() -> None:
    # seed 002, "Interaction Attacks": Hinder or Vulnerable until the end of the round;
    # each Shift deepens it by one
    table = Table()
    table.do("start")
    table.do("interact kell nob 4 vulnerable dn=2", [6, 6, 1, 1])  # 4 icons, 1 Shift
    vulnerable = table.who("nob").condition("Vulnerable")
    assert vulnerable is not None and vulnerable.level == 2
    with pytest.raises(RuleError, match="dn=N"):
        table.do("interact kell nob 4 hinder")


def test_listing_targets_is_a_multi_attack_with_its_limits() -> None:
    # seed 002 "Exhausted": "cannot perform any other combat options (such as aim or
    # multi-attack)"; "Salvo": "Salvo may not be used in a Multi-attack" (issue 13: both
    # were accepted when the targets were listed instead of declared)
    table = Table()
    table.do("start")
    table.do("shock kell 9")
    assert table.who("kell").condition("Exhausted")
    with pytest.raises(RuleError, match="Kell is Exhausted"):
        table.do("attack kell nob,boy 3 ranged", [5, 4, 1])
    table.do("attack kell nob 3 ranged", [5, 4, 1])  # one target: a regular action
    table.do("option amelia salvo 2")
    with pytest.raises(RuleError, match="Multi-attack cannot be joined with Salvo"):
        table.do("attack amelia nob,boy 3 ranged", [5, 4, 1])


def test_a_wrath_six_on_a_multi_attack_is_one_critical_the_player_places() -> None:
    # seed 002 "Multi-attack": "If the attack results in a critical hit, the player may
    # choose one target to suffer the effects" (issue 13: every target hit was critical)
    table = Table()
    table.do("start")
    lines = table.do("attack kell nob,boy 6 ranged", [6, 6, 6, 6, 6, 6])
    said = " ".join(lines)
    assert "a critical hit (Wrath 6)" not in said
    assert sum("Kell hits" in line for line in lines) == 2
    assert "Wrath 6, a critical hit: the player picks one of Ork Nob, Ork Boy for it" in said
    table.do("undo")  # one attack a turn (l.56-63): the single-target one instead
    single = " ".join(table.do("attack kell nob 6 ranged", [6, 6, 6, 6, 6, 6]))
    assert "a critical hit (Wrath 6)" in single


def test_full_defence_after_acting_skips_the_next_round_and_then_ends() -> None:
    # seed 002 "Full Defence": taken after acting, "the character sacrifices their next
    # round instead"; +Defence "until the end of their next turn" (issue 13: the lost turn
    # was logged but still taken)
    table = Table()
    table.do("start")
    table.do("next")  # Kell has acted
    table.do("option kell full-defence 1", [5])
    while table.state.round == 1:
        table.do("next")
    turns = []
    while table.state.round == 2:
        turns.append(table.state.current)
        assert table.who("kell").condition("Full Defence")
        table.do("next")
    assert "kell" not in turns and turns
    assert not table.who("kell").condition("Full Defence")
    third = []
    while table.state.round == 3:
        third.append(table.state.current)
        table.do("next")
    assert "kell" in third  # the round after the sacrificed one is Kell's again


def test_fear_asks_for_a_resolve_test_and_a_failure_costs_dn_against_the_source() -> None:
    # seed 002 "Fear": "they must pass a Resolve test in order to act normally during
    # their turn. If the test is failed, the character suffers a +1 DN penalty when
    # attacking or interacting with the source of the fear" (issue 13: no prompt)
    table = Table()
    table.do("start")
    table.do("fear kell source=nob")
    reminder = table.state.reminders[0]
    assert reminder.who == "kell" and "a Resolve test" in reminder.text
    choices = RULES.reminder_actions(reminder)
    assert choices[1] == ("Resolve failed: Fear", "fear kell fail source=nob")
    table.do(choices[1][1])
    assert table.state.reminders == () and table.who("kell").condition("Fear")
    against_nob = " ".join(table.do("attack kell nob 3 ranged", [1, 1, 1]))
    assert "+1 Fear" in against_nob
    table.do("undo")  # one attack a turn (l.56-63): the other target instead
    against_boy = " ".join(table.do("attack kell boy 3 ranged", [1, 1, 1]))
    assert "+1 Fear" not in against_boy


def test_the_log_says_an_effect_named_by_a_noun_in_words() -> None:
    # seen in the log: "Ork Nob is Fear" (every other effect is an adjective: Prone)
    table = Table()
    table.do("start")
    assert "Ork Nob is afraid (Fear)" in table.do("ail nob frightened")
    assert "Ork Nob is no longer afraid (Fear)" in table.do("cure nob fear")
    assert "Ork Nob is Prone" in table.do("ail nob prone")
