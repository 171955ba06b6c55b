"""Wrath & Glory tests in icons: the Wrath die, Glory, Shifts, re-rolls (seed 002)."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import Table
from tracker.core.errors import RuleError


def glory(table: Table) -> int:
    return table.state.tracks.get("glory", 0)


def test_icons_count_four_five_as_one_and_six_as_two() -> None:
    # seed 002, "Attempting Tasks": 4 or 5 = 1 icon, 6 (Exalted) = 2 icons; pass if icons >= DN
    table = Table()
    lines = table.do("test amelia 5 dn=4", [2, 4, 5, 6, 1])
    assert "4 icons, pass" in lines[0]
    lines = table.do("test amelia 3 dn=4", [5, 5, 1])
    assert "2 icons, fail" in lines[0]


def test_pool_reads_stat_names_joined_by_plus() -> None:
    # seed 002 l.323-324: "Roll dice equal to the attribute + skill" (Agility 3 + Medicae 2 =
    # 5d)
    table = Table()
    lines = table.do("test amelia agility+medicae dn=3", [1, 1, 1, 1, 1])
    assert "5d vs DN 3" in lines[0]
    with pytest.raises(RuleError, match="stats"):
        table.do("test amelia charisma")


def test_a_six_on_the_wrath_die_adds_glory() -> None:
    # seed 002: "If you roll an Exalted Icon (6) on the Wrath Dice you gain a point of Glory"
    table = Table()
    lines = table.do("test amelia 3", [6, 1, 1])
    assert "[W6 1 1]" in lines[0]
    assert glory(table) == 1
    table.do("test amelia 3", [1, 6, 6])  # sixes on other dice are not the Wrath die
    assert glory(table) == 1


def test_an_adversarys_wrath_six_gives_no_glory_but_still_a_critical() -> None:
    # seed 002, "Gaining Glory": Glory grows when a *player* rolls a 6 on the Wrath Dice
    table = Table()
    table.do("start")
    lines = table.do("attack nob kell 2 melee", [6, 4])
    assert glory(table) == 0
    assert any("critical hit" in line for line in lines)


def test_spare_exalted_icons_become_shifts() -> None:
    # seed 002: once the DN is met, remaining Exalted Icons may be Shifted
    table = Table()
    lines = table.do("test amelia 4 dn=3", [4, 6, 6, 6])  # 7 icons, 4 spare -> 2 Shifts
    assert "2 Shifts" in lines[0]
    lines = table.do("test amelia 3 dn=3", [6, 4, 1])  # 3 icons, none spare -> no Shift
    assert "Shift" not in lines[0]


def test_banking_a_shift_adds_glory_and_spends_the_shift() -> None:
    # seed 002: "you can bank one of the exalted Shifted dice to add Glory"
    table = Table()
    lines = table.do("test amelia 4 dn=3 bank", [4, 6, 6, 6])
    assert "1 Shift" in lines[0] and "1 Shifts" not in lines[0]
    assert glory(table) == 1


def test_wrath_point_rerolls_failed_dice() -> None:
    table = Table()
    lines = table.do("test amelia 3 dn=3 wrath", [1, 6, 2, 6, 5])
    assert table.who("amelia").track("wrath") == 1
    assert any("re-rolled with Wrath [W6 6 5]" in line for line in lines)
    assert glory(table) == 1  # the re-rolled Wrath die shows a 6


def test_glory_can_be_spent_but_not_below_zero() -> None:
    # seed 002 l.316-320: the Glory pool (2 gained, 1 spent: 1 left; it cannot go below 0)
    table = Table()
    table.do("gain glory 2")
    table.do("spend glory")
    assert glory(table) == 1
    with pytest.raises(RuleError, match="holds only 1"):
        table.do("spend glory 2")


def test_attack_critical_on_wrath_six_and_shifts_become_bonus_damage_dice() -> None:
    # seed 002: Wrath 6 in combat = critical hit; Shifted Exalted icons on an attack
    # become bonus damage dice
    table = Table()
    table.do("start")
    lines = table.do("attack amelia boy 4 ranged", [6, 6, 6, 1])  # 6 icons vs Defence 2
    assert "2 bonus damage dice, a critical hit" in " ".join(lines)
    assert glory(table) == 1


def test_attack_with_damage_applies_it_and_melee_adds_strength() -> None:
    # seed 002, "Damage": for melee weapons the wielder's Strength is added to the DR
    table = Table()
    table.do("start")
    table.do("attack nob amelia 3 melee dmg=4", [4, 4, 1])  # DR 4 + Str 6 = 10 vs Res 8
    assert table.who("amelia").track("wounds") == 6


def test_attack_that_misses_does_no_damage() -> None:
    # seed 002 l.334-337: 4-5 is one icon; below the DN (Defence 3) the attempt fails — no
    # damage
    table = Table()
    table.do("start")
    lines = table.do("attack boy kell 2 melee dmg=20", [1, 5])  # 1 icon vs Defence 3
    assert any("misses" in line for line in lines)
    assert table.who("kell").track("wounds") == 6
