"""A terminal made bigger or smaller keeps the selected row of a long order on screen:
the GM who maximises the window mid-fight still sees whose turn it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.snapshot_helpers import long_fight
from tests.ui_helpers import make_app, opened, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.initiative import InitiativePane


@pytest.fixture(scope="module")
def hundred(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fight of 100 combatants in the middle of its first round."""
    return long_fight(tmp_path_factory.mktemp("hundred"), combatants=100, events=150)


def cursor_shown(app: TrackerApp) -> bool:
    """Whether the order's selected row is among the rows on screen."""
    pane = app.table.query_one(InitiativePane)
    top, height = int(pane.scroll_y), pane.scrollable_content_region.height
    return top <= pane.cursor < top + height


@pytest.mark.parametrize(
    ("start", "then", "row"),
    [
        ((80, 24), (200, 50), -2),
        ((80, 24), (120, 36), -1),
        ((200, 50), (80, 24), -1),
        ((200, 50), (80, 24), 50),
        ((120, 36), (80, 24), 30),
        ((120, 36), (200, 50), 1),
    ],
)
@ui_test
async def test_the_selected_row_stays_on_screen_through_a_resize(
    hundred: Path, start: tuple[int, int], then: tuple[int, int], row: int
) -> None:
    app = make_app(hundred)
    async with app.run_test(size=start) as pilot:
        await opened(pilot)
        who = app.table.query_one(InitiativePane).rows[row].slot
        assert app.run_and_report(f"select {who}").ok
        await pilot.pause()
        selected = app.table.query_one(InitiativePane).cursor
        assert cursor_shown(app)
        await pilot.resize_terminal(*then)
        for _ in range(3):
            await pilot.pause()
        pane = app.table.query_one(InitiativePane)
        assert pane.cursor == selected
        assert cursor_shown(app), (int(pane.scroll_y), pane.scrollable_content_region.height)
