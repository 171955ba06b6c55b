"""A long fight opens from its snapshot: the screen shows the fight as the events fold it,
the log starts with the lines after the snapshot and fills in once the earlier events are
read (in the background)."""

from __future__ import annotations

from pathlib import Path

from tests.snapshot_helpers import command_end, played, written
from tests.ui_helpers import make_app, opened, play_of, state_of, ui_test
from tracker.export.logbook import lines_of
from tracker.export.timeline import Timeline
from tracker.ui.panes.log_pane import LogPane


@ui_test
async def test_a_long_fight_opens_from_its_snapshot_and_its_log_fills_in(tmp_path: Path) -> None:
    fight = played(3000)
    at = command_end(fight, len(fight.events) - 30)
    path = written(fight, tmp_path, snapshot_after=at)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        encounter = play_of(app).encounter
        assert state_of(app) == fight.state
        feed = app.query_one(LogPane).feed
        after = lines_of(Timeline(fight.initial, fight.events))
        if feed.partial:  # the lines after the snapshot, as the whole log ends
            assert [line.text for line in feed.lines] == [
                line.text for line in after[-len(feed.lines) :]
            ]
        for _ in range(500):
            if encounter.earlier_ready:
                break
            await pilot.pause(0.01)
        assert app.run_line("note the log is whole").ok
        await pilot.pause()
        assert encounter.taken_up_at == 0 and not feed.partial
        assert [line.text for line in feed.lines[:-1]] == [line.text for line in after]
        assert encounter.events[: len(fight.events)] == fight.events
