"""Alien actions: two quick or one full and one quick, interrupts, Broken (seed 003)."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError


def test_two_quick_actions_or_one_full_and_one_quick() -> None:
    # seed 003: "take 2 Quick Actions or 1 Quick Action and 1 Full Action"
    table = Table()
    table.start()  # Bishop's turn
    table.do("full bishop ranged")
    table.do("quick bishop aim")
    with pytest.raises(RuleError, match="both actions"):
        table.do("quick bishop move")
    table.do("next")  # Ripley
    table.do("quick ripley move")
    table.do("quick ripley partial-cover")
    with pytest.raises(RuleError, match="both actions"):
        table.do("full ripley ranged")


def test_no_second_full_action() -> None:
    # seed 003 l.60: "take 2 Quick Actions or 1 Quick Action and 1 Full Action".
    table = Table()
    table.start()
    table.do("full bishop ranged")
    with pytest.raises(RuleError, match="already taken a full action"):
        table.do("full bishop climb")


def test_quick_and_full_actions_are_told_apart() -> None:
    # seed 003 l.82: the action table makes "a ranged attack" a Full action.
    table = Table()
    table.start()
    with pytest.raises(RuleError, match="is a full action"):
        table.do("quick bishop ranged")


def test_only_defend_and_dodge_out_of_turn() -> None:
    # seed 003, "Interrupt Actions": Defend and Dodge can be used out of your turn
    table = Table()
    table.start()
    with pytest.raises(RuleError, match="not Hicks's turn"):
        table.do("quick hicks move")
    table.do("dodge hicks")
    assert table.who("hicks").track("early") == 1


def test_an_interrupt_before_the_turn_is_taken_from_the_coming_turn() -> None:
    # seed 003: it costs a Quick Action and you must not already have used them all
    table = Table()
    table.start()
    table.do("dodge hicks")
    table.do("defend hicks")
    with pytest.raises(RuleError, match="no quick action left"):
        table.do("dodge hicks")
    while table.state.current != "hicks":
        table.do("next")
    with pytest.raises(RuleError, match="both actions"):
        table.do("quick hicks move")


def test_an_interrupt_after_the_turn_uses_what_is_left() -> None:
    # seed 003 l.72: an interrupt "costs a Quick Action and you must not already used all
    # of your Quick Actions this turn".
    table = Table()
    table.start()
    table.do("full bishop ranged")
    table.do("next")  # Bishop has acted with one quick action left
    table.do("defend bishop")
    with pytest.raises(RuleError, match="both actions"):
        table.do("dodge bishop")


def test_broken_may_only_make_a_single_move_a_round() -> None:
    # seed 003, "Broken": a single move action per round, no other actions
    table = Table()
    table.start()
    table.do("next")  # Ripley's turn
    table.do("dmg ripley 4", [1, 1])
    with pytest.raises(RuleError, match="Broken"):
        table.do("full ripley ranged")
    with pytest.raises(RuleError, match="Broken"):
        table.do("quick ripley aim")
    table.do("quick ripley move")
    with pytest.raises(RuleError, match="already moved"):
        table.do("quick ripley range")


def test_broken_cannot_dodge() -> None:
    # seed 003 l.137: "While broken, you can make a single move action per round … but not
    # perform any other actions" — a dodge included.
    table = Table()
    table.start()
    table.do("dmg hicks 5", [1, 1])
    with pytest.raises(RuleError, match="Broken"):
        table.do("dodge hicks")


def test_broken_draws_a_single_card() -> None:
    # seed 003 l.137: a single move action per round; docs/rulesets/alien-evolved.md
    # ("Speed"): "A Broken combatant draws one card".
    table = Table()
    table.start()
    table.do("dmg drone 6", [1, 1])
    while table.state.round == 1:
        table.do("next", [1, 2, 3, 4])
    assert "drone@2" not in table.state.initiative
    assert "drone" in table.state.initiative


def test_a_quick_action_before_breaking_leaves_the_broken_their_one_move() -> None:
    # seed 003 l.137: "While broken, you can make a single move action per round … but not
    # perform any other actions" (issue 13: an Aim spent before breaking used up the move)
    table = Table()
    table.start()
    table.do("next")  # Ripley's turn (card 4)
    table.do("quick ripley aim")
    table.do("dmg ripley 4", [1, 1])  # Health 4 → 0: Broken, critical 11
    assert "Move into an adjacent zone" in "\n".join(table.do("quick ripley move"))
    with pytest.raises(RuleError, match="already moved"):
        table.do("quick ripley range")


def test_over_encumbered_raises_stress_the_first_time_it_moves_in_a_round() -> None:
    # seed 003 l.200: over-encumbered, "your stress level … increases one step every time you
    # move in … a round of combat": Ripley's stress 0 → 1 on her first move, not her second.
    table = Table()
    table.start()
    table.do("next")  # Ripley's turn
    table.do("ail ripley Over-encumbered")
    lines = table.do("quick ripley move")
    assert "Ripley: stress level 0 → 1 (Over-encumbered, moving)" in lines
    assert not any("stress" in line for line in table.do("quick ripley range"))
    assert table.who("ripley").track("stress") == 1


def test_an_over_encumbered_synthetic_gains_no_stress() -> None:
    # seed 003 l.175: synthetics "don't suffer stress, don't have a stress level"
    table = Table()
    table.start()  # Bishop's turn (card 2)
    table.do("ail bishop Over-encumbered")
    assert "Bishop is a synthetic: no stress (Over-encumbered, moving)" in table.do(
        "quick bishop move"
    )
