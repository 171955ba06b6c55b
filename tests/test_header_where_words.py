"""The GM's header says where the fight stands in the players' page's words: it read
"over after round 2" (and "not started") in lower case where the page reads "Fight over
after round 2" ("Not started yet") — one wording for the same fact."""

from __future__ import annotations

from tests.conftest import basic_encounter
from tracker.core.dice import Dice
from tracker.export.player_view import player_board
from tracker.rules.registry import load_ruleset
from tracker.ui.panes.header import where

RULES = load_ruleset("basic")


def test_the_header_and_the_players_page_say_it_alike() -> None:
    fight = basic_encounter()
    dice = Dice(seed=3)
    assert where(fight.state) == ["Not started yet"]
    fight.run("start", dice)
    fight.run("next", dice)
    assert where(fight.state)[0] == "Round 1"
    for _ in range(len(fight.state.order)):
        fight.run("next", dice)
    fight.run("end", dice)
    assert where(fight.state) == ["Fight over after round 2"]
    assert tuple(where(fight.state)) == player_board(fight.state, RULES).where
