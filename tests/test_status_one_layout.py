"""One state, one status pane: rows that fill the pane to its last row at its whole width
(and so overflow beside a scrollbar) stand the same way whichever way the GM came to them
— straight, from a combatant whose rows scroll, after a note that grew and shrank back, or
after the terminal was shorter. They once stood either way: whole without a scrollbar, or
wrapped a column narrower with one, depending on which came first."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.ui_helpers import basic_file, make_app, opened, settled, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.status import StatusPane

SIZES = [(80, 24), (120, 36), (200, 50)]
_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', re.S)
_CELL = 12.2
"""The width of a cell in Textual's screenshots."""
ORC_NOTE = 'notes = """' + "\n".join(f"{n}. watch the door" for n in range(1, 61)) + '"""\n'
"""The Orc's note: more rows than any status pane holds (his pane scrolls)."""


def pane_screen(app: TrackerApp) -> list[str]:
    """The status pane's cells on the screen (its frame, rows and scrollbar), read from a
    screenshot, row by row."""
    region = app.query_one(StatusPane).region
    rows: dict[float, dict[int, str]] = {}
    for match in _TEXT.finditer(app.export_screenshot()):
        row = rows.setdefault(float(match[2]), {})
        first = round(float(match[1]) / _CELL)
        for offset, char in enumerate(html.unescape(match[3]).replace("\xa0", " ")):
            row[first + offset] = char
    columns = range(region.x, region.right)
    lines = ["".join(row.get(x, " ") for x in columns) for row in rows.values()]
    return lines[region.y : region.bottom]


async def exact_note(app: TrackerApp, pilot: Pilot[int]) -> str:
    """The ``notes ann …`` command whose note makes Ann's rows fill the status pane to its
    last row at its whole width: a first word that ends the pane's first row of the note,
    then words as wide as the pane, a row each (a column less, each takes two)."""
    app.select("ann")
    await settled(pilot)
    pane = app.query_one(StatusPane)
    width, room = pane.content_region.width, pane.content_region.height
    rows = len(app.query_one("#status-text", Drawing).rows)
    assert not pane.show_vertical_scrollbar and rows < room, "Ann's rows leave room"
    words = ["x" * (width - len("✎ "))] + ["y" * width] * (room - rows - 1)
    return "notes ann " + " ".join(words)


async def ann_after(path: Path, size: tuple[int, int], history: str) -> tuple[list[str], bool]:
    """Ann's status pane at ``size`` with her note filling it, after ``history``."""
    app = make_app(path, seed=11)
    before = (size[0], size[1] - 5) if history == "shorter first" else size
    async with app.run_test(size=before) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        if history == "shorter first":
            await pilot.resize_terminal(*size)
            await settled(pilot)
        note = await exact_note(app, pilot)
        if history == "grown and shrunk":
            assert app.run_line(note + "-and-more" * 40).ok
            await settled(pilot)
        assert app.run_line(note).ok
        if history == "from a scrolling pane":
            app.select("orc")
            await settled(pilot)
            assert app.query_one(StatusPane).show_vertical_scrollbar, "the Orc's rows scroll"
            app.select("ann")
        await settled(pilot)
        pane = app.query_one(StatusPane)
        return pane_screen(app), pane.show_vertical_scrollbar


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_one_state_stands_one_way_whatever_came_first(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    seen: dict[str, tuple[list[str], bool]] = {}

    @ui_test
    async def scenario() -> None:
        for history in ("straight", "from a scrolling pane", "grown and shrunk", "shorter first"):
            path = basic_file(tmp_path, f"{history.replace(' ', '-')}.toml", ORC_NOTE)
            seen[history] = await ann_after(path, size, history)

    scenario()
    straight, scrollbar = seen["straight"]
    assert not scrollbar, "rows that fit the whole width need no scrollbar"
    assert any(line.strip("│ ").endswith("y") for line in straight), "the note is in sight"
    for history, (screen, _) in seen.items():
        assert screen == straight, f"{history}:\n" + "\n".join(screen)
