"""A long fight opens from its snapshot: the screen shows the fight as the events fold it,
the log starts with the lines after the snapshot and fills in once the earlier events are
read (in the background), with no key pressed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.snapshot_helpers import command_end, lying_file, played, written
from tests.ui_helpers import make_app, opened, play_of, state_of, ui_test
from tracker.export.logbook import lines_of
from tracker.export.timeline import Timeline
from tracker.store.snapshot import EarlierEvents
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
        for _ in range(500):  # read in the background; the log fills in by itself
            if not feed.partial:
                break
            await pilot.pause(0.01)
        assert encounter.taken_up_at == 0 and not feed.partial
        assert [line.text for line in feed.lines] == [line.text for line in after]
        assert encounter.events == fight.events
        assert app.run_line("note the log is whole").ok
        await pilot.pause()
        assert feed.lines[-1].text.endswith("the log is whole")
        assert len(feed.lines) == len(after) + 1


@ui_test
async def test_the_table_says_when_a_snapshot_disagreed_with_the_events(tmp_path: Path) -> None:
    fight, path, at = lying_file(tmp_path)
    said: list[str] = []
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        pane = app.query_one(LogPane)
        shown = pane.notify

        def notify(message: str, **options: Any) -> None:
            said.append(message)
            shown(message, **options)

        pane.notify = notify  # type: ignore[method-assign]
        await opened(pilot)
        for _ in range(500):
            if not pane.feed.partial and said:
                break
            await pilot.pause(0.01)
        assert state_of(app) == fight.state
        assert said == [
            f"the snapshot of the fight as of event {at} disagrees with the events: "
            "it is ignored and the events are replayed"
        ]


@ui_test
async def test_the_events_before_the_snapshot_are_read_once_the_fight_is_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading them sooner, on a thread, holds up the first frame of the fight."""
    fight = played(3000)
    path = written(fight, tmp_path, snapshot_after=command_end(fight, len(fight.events) - 30))
    app = make_app(path)
    shown: list[bool] = []
    painted_fight: list[bool] = []
    start, paint = EarlierEvents.start, Screen._compositor_refresh

    def noted_start(earlier: EarlierEvents) -> None:
        shown.append(bool(painted_fight))
        start(earlier)

    def noted_paint(screen: Screen[Any]) -> None:
        paint(screen)
        if app.query_one(LogPane).feed.partial:  # the fight, from its snapshot, is drawn
            painted_fight.append(True)

    monkeypatch.setattr(EarlierEvents, "start", noted_start)
    monkeypatch.setattr(Screen, "_compositor_refresh", noted_paint)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for _ in range(500):
            if not app.query_one(LogPane).feed.partial:
                break
            await pilot.pause(0.01)
    assert shown and all(shown)
