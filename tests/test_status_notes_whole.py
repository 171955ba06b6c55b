"""With many reminders open the status pane draws each track in one row and may cut the
note after it ("Injuries 0/3 incapacitated…"); from a medium screen (120x36, 200x50) the
log gives the rows that show those notes whole, with the ailments held and the GM's note,
as many as it can spare — on a short one (80x24) it keeps them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui_helpers import ROOT, make_app, opened, pane_text, state_of, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.status import StatusPane

OPENING = (
    "add Major Katsuragi of the Tactical Operations Department physique=40",  # a wide order
    "start",
    *(f"ail {who} Dizzy" for who in ("rei", "unit-02")),
    *(f"ail {who} Confused" for who in ("rei", "sachiel")),
    "ail unit-01 Shocked",
    "ail unit-02 Enraged",
    "ail unit-01 Hallucinating",
    "ail sachiel Burning",
    *(f"ail {who} Blood Loss" for who in ("rei", "unit-01", "unit-02", "sachiel")),
)
NOTES = ("Injuries ○○○ 0/3 incapacitated above 3", "Stress 0 Fatigued above 3, Exhausted at 5")


async def crowded_status(app: TrackerApp, size: tuple[int, int]) -> str:
    """The status pane's words with twelve reminders open and Rei selected."""
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        for line in OPENING:
            assert app.run_line(line).ok, line
        for _ in range(8):
            if len(state_of(app).reminders) >= 12:
                break
            await pilot.press("n")
        app.selected = "rei"
        for _ in range(4):
            await pilot.pause()
        assert len(state_of(app).reminders) == 12
        return " ".join(pane_text(app, "#status-text").split())


@pytest.mark.parametrize("size", [(200, 50), (80, 24)], ids=["200x50", "80x24"])
def test_the_tracks_notes_are_whole_on_a_tall_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    path = tmp_path / "sachiel.toml"
    shutil.copyfile(ROOT / "encounters" / "nerv-sachiel.toml", path)
    shown: list[str] = []

    @ui_test
    async def scenario() -> None:
        shown.append(await crowded_status(make_app(path, seed=11), size))

    scenario()
    tall = size[1] >= 50
    assert all((note in shown[0]) == tall for note in NOTES), shown[0]
    assert "Rei Ayanami (on foot) · PC · active" in shown[0]


FEW = ("start", "ail rei Dizzy", "ail rei Confused", "ail rei Prone", "ail unit-02 Dizzy")


def status_on_screen(app: TrackerApp) -> str:
    """The words of the status pane's rows in sight (not those scrolled below)."""
    pane = app.query_one(StatusPane)
    top, room = pane.scroll_offset.y, pane.scrollable_content_region.height
    rows = app.query_one("#status-text", Drawing).rows[top : top + room]
    return " ".join(" ".join(row.text for row in rows).split())


@ui_test
async def test_at_120x36_the_log_gives_rows_for_what_the_gm_must_read(tmp_path: Path) -> None:
    """Three reminders open on Rei at 120x36 drew her tracks a row each, their notes cut
    ('Stress 0 Fatigued above 3,…'), with her ailments and the GM's note out of sight
    below; the log now gives the rows that show them whole, and keeps its newest line."""
    path = tmp_path / "sachiel.toml"
    shutil.copyfile(ROOT / "encounters" / "nerv-sachiel.toml", path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in FEW:
            assert app.run_line(line).ok, line
        await pilot.press("n")
        app.selected = "rei"
        for _ in range(4):
            await pilot.pause()
        assert len(state_of(app).reminders) == 2
        shown = status_on_screen(app)
        log = app.query_one("#log-frame")
        log_height = log.outer_size.height
        assert log.display and log.outer_size.height >= 3, log.outer_size
    assert all(note in shown for note in NOTES), shown
    assert "Trauma 0 Unsettled above 4, Dysfunctional above 6" in shown
    assert "Physical: Dizzy" in shown and "Condition: Prone" in shown, log_height
    assert "✎ Plugsuit only; pistol. Covers the shelter doors." in shown
