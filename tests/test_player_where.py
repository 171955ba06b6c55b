"""The players' heading says where the fight stands in words, as "Round 3" does: before
the start and after the end too (the phone's heading read "over after round 1" and "not
started", in lower case under the title)."""

from __future__ import annotations

from tests.conftest import basic_encounter
from tracker.core.dice import Dice
from tracker.export.player_view import player_board
from tracker.rules.registry import load_ruleset

RULES = load_ruleset("basic")


def test_before_during_and_after() -> None:
    fight = basic_encounter()
    assert player_board(fight.state, RULES).where == ("Not started yet",)
    dice = Dice(seed=3)
    fight.run("start", dice)
    assert player_board(fight.state, RULES).where[0] == "Round 1"
    fight.run("end", dice)
    assert player_board(fight.state, RULES).where == ("Fight over after round 1",)
