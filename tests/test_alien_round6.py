"""Alien against seed 003, round six: what the status pane and the reminders say is true
at the moment they say it."""

from __future__ import annotations

from tests.alien_helpers import Table


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
    assert any(line.startswith("Broken: moved this round") for line in lines)

    for _ in range(3):  # Drone (#2), Hicks, Drone; then round 2 offers the move again
        table.do("next")
    table.do("next", [8, 1, 3, 6, 10])
    assert table.state.round == 2
    lines = table.rules.status_lines(table.who("ripley"), table.state)
    assert "Broken: a single move this round, no stress, no panic" in lines
