"""Wrath & Glory turn order: chosen (alternating sides), rolled, Hold Action (seed 002)."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import Table
from tracker.core.errors import RuleError


def names(table: Table) -> list[str]:
    return [table.state.combatant(s).id for s in table.state.order]


def test_chosen_order_alternates_sides_each_by_initiative() -> None:
    # seed 002 gives no initiative roll: docs/rulesets/wrath-glory.md, the GM picks,
    # sides alternate by default starting with the players
    table = Table()
    table.do("start")
    assert names(table) == ["kell", "nob", "amelia", "boy"]
    assert table.state.current == "kell"


def test_next_who_picks_anyone_who_has_not_acted_and_the_rest_alternate() -> None:
    # seed 002 has no initiative roll: docs/rulesets/wrath-glory.md ("Turn order"), "`next
    # WHO` picks anyone who has not acted this round"; the sides alternate after that.
    table = Table()
    table.do("start")
    table.do("next amelia")  # the GM lets a second Hero go before the Orks
    assert table.state.current == "amelia"
    assert names(table) == ["kell", "amelia", "nob", "boy"]
    table.do("next")
    assert table.state.current == "nob"


def test_next_refuses_someone_who_already_acted() -> None:
    # docs/rulesets/wrath-glory.md ("Turn order"): `next WHO` picks "anyone who has not
    # acted this round" — one who has is refused, naming who is still to act.
    table = Table()
    table.do("start")
    table.do("next")
    with pytest.raises(
        RuleError, match="already acted this round — still to act: Sister Amelia, Ork Boy"
    ):
        table.do("next kell")


def test_a_new_round_starts_when_everyone_has_acted() -> None:
    # docs/rulesets/wrath-glory.md ("Turn order"): each acts once a round, the order kept
    # every round: round 2 opens when all four have acted.
    table = Table()
    table.do("start")
    for _ in range(4):
        table.do("next")
    assert table.state.round == 2
    assert table.state.current == "kell"


def test_first_side_option_lets_the_foes_open() -> None:
    # docs/rulesets/wrath-glory.md ("Turn order"): players first — `options.first_side =
    # "enemy"` to change.
    table = Table(options={"first_side": "enemy"})
    table.do("start")
    assert names(table) == ["nob", "kell", "boy", "amelia"]


def test_rolled_order_counts_initiative_icons_higher_first() -> None:
    # the encounter option (docs/rulesets/wrath-glory.md, "Turn order"): Initiative pools
    # rolled, icons decide
    table = Table(options={"turn_order": "rolled"})
    # dice in roster order: Amelia 3d (1 icon), Kell 4d (0), Nob 2d (2), Boy 1d (2);
    # Nob and Boy tie on icons: the higher Initiative attribute (Nob 2, Boy 1) goes first
    table.do("start", [1, 1, 4, 1, 1, 1, 1, 5, 5, 6])
    assert names(table) == ["nob", "boy", "amelia", "kell"]
    table.do("next")
    assert table.state.current == "boy"


def test_order_command_switches_to_rolled() -> None:
    # docs/rulesets/wrath-glory.md: `order chosen|rolled` switches the turn order mid-fight.
    table = Table()
    table.do("start")
    table.do("order rolled", [1, 1, 1, 1, 1, 1, 1, 1, 1, 6])
    assert table.state.options["turn_order"] == "rolled"
    assert names(table)[0] == "boy"


def test_hold_then_act_after_the_current_turn() -> None:
    # seed 002, "Hold Action": wait and act later in the round
    table = Table()
    table.do("start")
    table.do("hold")  # Kell holds
    assert table.state.current == "nob"
    table.do("act kell")
    assert table.state.current == "kell"


def test_interrupt_needs_to_win_an_opposed_initiative_test() -> None:
    # seed 002: "If that character wishes to interrupt an NPC, they must succeed at an
    # opposed Initiative test. Failure means that the NPC takes their action first"
    table = Table()
    table.do("start")
    table.do("hold")
    lines = table.do("interrupt kell", [4, 1, 1, 1, 5, 5])  # Kell 1 icon, Nob 2 icons
    assert table.state.current == "nob"
    assert any("acts first" in line for line in lines)
    table.do("interrupt kell", [6, 6, 1, 1, 1, 1])
    assert table.state.current == "kell"
    table.do("next")
    assert table.state.current == "nob"  # the Nob's turn resumes


def test_held_action_is_lost_at_the_end_of_the_round() -> None:
    # seed 002: "Characters lose their turn if they elect not to use their held action"
    table = Table()
    table.do("start")
    table.do("hold")
    lines: list[str] = []
    while table.state.round == 1:
        lines += table.do("next")
    assert any("Trooper Kell never used the held action" in line for line in lines)
    assert "kell" in names(table)
    assert not table.state.delayed
