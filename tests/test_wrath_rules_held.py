"""Wrath & Glory rules checked against seed 002 in round four that held: played through the
commands with fixed dice, so a change that breaks one of them is caught."""

from __future__ import annotations

from tests.wrath_helpers import Table


def test_charge_adds_a_die_to_the_melee_attack_only() -> None:
    # seed 002 "Charge" (l.130-134): "perform a melee attack with a +1d attack bonus"
    table = Table()
    table.do("start")
    table.do("option kell charge")
    melee = table.do("attack kell boy 3 melee", [4, 4, 4, 4])
    assert melee[0] == "Trooper Kell makes a melee attack: 4d (+1d Charge) [W4 4 4 4] → 4 icons"
    table.do("undo")  # one attack a turn (l.56-63): a ranged one instead
    ranged = table.do("attack kell nob 3 ranged", [4, 4, 4])
    assert ranged[0] == "Trooper Kell makes a ranged attack: 3d [W4 4 4] → 3 icons"


def test_a_tiny_called_shot_costs_six_dn_and_gives_three_bonus_damage_dice() -> None:
    # seed 002 "Called Shot" table (l.169-173): Tiny +6 DN, +3 BD. Defence 2 + 6 = DN 8;
    # [4 6 6 6 6 4] = 10 icons, one Shift (10 - 8 = 2 spare, one six) + 3 = 4 bonus dice
    table = Table()
    table.do("start")
    table.do("option kell called-shot tiny")
    lines = table.do("attack kell boy 6 ranged", [4, 6, 6, 6, 6, 4])
    assert "Trooper Kell hits Ork Boy (DN 8: Defence 2 +6 Called Shot); 4 bonus damage dice" in (
        lines
    )


def test_prone_lowers_defence_against_melee_not_ranged() -> None:
    # seed 002 "Prone" (l.286-288): "their Defence is reduced by 2 against melee attacks";
    # Defence 2 - 2 = 0, and a DN never drops below 1
    table = Table()
    table.do("start")
    table.do("ail boy prone")
    melee = table.do("attack kell boy 1 melee", [4])
    assert melee[1].startswith("Trooper Kell hits Ork Boy (DN 1: Defence 0 (-2 Prone))")
    table.do("undo")  # one attack a turn (l.56-63): a ranged one instead
    ranged = table.do("attack kell boy 1 ranged", [4])
    assert ranged[1].startswith("Trooper Kell misses Ork Boy (DN 2: Defence 2)")


def test_three_shifts_on_an_interaction_attack_are_the_players_call() -> None:
    # seed 002 "Interaction Attacks" (l.104-121): a pass Hinders (+1 DN), each Shift one
    # more; three Shifted Exalted icons are the Player's Call. DN 1, four sixes = 8 icons:
    # 3 Shifts, Hindered 4 and the Call; DN 3: 2 Shifts, Hindered 3, no Call
    table = Table()
    table.do("start")
    lines = table.do("interact kell boy 4 hinder dn=1", [6, 6, 6, 6])
    assert table.who("boy").condition("Hindered").level == 4  # type: ignore[union-attr]
    assert any(line.startswith("Player's Call: 3 Shifts") for line in lines)
    other = Table()
    other.do("start")
    lines = other.do("interact kell boy 4 hinder dn=3", [6, 6, 6, 6])
    assert other.who("boy").condition("Hindered").level == 3  # type: ignore[union-attr]
    assert not any("Player's Call" in line for line in lines)
