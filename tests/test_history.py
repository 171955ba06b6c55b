"""Undo and redo are events; state at any seq or round is a replay."""

from __future__ import annotations

import pytest

from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.events import HistoryRedone, HistoryUndone
from tracker.core.fold import replay
from tracker.core.session import Encounter

NO_DICE = ScriptedDice([])


def test_undo_takes_back_the_whole_command_and_keeps_it_in_the_journal(
    fight: Encounter,
) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    fight.run("dmg gob 5", NO_DICE)
    before = len(fight.events)
    fight.run("undo", NO_DICE)
    assert fight.state.combatant("gob").track("hp") == 7
    assert len(fight.events) == before + 1
    assert isinstance(fight.events[-1], HistoryUndone)
    assert fight.events[-1].text == "Undone: Goblin: HP 7 → 2"


def test_undo_of_next_returns_the_turn_and_round(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    for _ in range(4):
        fight.run("next", NO_DICE)
    assert fight.state.round == 2
    fight.run("undo", NO_DICE)
    assert (fight.state.round, fight.state.current) == (1, "gob")


def test_redo_restores_and_a_new_command_clears_redo(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    fight.run("dmg gob 3", NO_DICE)
    fight.run("dmg gob 1", NO_DICE)
    fight.run("undo", NO_DICE)
    fight.run("undo", NO_DICE)
    assert fight.state.combatant("gob").track("hp") == 7
    fight.run("redo", NO_DICE)
    assert fight.state.combatant("gob").track("hp") == 4
    assert isinstance(fight.events[-1], HistoryRedone)
    fight.run("dmg orc 2", NO_DICE)
    with pytest.raises(RuleError, match="nothing to redo"):
        fight.decide("redo", NO_DICE)


def test_undo_with_nothing_done_is_refused(fight: Encounter) -> None:
    with pytest.raises(RuleError, match="nothing to undo"):
        fight.decide("undo", NO_DICE)


def test_state_at_seq_and_at_round_start(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    fight.run("dmg gob 2", NO_DICE)
    seq_after_hit = fight.state.seq
    for _ in range(4):
        fight.run("next", NO_DICE)
    fight.run("dmg gob 2", NO_DICE)
    assert fight.state_at(seq_after_hit).combatant("gob").track("hp") == 5
    round2 = fight.state_at_round(2)
    assert round2.round == 2 and round2.combatant("gob").track("hp") == 5
    assert fight.state_at(0) == fight.initial
    with pytest.raises(RuleError, match="never reached"):
        fight.state_at_round(9)


def test_replay_equals_live_state_after_undo_and_redo(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    for line in ("dmg gob 3", "next", "undo", "ail orc Prone rounds=2", "undo", "redo"):
        fight.run(line, NO_DICE)
    assert replay(fight.initial, fight.events) == fight.state
