"""With many reminders open the status pane draws each track in one row and may cut the
note after it ("Injuries 0/3 incapacitated…"); on a tall screen (200x50) the log gives
the rows that show those notes whole — on a short one it keeps them (80x24, 120x36)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui_helpers import ROOT, make_app, opened, pane_text, state_of, ui_test
from tracker.ui.app import TrackerApp

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
    assert "Rei Ayanami (on foot) · pc · active" in shown[0]
