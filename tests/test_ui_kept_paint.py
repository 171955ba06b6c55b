"""A turn repaints the whole height of the table's screen (the header and the message line
both change), so each widget hands the screen its last rows again when nothing on it
changed. What the screen shows must never be an old row: after commands, focus moves,
scrolling and a change of theme, the painted screen is the one drawn afresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.flat_box import FlatBox
from tracker.ui.panes.frame import PaneFrame
from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.key_footer import KeyFooter
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.panes.text_line import TextLine

PLAY = [
    "start",
    "next",
    "dmg gob 3",
    "heal gob 1",
    "next",
    "ail orc Prone",
    "undo",
    "next",
    "next",
    "next",
]


def painted(app: TrackerApp) -> str:
    """The screen as the widgets hand it over now (an SVG of every row and colour)."""
    return app.export_screenshot()


async def drawn_again(app: TrackerApp, pilot: Pilot[int]) -> str:
    """The screen once every widget on it has been drawn again from scratch."""
    for widget in app.screen.walk_children(with_self=True):
        widget.refresh()
    await pilot.pause()
    return painted(app)


@ui_test
async def test_the_screen_after_each_command_is_the_screen_drawn_afresh(tmp_path: Path) -> None:
    """After each command, the header, the order, the side panes, the log and the message
    line show what every widget drawn again from scratch shows (no row left as it was)."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        shown = [painted(app)]
        for line in PLAY:
            app.run_and_report(line)
            await pilot.pause()
            shown.append(painted(app))
            assert shown[-1] == await drawn_again(app, pilot), line
        assert len(set(shown)) == len(shown)  # each command changed the screen


@ui_test
async def test_focus_scrolling_and_a_theme_repaint_what_they_change(tmp_path: Path) -> None:
    """Moving the focus to the log and back (its frame's border colour), scrolling the log
    away and back, and a theme changed and changed back leave the screen as it was; in
    between, the screen is not the one before (the change shows)."""
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in PLAY:
            app.run_and_report(line)
            await pilot.pause()
        await pilot.pause()
        before = painted(app)
        log = app.table.query_one(LogPane)
        order = app.focused
        log.focus()
        await pilot.pause()
        assert painted(app) != before  # the log's frame is the focused one now
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        log.scroll_end(animate=False, immediate=True)
        assert order is not None
        order.focus()
        await pilot.pause()
        await pilot.pause()
        assert painted(app) == before
        theme = app.theme
        app.theme = "velvet"
        await pilot.pause()
        await pilot.pause()
        assert painted(app) != before
        app.theme = theme
        await pilot.pause()
        await pilot.pause()
        assert painted(app) == before


@ui_test
async def test_a_turn_hands_over_the_frames_and_the_footer_as_they_were(tmp_path: Path) -> None:
    """Widgets a turn does not change (the log's frame, the footer) give the screen the
    rows they gave it before the turn, without drawing them again."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("start")
        await pilot.pause()
        kept: dict[Widget, tuple[Region, list[Strip]]] = {}
        frame, footer = app.table.query_one("#log-frame", PaneFrame), app.table.query_one(KeyFooter)
        for widget in (frame, footer):
            crop = Region(0, 0, *widget.outer_size)
            kept[widget] = (crop, widget.render_lines(crop))
        app.run_and_report("next")
        await pilot.pause()
        for handed, (crop, rows) in kept.items():
            assert handed.render_lines(crop) is rows


@pytest.mark.parametrize(
    ("theme", "size"),
    [("default-dark", (120, 36)), ("default-light", (80, 24)), ("nerv", (200, 50))],
)
@ui_test
async def test_rows_framed_by_the_panes_are_those_textual_makes(
    theme: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """The header, the message line, the order, the log and the side panes' drawings
    frame their rows themselves (side padding, the background, the screen's filters):
    the very rows Textual's styles would make, on a dark and a light theme, with a
    message of one row and of two, and with the log focused (its scrollbar shown)."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        app.theme = theme
        message = app.table.query_one("#command-message", TextLine)
        heights: set[int] = set()
        for line in ["start", "next", "dmg gob 3", "", "focus log"]:
            if line == "focus log":
                app.table.query_one(LogPane).focus()
            elif line:
                app.run_and_report(line)
            else:
                message.update(Text("a long message " * 20))
            await pilot.pause()
            heights.add(message.outer_size.height)
            framing = [
                widget
                for widget in app.table.walk_children()
                if isinstance(widget, KeptPaint) and widget.flat_rows and widget.region
            ]
            assert len(framing) == (6 if size[0] >= 120 else 5)  # no body chart below 120
            for widget in framing:
                crop = Region(0, 0, *widget.outer_size)
                widget.refresh()
                ours = [list(row) for row in widget.render_lines(crop)]
                textual = [list(row) for row in Widget.render_lines(widget, crop)]
                assert ours == textual, widget.id
        assert heights == {1, 2}


@pytest.mark.parametrize(
    ("theme", "size"),
    [("default-dark", (120, 36)), ("default-light", (80, 24)), ("nerv", (200, 50))],
)
@ui_test
async def test_rows_of_the_frames_are_those_textual_makes(
    theme: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """The frames round the panes, the row of panes and the side panes draw nothing of
    their own inside their border: their middle rows, made once, are the very rows
    Textual makes for each, with the pane focused or not, its title long or short."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        app.theme = theme
        for line in ["start", "next", "focus log", "dmg gob 3", "focus status"]:
            if line.startswith("focus"):
                app.table.query_one(f"#{line.split()[1]}").focus()
            else:
                app.run_and_report(line)
            await pilot.pause()
            hollow = [
                widget
                for widget in app.table.walk_children()
                if isinstance(widget, KeptPaint) and widget.region and widget._hollow()
            ]
            names = {widget.id for widget in hollow}
            assert {"panes", "initiative-frame", "status", "log-frame"} <= names, names
            for widget in hollow:
                crop = Region(0, 0, *widget.outer_size)
                widget.refresh()
                ours = [list(row) for row in widget.render_lines(crop)]
                textual = [list(row) for row in Widget.render_lines(widget, crop)]
                assert ours == textual, widget.id


@ui_test
async def test_a_log_scrolling_a_line_per_command_paints_each_row_as_it_now_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log follows the newest line, so each turn moves every line one row up: every
    row painted is the line that now sits there, as Textual itself would paint it (the
    framing kept for a line goes with it to its new row, never stays on the old one), and
    only the new lines are framed anew."""
    app = make_app(basic_file(tmp_path))
    framed: list[FlatBox] = []
    frame = FlatBox.framed

    def counted(box: FlatBox, line: Strip, content: int, width: int) -> Strip:
        framed.append(box)
        return frame(box, line, content, width)

    monkeypatch.setattr(FlatBox, "framed", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        log = app.table.query_one(LogPane)
        app.run_and_report("start")
        await pilot.pause()
        tops: set[float] = set()
        for _ in range(12):
            lines = len(log.lines)
            framed.clear()
            app.run_and_report("next")
            await pilot.pause()
            log_box = log._box
            assert sum(box is log_box for box in framed) <= len(log.lines) - lines
            tops.add(log.scroll_y)
            crop = Region(0, 0, *log.outer_size)
            painted_rows = [row.text for row in log.render_lines(crop)]
            textual = [row.text for row in Widget.render_lines(log, crop)]
            assert painted_rows == textual
            shown = log.plain_lines[int(log.scroll_y) : int(log.scroll_y) + log.size.height]
            assert [row.rstrip() for row in painted_rows] == [text.rstrip() for text in shown]
        assert len(tops) > 5  # the log scrolled at (nearly) every turn
