"""Alien against seed 003, round six: what the status pane and the reminders say is true
at the moment they say it."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError


def broken_ripley_on_her_turn() -> Table:
    """Ripley Broken (no critical table: the number waits), and it is her turn."""
    table = Table()
    table.start()  # Bishop 2, Ripley 4, …
    table.do("dmg ripley 4", [1, 1])
    table.do("next")
    assert table.state.current == "ripley"
    return table


# seed 003 "Broken" (l.137): "While broken, you can make a single move action per round …
# but not perform any other actions" — once the move is made, the status pane no longer
# offers it.


def test_the_broken_line_offers_the_single_move_until_it_is_made() -> None:
    table = broken_ripley_on_her_turn()
    lines = table.rules.status_lines(table.who("ripley"), table.state)
    assert "Broken: a single move this round, no stress, no panic" in lines
    table.do("quick ripley move")
    lines = table.rules.status_lines(table.who("ripley"), table.state)
    assert "Broken: a single move this round, no stress, no panic" not in lines
    assert "Broken: its one move made this round; no stress, no panic" in lines

    for _ in range(3):  # Drone (#2), Hicks, Drone; then round 2 offers the move again
        table.do("next")
    table.do("next", [8, 1, 3, 6, 10])
    assert table.state.round == 2
    lines = table.rules.status_lines(table.who("ripley"), table.state)
    assert "Broken: a single move this round, no stress, no panic" in lines


# seed 003 "Holding Off" (l.69-70): "Swap initiative card with someone else they cannot
# refuse" — a card is given up before it is played. Ripley moved and aimed on card 4, then
# swapped for card 7 and took two more actions there: four actions in a round.


def test_holding_off_after_acting_on_the_card_is_refused() -> None:
    table = Table()
    table.start()  # Bishop 2, Ripley 4, Drone (#2) 5, Hicks 7, Drone 9
    table.do("next")  # Ripley's turn
    table.do("quick ripley move")
    with pytest.raises(RuleError, match="has acted on this card"):
        table.encounter.decide("swap ripley hicks", ScriptedDice([]))
    with pytest.raises(RuleError, match="has acted on this card"):
        table.encounter.decide("delay ripley hicks", ScriptedDice([]))

    table.do("undo")  # the move taken back: the card is still unplayed, and is traded
    table.do("swap ripley hicks")
    assert table.state.current == "hicks"
    assert table.state.initiative["ripley"] == 7


# seed 003 "Close combat attack" (l.104-111): "Aim for weakspot: -2 to roll but Armor level
# reduced by 1"; "Firearms in close combat: Roll Close Combat but -2" — numbers of the text
# the tracker did not carry (the GM typed mod=-2 and remembered the armour).


def test_a_weak_spot_costs_two_dice_and_names_the_armour() -> None:
    table = Table()
    table.start()
    (line, *_rest) = table.do("skill hicks 5 weakspot", [6, 6, 1, 4])  # 3 base + 1 stress
    assert "3 base + 1 stress" in line
    assert "the target's armour -1" in line


def test_a_firearm_in_close_combat_costs_two_dice_and_both_add_up() -> None:
    table = Table()
    table.start()
    (line, *_rest) = table.do("skill hicks 5 firearm weakspot", [6, 4])  # 1 base + 1 stress
    assert "1 base + 1 stress" in line
    assert "a firearm in close combat: -2 dice" in line


# seed 003 "Ambush" (l.66-68): the ambushing party "Gain +2 dice for the attack" — only the
# ambushers, only as the ambush is sprung (round 1).


def test_an_ambushers_attack_gains_two_dice_in_round_one_only() -> None:
    table = Table()
    table.do("start ambush=drone", [2, 1, 4, 7, 9])  # as test_alien_cards deals it
    (line, *_rest) = table.do("skill drone 4 ambush", [6, 1, 1, 1, 1, 1])
    assert "6 base" in line and "ambush: +2 dice" in line
    with pytest.raises(RuleError, match="not an ambusher"):
        table.encounter.decide("skill hicks 4 ambush", ScriptedDice([6] * 8))
    while table.state.round == 1:
        table.do("next", [1, 2, 3, 4, 5])
    with pytest.raises(RuleError, match="not an ambusher in round 1"):
        table.encounter.decide("skill drone 4 ambush", ScriptedDice([6] * 8))


# seed 003 "Full Auto" (l.124-126): a burst's rolls are made "as part of the same action" —
# a ranged attack, a full action of one's own turn (l.60, 71-72: only defend and dodge are
# taken out of turn). 'auto vasquez 3' on a drone's card fired a burst all the same.


def test_a_full_auto_burst_is_fired_in_ones_own_turn() -> None:
    table = Table()
    table.start()  # Bishop's turn (card 2)
    with pytest.raises(RuleError, match="not Hicks's turn"):
        table.encounter.decide("auto hicks 2", ScriptedDice([2] * 12))
    while table.state.current != "hicks":
        table.do("next")
    table.do("full hicks ranged")
    lines = table.do("auto hicks 2", [2, 3, 4, 5, 2, 3, 4, 5])
    assert "Hicks: stress level 1 → 2 (Full Auto roll 2)" in lines
