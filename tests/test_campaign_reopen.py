"""A campaign fight reopened in the TUI after it ended but was not written back says so
once, under the bar, with the palette entry that writes it back; before, only the palette
offered it and nothing said the party's wounds were still in the fight file."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from textual.pilot import Pilot

from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tests.writeback_helpers import (
    campaign_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    fight_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    message,
)
from tracker.core.dice import Dice
from tracker.store.campaign_fight import plan_writeback
from tracker.store.campaign_file import CampaignFile
from tracker.store.encounter_file import EncounterFile
from tracker.ui.app import TrackerApp

NOT_WRITTEN = "this fight ended but is not written back to tokyo.toml"


def ended(path: Path) -> Path:
    """End the fight at ``path`` headless (as `tracker do FILE end` does)."""
    with EncounterFile(path) as play:
        play.execute("end", Dice(seed=1), datetime(2026, 11, 21, 20, 0, tzinfo=UTC))
    return path


async def said_on_opening(pilot: Pilot[int]) -> str:
    """What the bar says once the file is open and opening has finished."""
    await opened(pilot)
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for _ in range(20):
        if message(app):
            break
        await pilot.pause(0.05)
    return message(app)


@ui_test
async def test_an_ended_fight_not_written_back_says_so_on_opening(fight: Path) -> None:
    app = make_app(ended(fight))
    async with app.run_test(size=(80, 24)) as pilot:
        said = await said_on_opening(pilot)
        assert said.startswith(NOT_WRITTEN)
        assert "'Write back to the campaign…' in the palette (ctrl+p)" in said


@ui_test
async def test_a_fight_written_back_or_going_on_or_one_off_says_nothing(
    campaign: Path, fight: Path, tmp_path: Path
) -> None:
    with CampaignFile(campaign, fight_file=ended(fight)) as play:
        play.keep(plan_writeback(play, fight).event(play))
    one_off = basic_file(tmp_path, "one-off.toml")
    ended(one_off)
    for path in (fight, one_off):
        app = make_app(path)
        async with app.run_test(size=(80, 24)) as pilot:
            assert NOT_WRITTEN not in await said_on_opening(pilot)
