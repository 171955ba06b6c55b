"""The panes follow each command by redrawing only what changed (the rows whose combatant
or mark changed, a side pane only when what it shows changed): after any run of commands
the screen shows exactly what a screen drawn afresh from the same state shows."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.text import Text

from tests.conftest import basic_encounter
from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.model import EncounterState
from tracker.ui.app import TrackerApp
from tracker.ui.panes import order_rows as rows_module
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.panes.order_rows import order_rows

LINES = [
    "next",
    "next",
    "next",
    "prev",
    "dmg gob 3",
    "dmg orc 40",
    "heal gob 2",
    "ail orc Prone",
    "cure orc Prone",
    "undo",
    "redo",
    "delay .",
    "act ann",
    "act bo",
    "act gob",
    "act orc",
    "add Goblin hp=7",
    "remove bo",
    "swap ann orc",
    "init gob 9",
]


def states_after(lines: list[str]) -> list[EncounterState]:
    """The state after ``start`` and after each of ``lines`` that the rules allow."""
    fight, dice = basic_encounter(), Dice(seed=7)
    fight.commit(fight.decide("start", dice))
    states = [fight.state]
    for line in lines:
        try:
            fight.commit(fight.decide(line, dice))
        except TrackerError:
            continue
        states.append(fight.state)
    return states


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(LINES), max_size=30),
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=8),
)
# found by this test: after the swap, undoing a turn left Bo's row without its '»' (Bo
# above the turn again, not yet acted) — the rows re-marked were only the two turns'
@example(lines=["next", "swap ann orc", "next", "undo"], jumps=[])
def test_rows_worked_out_from_the_last_state_are_those_worked_out_anew(
    lines: list[str], jumps: list[tuple[int, int]]
) -> None:
    states = states_after(lines)
    pairs = list(zip(states, states[1:], strict=False))
    pairs += [(states[a % len(states)], states[b % len(states)]) for a, b in jumps]
    for before, after in pairs:
        order_rows(before)
        assert order_rows(after) == rows_module._ordered(after)


@dataclass
class Screenful:
    """What the GM reads in each pane, with its colours (``Text`` compares both)."""

    selected: str
    header: Text
    order: list[Text]
    cursor: int
    body: list[Text]
    status: list[Text]
    log: list[Text]


def screenful(app: TrackerApp) -> Screenful:
    """Every pane's lines as the app shows them now."""
    order = app.table.query_one(InitiativePane)
    return Screenful(
        app.selected,
        app.table.query_one(EncounterHeader).text,
        list(order.lines),
        order.cursor,
        list(app.table.query_one("#body-drawing", Drawing).lines),
        list(app.table.query_one("#status-text", Drawing).lines),
        list(app.table.query_one(LogPane).lines),
    )


async def played(path: Path, lines: list[str]) -> Screenful:
    """Open ``path``, run ``lines`` one at a time as the keys and the bar do, and read the
    screen."""
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in lines:
            app.run_and_report(line)
            await pilot.pause()
        await pilot.pause()
        return screenful(app)


SEQUENCES = {
    "turns": ["start", *["next"] * 9, "prev", "next"],
    "wounds": ["start", "next", "dmg gob 3", "heal gob 1", "ail orc Prone", "next", "dmg orc 40"],
    "history": ["start", "next", "ail gob Prone", "undo", "redo", "undo", "next", "redo"],
    "roster": ["start", "delay .", "next", "act ann", "add Goblin hp=7", "remove bo", "next"],
    "selection": ["start", "next", "select orc", "dmg orc 3", "next", "select bo", "heal bo 1"],
}


@pytest.mark.parametrize("name", sorted(SEQUENCES))
@ui_test
async def test_the_panes_after_commands_are_those_drawn_afresh(name: str, tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    followed = await played(path, SEQUENCES[name])
    afresh = await played(path, [f"select {followed.selected}"] if followed.selected else [])
    assert followed.selected == afresh.selected
    assert followed.header == afresh.header
    assert followed.order == afresh.order
    assert followed.cursor == afresh.cursor
    assert followed.body == afresh.body
    assert followed.status == afresh.status
    assert [line.plain for line in followed.log] == [line.plain for line in afresh.log]
    assert followed.log == afresh.log
