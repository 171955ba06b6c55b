"""Issue 32: a long fight opens in one frame — nothing is drawn while the file is read,
the fight's first frame has the footer's keys and rows built for the order's final width,
and the footer shows and hides keys in place instead of building itself again."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.snapshot_helpers import long_fight
from tests.ui_helpers import basic_file, hold_settling, make_app, opened, state_of, ui_test
from tracker.store.encounter_file import EncounterFile
from tracker.store.table_session import TableSession
from tracker.ui.app import TrackerApp
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.key_footer import KeyFooter


class Frames:
    """Counts the frames the table's screen paints (Textual's compositor refresh)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        paint = Screen._compositor_refresh

        def counted(screen: Screen[Any]) -> None:
            self.count += 1
            paint(screen)

        monkeypatch.setattr(Screen, "_compositor_refresh", counted)


@pytest.mark.parametrize("size", [(120, 36), (200, 50)], ids=["120x36", "200x50"])
def test_the_fight_is_drawn_once_it_is_read_and_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    frames = Frames(monkeypatch)
    seen: dict[str, Any] = {}
    first, opened_file = TrackerApp._painted_first, TrackerApp._opened

    def painted_first(app: TrackerApp) -> None:
        seen["first paint"] = frames.count
        first(app)

    def opened_now(app: TrackerApp, play: Any) -> None:
        seen["read"] = frames.count
        opened_file(app, play)  # the fight handed to the panes; its first frame is next
        seen["rows built for"] = app.query_one(InitiativePane).built_width
        seen["footer"] = footer_actions(app)

    monkeypatch.setattr(TrackerApp, "_painted_first", painted_first)
    monkeypatch.setattr(TrackerApp, "_opened", opened_now)
    path = long_fight(tmp_path)

    @ui_test
    async def scenario() -> None:
        app = make_app(path)
        async with app.run_test(size=size) as pilot:
            await opened(pilot)
            assert state_of(app).round >= 1
            seen["pane width"] = app.query_one(InitiativePane).scrollable_content_region.width

    scenario()
    # nothing was drawn while the file was read (it would only slow the reading down)
    assert seen["read"] == seen["first paint"], seen
    # the rows were built for the width the order's frame has once the fight is in
    assert seen["rows built for"] == seen["pane width"], seen
    # and the fight's keys go to the screen with it
    assert {"next_turn", "damage", "help"} <= set(seen["footer"]), seen


def footer_actions(app: TrackerApp) -> list[str]:
    """The actions of the keys the footer shows, left to right."""
    return app.query_one(KeyFooter).shown_actions()


@ui_test
async def test_the_footer_shows_and_hides_keys_without_building_them_again(
    tmp_path: Path,
) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(160, 40)) as pilot:
        await opened(pilot)
        footer = app.query_one(KeyFooter)
        assert not footer.children  # one widget draws every key
        shown = footer_actions(app)
        assert "start_fight" in shown and "next_turn" not in shown, shown
        await pilot.press("s")  # the fight starts: "start" goes, "next" comes
        await pilot.pause()
        shown = footer_actions(app)
        assert "next_turn" in shown and "start_fight" not in shown, shown
        await pilot.press("colon")  # typing a command: the table's keys step aside
        await pilot.pause()
        assert "next_turn" not in footer_actions(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "next_turn" in footer_actions(app)
        assert app.query_one(KeyFooter) is footer and not footer.children  # nothing built


@ui_test
async def test_a_narrow_footer_keeps_the_keys_that_fit_as_it_changes(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        narrow = footer.shown_keys()
        assert "next_turn" in footer_actions(app)
        assert all(key.end <= footer.size.width == 80 for key in narrow)  # none off the edge
        await pilot.resize_terminal(200, 40)
        await pilot.pause()
        assert len(footer_actions(app)) > len(narrow)  # a wider footer shows more keys


@ui_test
async def test_a_longer_name_builds_the_order_once_for_the_width_it_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    rebuild = InitiativePane.rebuild

    def counted(pane: InitiativePane) -> None:
        rebuild(pane)
        built.append(pane.built_width)

    monkeypatch.setattr(InitiativePane, "rebuild", counted)
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(160, 40)) as pilot:
        await opened(pilot)
        pane = app.query_one(InitiativePane)
        before = pane.scrollable_content_region.width
        built.clear()
        with app.batch_update():  # as the fight's first frame: drawn once the batch ends
            app.run_and_report("add Bartholomew the Unusually Long-Named side=enemy hp=5 init=1")
            await pilot.pause()  # Textual runs after-refresh callbacks with nothing drawn
        for _ in range(5):
            await pilot.pause(0.05)
        after = pane.scrollable_content_region.width
    assert after > before  # the frame grew for the longer name
    # the rows were built for the width the frame was about to have, and not again
    assert built == [after], (built, before, after)


@ui_test
async def test_a_key_pressed_while_the_shown_fight_finishes_opening_waits_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = hold_settling(monkeypatch)  # the rest of opening waits while the fight shows
    path = basic_file(tmp_path)
    kept = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(500):
            if app.opened_paint is not None:
                break
            await pilot.pause(0.01)
        assert state_of(app).phase == "setup"  # the fight is on screen
        await pilot.press("s")
        assert app.query_one(CommandBar).message == ""  # held, not refused nor lost
        assert state_of(app).phase == "setup" and path.read_bytes() == kept
        go_on.set()
        await opened(pilot)
        await pilot.pause(0.1)
        assert state_of(app).phase != "setup"  # the key ran once the file was open


@pytest.mark.parametrize(
    ("size", "slow"),
    [((120, 36), False), ((200, 50), False), ((120, 36), True)],
    ids=["120x36", "200x50", "a slow reading"],
)
def test_the_fights_first_frame_is_the_one_that_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], slow: bool
) -> None:
    """The order asks for more room than the empty screen gave it: its frame grows and
    the side panes narrow in the fight's first frame, drawn as they will stay (also
    when the reading outlasts the wait after which the screen is drawn meanwhile)."""
    if slow:
        monkeypatch.setattr("tracker.ui.app.HOLD_SCREEN", 0.02)
        open_file = TableSession.open

        def slow_open(session: TableSession, *, settle: bool = True) -> EncounterFile:
            time.sleep(0.2)
            return open_file(session, settle=settle)

        monkeypatch.setattr(TableSession, "open", slow_open)
    shots: list[str] = []
    paint, opened_file = Screen._compositor_refresh, TrackerApp._opened
    opened_now: list[bool] = []

    def shot(screen: Screen[Any]) -> None:
        paint(screen)
        if opened_now:
            shots.append(screen.app.export_screenshot())

    def noted_open(app: TrackerApp, play: Any) -> None:
        opened_file(app, play)
        opened_now.append(True)

    monkeypatch.setattr(Screen, "_compositor_refresh", shot)
    monkeypatch.setattr(TrackerApp, "_opened", noted_open)
    path = long_fight(tmp_path, combatants=8, events=100)

    @ui_test
    async def scenario() -> None:
        app = make_app(path)
        async with app.run_test(size=size) as pilot:
            await opened(pilot)
            await pilot.pause(0.2)
            shots.append(app.export_screenshot())

    scenario()
    first, settled = (re.sub(r"terminal-\d+", "", svg) for svg in (shots[0], shots[-1]))
    assert first == settled
