"""Wrath & Glory damage: Resilience, Shock, Soak, Mortal Wounds, slain, Defiance (seed 002)."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import Table
from tracker.core.errors import RuleError


def test_damage_equal_to_resilience_gives_shock_only() -> None:
    # seed 002, "Damage": DR equal to (not above) Resilience -> 1D3 Shock
    table = Table()
    lines = table.do("dmg nob 9", [2])
    nob = table.who("nob")
    assert nob.track("shock") == 4
    assert nob.track("wounds") == 12
    assert any("equal: 2 Shock" in line for line in lines)


def test_damage_above_resilience_gives_one_wound_per_point_over() -> None:
    # seed 002, "Damage": 1 wound for every Damage Rating point over the Resilience
    table = Table()
    table.do("dmg nob 12")
    assert table.who("nob").track("wounds") == 9
    assert table.who("nob").track("shock") == 6
    table.do("dmg nob 8")  # below Resilience: nothing
    assert table.who("nob").track("wounds") == 9


def test_bonus_damage_dice_add_icons_to_the_rating() -> None:
    # seed 002 l.178-179: the Damage Rating includes any bonus dice (their icons: 6 = +2, 4 =
    # +1): 9 + 3 = 12 vs Resilience 9, 3 wounds
    table = Table()
    lines = table.do("dmg nob 9 bd=2", [6, 4])  # +3 -> DR 12 vs 9
    assert table.who("nob").track("wounds") == 9
    assert "[6, 4]" in lines[0]


def test_soak_negates_wounds_per_icon_and_costs_shock() -> None:
    # seed 002, "Soaking" / "The Cost of Soaking": 1 Wound per icon, 2 per Exalted icon;
    # 1 Shock plus 1 Shock per wound negated
    table = Table()
    table.do("dmg amelia 13 soak=3", [6, 4, 1])  # 5 Wounds, 3 icons negate 3
    amelia = table.who("amelia")
    assert amelia.track("wounds") == 8 - 2
    assert amelia.track("shock") == 6 - (1 + 3)


def test_soak_uses_toughness_by_default_and_cannot_negate_more_than_taken() -> None:
    # seed 002 l.211-222: Soak on the Toughness roll, one Wound per icon; 1 Shock plus 1 per
    # wound negated (1 negated: 2 Shock)
    table = Table()
    table.do("dmg amelia 9 soak", [6, 6, 6])  # Toughness 3; 1 Wound, 6 icons
    amelia = table.who("amelia")
    assert amelia.track("wounds") == 8
    assert amelia.track("shock") == 6 - 2


def test_mortal_wounds_cannot_be_soaked() -> None:
    # seed 002, "Mortal Wounds": normally cannot be Soaked
    table = Table()
    table.do("dmg amelia 9 mortal=2 soak", [6, 6, 6])
    assert table.who("amelia").track("wounds") == 8 - 2


def test_only_heroes_may_soak() -> None:
    # seed 002 l.211: "Heroes that suffer Wounds from an attack may make a Soak roll"
    table = Table()
    with pytest.raises(RuleError, match="only Heroes may Soak"):
        table.do("dmg nob 12 soak=3", [6, 6, 6])
    assert table.who("nob").track("wounds") == 12


def test_double_the_starting_wounds_from_one_attack_slays() -> None:
    # seed 002, "Wounds": double their starting Wounds or more from a single attack: slain
    table = Table()
    table.do("dmg boy 19")  # 12 Wounds vs starting 6
    assert table.who("boy").status == "dead"
    table.do("dmg nob 32")  # 23 Wounds vs starting 12: one short of slain
    assert table.who("nob").status == "down"


def test_shock_at_zero_makes_exhausted_until_restored() -> None:
    # seed 002, "Shock" / "Exhausted"
    table = Table()
    table.do("start")
    table.do("shock amelia 6")
    assert table.who("amelia").condition("Exhausted")
    with pytest.raises(RuleError, match="Exhausted"):
        table.do("option amelia aim")
    table.do("option amelia disengage")
    lines = table.do("restore amelia", [2])  # 1d3+3
    amelia = table.who("amelia")
    assert amelia.track("shock") == 5
    assert amelia.track("wrath") == 1
    assert not amelia.condition("Exhausted")
    assert any("1d3+3" in line for line in lines)


def test_restore_shock_needs_a_wrath_point() -> None:
    # seed 002 l.197-198: "spend an action and a point of Wrath to restore 1D3+3 Shock"
    table = Table()
    table.do("spend amelia wrath 2")
    table.do("shock amelia 2")
    with pytest.raises(RuleError, match="no Wrath point"):
        table.do("restore amelia", [3])


def test_hero_at_zero_wounds_is_unconscious_and_prone() -> None:
    # seed 002, "Unconsciousness": unconscious, considered prone, Defiance Checks
    table = Table()
    table.do("dmg kell 12")
    kell = table.who("kell")
    assert kell.status == "down"
    assert kell.condition("Unconscious") and kell.condition("Prone")


def test_enemy_at_zero_wounds_is_out_of_the_fight() -> None:
    # seed 002 l.204-206: only a player character at 0 Wounds falls unconscious and makes
    # Defiance Checks
    table = Table()
    table.do("dmg boy 13")
    assert table.who("boy").status == "down"
    assert not table.who("boy").condition("Unconscious")


def test_defiance_check_is_due_at_the_start_of_the_unconscious_heros_turn() -> None:
    # seed 002, "Defiance Checks": whenever a character begins their turn at 0 Wounds
    table = Table()
    table.do("start")  # Kell (Initiative 4) acts first
    table.do("dmg kell 12")
    assert not table.state.reminders
    while table.state.current != "kell" or table.state.round == 1:
        table.do("next")
    assert table.state.round == 2
    assert [(r.who, r.key) for r in table.state.reminders] == [("kell", "defiance")]


def test_damage_at_zero_wounds_calls_a_defiance_check_at_once() -> None:
    # seed 002: "must also take a defiance check whenever they take damage whilst on 0 Wounds"
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [5])
    assert table.who("kell").condition("Stabilised")
    table.do("shock kell 1")
    assert not table.who("kell").condition("Stabilised")
    assert [(r.who, r.key) for r in table.state.reminders] == [("kell", "defiance")]


def test_defiance_four_or_five_stabilises_and_ends_the_checks() -> None:
    # seed 002 l.249-251, 259-260: checks until one passes; "On a result of 4 or higher, the
    # character has stabilised"
    table = Table()
    table.do("dmg kell 12")
    lines = table.do("defiance kell", [4])
    assert "stabilised" in lines[-1]
    assert table.who("kell").status == "down"
    with pytest.raises(RuleError, match="stabilised"):
        table.do("defiance kell", [1])


def test_defiance_six_wakes_with_one_wound() -> None:
    # seed 002: "If they roll a 6 ... fully conscious with 1 Wound"
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [6])
    kell = table.who("kell")
    assert kell.track("wounds") == 1
    assert kell.status == "active"
    assert not kell.condition("Unconscious")


def test_defiance_failures_one_for_two_or_three_two_for_a_one_and_third_kills() -> None:
    # seed 002: 2 or 3 is one failure, 1 counts as two failures, dead on the third failure
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [3])
    assert table.who("kell").track("defiance") == 1
    assert table.who("kell").status == "down"
    lines = table.do("defiance kell", [1])
    assert table.who("kell").status == "dead"
    assert "third failed Defiance Check" in lines[-1]


def test_three_single_failures_kill() -> None:
    # seed 002 l.263-265: "A result of a 2 or a 3 is one failure … upon failing the third
    # Defiance Check, the character is dead"
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [2])
    table.do("defiance kell", [3])
    assert table.who("kell").status == "down"
    table.do("defiance kell", [2])
    assert table.who("kell").status == "dead"


def test_wrath_buys_plus_one_before_the_defiance_roll() -> None:
    # seed 002: "spend Wrath to gain a +1 ... before they roll"; no re-roll
    table = Table()
    table.do("dmg amelia 16")
    lines = table.do("defiance amelia wrath", [5])
    assert "5+1 = 6" in lines[-1]
    assert table.who("amelia").track("wounds") == 1
    assert table.who("amelia").track("wrath") == 1


def test_defiance_only_at_zero_wounds() -> None:
    # seed 002 l.247: "Whenever a character begins their turn at 0 Wounds … Defiance Check"
    table = Table()
    with pytest.raises(RuleError, match="only made at 0 Wounds"):
        table.do("defiance kell", [6])


def test_healing_wakes_an_unconscious_hero_and_clears_failures() -> None:
    # seed 002 l.235-236: "This unconsciousness ends if the character recovers any Wounds";
    # the Defiance Checks (l.249) are over with it.
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [2])
    table.do("heal kell 2")
    kell = table.who("kell")
    assert (kell.track("wounds"), kell.track("defiance"), kell.status) == (2, 0, "active")


def test_heal_shock_ends_exhausted() -> None:
    # seed 002 l.195-197, 281-282: "If your Shock is restored above 0, you immediately are no
    # longer exhausted"
    table = Table()
    table.do("shock kell 5")
    table.do("heal kell 2 shock")
    assert table.who("kell").track("shock") == 2
    assert not table.who("kell").condition("Exhausted")
