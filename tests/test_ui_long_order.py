"""Issue 32: a long order's first frame builds the rows it shows (and a few more); the
others are made when they scroll into view or once the screen is idle. Whatever the GM
does — page, scroll, j/k, turns that move the selection down the order, damage to a
combatant out of view, a resize — the order shows what an order built whole shows."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.strip import Strip

from tests.snapshot_helpers import long_fight
from tests.ui_helpers import make_app, opened, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.frame import frame_of
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.lines_view import LinesView

STEPS: list[tuple[str, str]] = [
    ("key", "pagedown"),
    ("key", "pagedown"),
    ("key", "j"),
    ("key", "k"),
    ("wheel", "5"),
    ("line", "next"),
    ("line", "dmg c3 7"),
    ("key", "home"),
    ("line", "next"),
    ("key", "end"),
    ("line", "select c2"),
    ("key", "pageup"),
    ("hit", "-1"),
    ("key", "end"),
    ("hit", "0"),
    ("key", "home"),
    ("size", "80x24"),
    ("key", "pagedown"),
    ("line", "next"),
    ("size", "200x50"),
    ("key", "end"),
    ("line", "dmg c90 3"),
    ("key", "home"),
]
"""What the GM does to the order, one step at a time."""

Shot = tuple[list[Strip], str, int, float, list[str]]


def order_shot(app: TrackerApp) -> Shot:
    """What the order shows: its painted rows, its frame's title (``· 28–54 of 100``),
    the cursor, the scroll position, and its lines as text."""
    pane = app.table.query_one(InitiativePane)
    rows = pane.render_lines(pane.size.region)
    title = str(frame_of(pane).border_title)
    return rows, title, pane.cursor, pane.scroll_y, pane.plain_lines


async def step(app: TrackerApp, pilot: Any, kind: str, what: str) -> None:
    """Do one of ``STEPS``."""
    pane = app.table.query_one(InitiativePane)
    if kind == "key":
        await pilot.press(what)
    elif kind == "wheel":  # as Textual's mouse wheel does, a few times
        for _ in range(int(what)):
            pane.scroll_down(animate=False)
    elif kind == "line":
        assert app.run_and_report(what).ok, what
    elif kind == "hit":  # damage the combatant in the first (0) or last (-1) row
        who = pane.rows[int(what)].slot
        assert app.run_and_report(f"dmg {who} 2").ok
    else:
        width, height = (int(n) for n in what.split("x"))
        await pilot.resize_terminal(width, height)
    await pilot.pause()
    await pilot.pause()


async def walk(path: Path, settle: bool) -> list[Shot]:
    """Open ``path`` at 120x36, take ``STEPS``, and the order after each (``settle``:
    wait for the screen to be idle after opening, else step at once)."""
    app = make_app(path)
    shots = []
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        if settle:
            await pilot.pause(0.2)
        shots.append(order_shot(app))
        for kind, what in STEPS:
            await step(app, pilot, kind, what)
            shots.append(order_shot(app))
    return shots


@pytest.fixture(scope="module")
def hundred(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fight of 100 combatants in the middle of its first round."""
    return long_fight(tmp_path_factory.mktemp("hundred"), combatants=100, events=150)


def copy_of(path: Path, folder: Path) -> Path:
    """``path`` copied to ``folder`` under the same name (the header shows the name)."""
    folder.mkdir()
    return Path(shutil.copy(path, folder / path.name))


@pytest.fixture(scope="module")
def built_whole(hundred: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Shot]:
    """The order after each step, every row built at once (as before issue 32)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(InitiativePane, "_shown_rows", lambda pane, count: range(count))
        return asyncio.run(walk(copy_of(hundred, tmp_path_factory.mktemp("whole") / "w"), True))


@pytest.mark.parametrize("idle", [False, True], ids=["made when shown", "made when idle"])
def test_a_long_order_shows_what_an_order_built_whole_shows(
    hundred: Path,
    built_whole: list[Shot],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    idle: bool,
) -> None:
    if not idle:  # no filling when idle: only the rows scrolled into view are made
        monkeypatch.setattr(LinesView, "fill_later", lambda view: None)
    shown = asyncio.run(walk(copy_of(hundred, tmp_path / "lazy"), settle=idle))
    assert len(shown) == len(built_whole) == len(STEPS) + 1
    for index, (ours, theirs) in enumerate(zip(shown, built_whole, strict=True)):
        what = STEPS[index - 1] if index else "opened"
        assert ours[1:] == theirs[1:], what
        assert ours[0] == theirs[0], what
    titles = [shot[1] for shot in shown]
    assert any(" of 100" in title and "1–" not in title for title in titles), titles


def test_the_first_frame_builds_the_rows_it_shows_and_the_rest_come_when_idle(
    hundred: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []
    line = InitiativePane._line

    def counted(pane: InitiativePane, *args: Any) -> Any:
        made.append(1)
        return line(pane, *args)

    monkeypatch.setattr(InitiativePane, "_line", counted)
    at_first_frame: list[int] = []
    painted = TrackerApp._opened

    def opened_now(app: TrackerApp, play: Any) -> None:
        painted(app, play)
        at_first_frame.append(len(made))

    monkeypatch.setattr(TrackerApp, "_opened", opened_now)

    @ui_test
    async def scenario() -> None:
        app = make_app(hundred)
        async with app.run_test(size=(120, 36)) as pilot:
            await opened(pilot)
            pane = app.table.query_one(InitiativePane)
            height = pane.scrollable_content_region.height
            assert at_first_frame and at_first_frame[0] <= height + 8 < 100, at_first_frame
            for _ in range(100):  # the idle screen makes the rest, a slice at a time
                if len(made) >= 100:
                    break
                await pilot.pause(0.05)
            await pilot.pause(0.1)
            assert len(made) == 100  # each row once
            for _ in range(4):
                await pilot.press("pagedown")
            await pilot.pause()
            assert len(made) == 100  # paging shows rows already made
            assert pane.scroll_y > 0

    scenario()
