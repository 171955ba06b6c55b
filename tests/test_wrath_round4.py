"""Wrath & Glory, rules as written round four (seed 002): options carried over from the
last turn, acting while unconscious or after giving the round to Full Defence, Defiance
Checks owed twice, interrupting a player character."""

from __future__ import annotations

import pytest

from tests.wrath_helpers import RULES, Table
from tracker.core.errors import RuleError


def test_a_sprint_from_last_turn_does_not_stop_this_turns_sprint_or_run() -> None:
    # seed 002 "Sprinting" (l.86-90): "-2 Defence until the end of their next turn. You may
    # not take the Sprint action more than once per turn. You may not Run and Sprint in the
    # same turn." Kell sprints in round 1; round 2 is another turn: he may sprint again, or run.
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    _to_round_two_from_kell(table)
    lines = table.do("option kell sprint")
    assert lines[0].startswith("Trooper Kell takes Sprint")
    run = Table()
    run.do("start")
    run.do("option kell sprint")
    _to_round_two_from_kell(run)
    assert run.do("option kell run")[0].startswith("Trooper Kell takes Run")
    # the old Sprint's -2 Defence still runs to the end of this turn (Defence 3 - 2)
    assert RULES.status_lines(run.who("kell"), run.state)[0].startswith("Defence 1 (-2 Sprint)")


def _to_round_two_from_kell(table: Table) -> None:
    while table.state.round == 1:
        table.do("next")
    assert table.state.current == "kell"


def test_sprint_twice_or_run_after_sprint_in_the_same_turn_is_still_refused() -> None:
    # seed 002 l.89-90: within one turn the limits hold
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    with pytest.raises(RuleError, match="already taken Sprint"):
        table.do("option kell sprint")
    with pytest.raises(RuleError, match="Run cannot be joined with Sprint"):
        table.do("option kell run")
