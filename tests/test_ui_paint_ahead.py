"""A command's frame is made while the disk syncs its journal block, and painted once the
block is on disk (DESIGN: the screen shows only what is on disk). What the screen paints
is never a row made ahead for a pane that changed again, or was resized, before the frame.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip

from tests.ui_helpers import basic_file, make_app, opened, state_of, ui_test
from tracker.store import background_sync
from tracker.ui.app import TrackerApp
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader


def painted(app: TrackerApp) -> str:
    """The screen as the widgets hand it over now (an SVG of every row and colour)."""
    return app.export_screenshot()


async def drawn_afresh(app: TrackerApp, pilot: Pilot[int]) -> str:
    """The screen once every widget on it has been drawn again from scratch."""
    for widget in app.screen.walk_children(with_self=True):
        widget.refresh()
    await pilot.pause()
    return painted(app)


@ui_test
async def test_the_header_is_made_while_the_disk_syncs_and_painted_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At ``n`` the header's new rows are made while the fsync is under way (not after
    it, when the screen paints), and the screen paints only once the fsync is done."""
    app = make_app(basic_file(tmp_path))
    happened: list[str] = []
    made = threading.Event()
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        real_sync, real_rows = background_sync.fsync_file, EncounterHeader.paint_rows
        real_paint = Screen._compositor_refresh

        def slow_fsync(fd: int) -> None:  # the disk answers once the header is made
            happened.append("rows made during the fsync" if made.wait(5) else "no rows")
            real_sync(fd)
            happened.append("synced")

        def rows(header: EncounterHeader, crop: Region, filters: tuple[()]) -> list[Strip]:
            made.set()
            return real_rows(header, crop, filters)

        def paint(screen: Screen[object]) -> None:
            happened.append("painted")
            real_paint(screen)

        monkeypatch.setattr(background_sync, "fsync_file", slow_fsync)
        monkeypatch.setattr(EncounterHeader, "paint_rows", rows)
        monkeypatch.setattr(Screen, "_compositor_refresh", paint)
        await pilot.press("n")
        await pilot.pause()
        monkeypatch.undo()
        assert happened[:3] == ["rows made during the fsync", "synced", "painted"]
        assert "Round 1" in app.query_one(EncounterHeader).text.plain


@ui_test
async def test_a_pane_changed_after_its_rows_were_made_ahead_shows_the_change(
    tmp_path: Path,
) -> None:
    """Rows made ahead for one state, then the panes handed another before the frame: the
    screen shows the second (as drawn afresh), not the rows made for the first."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("start")
        await pilot.pause()
        first = state_of(app)
        app.run_and_report("next")
        await pilot.pause()
        second = state_of(app)
        app.show(first)
        app.table.paint_ahead()  # the rows of the first made ahead, not painted
        app.show(second)
        app.report(app.run_line("dmg gob 2"))
        await pilot.pause()
        assert painted(app) == await drawn_afresh(app, pilot)
        assert "Goblin" in app.query_one(CommandBar).message


@ui_test
async def test_rows_made_ahead_then_a_resize_paint_the_new_size(tmp_path: Path) -> None:
    """A terminal resized between the rows made ahead and the frame: the frame is the one
    drawn afresh at the new size."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("start")
        await pilot.pause()
        app.run_and_report("next")  # rows made ahead at 120x36
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert painted(app) == await drawn_afresh(app, pilot)
