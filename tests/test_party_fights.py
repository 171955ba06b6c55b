"""The party screen and the fights (issue 15): f makes the next fight and plays it, the
palette of a campaign fight offers the party (a one-off encounter's does not), and
`tracker CAMPAIGN` goes from the party screen to the table and back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from tests.campaign_helpers import NERV_SAMPLE, ok
from tests.party_helpers import fights_shown, launcher, party, settle
from tests.ui_helpers import make_app, opened, text_of, ui_test
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import load
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.launcher import LauncherApp
from tracker.ui.palette import TableCommands, table_commands
from tracker.ui.party_modals import FightScreen


@ui_test
async def test_f_makes_the_next_fight_with_the_injury_and_plays_it(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, FightScreen)
        assert "Goes: Asuka, Rei Ayanami (on foot)" in text_of(
            app.screen.query_one("#fight-who", Static)
        )
        await pilot.press("enter")  # the suggested title: "Tokyo-3: fight 2"
        await settle(pilot)
    fight = party_folder / "tokyo-3-fight-2.toml"
    assert app.return_value == fight
    state = load(fight).encounter.state
    assert state.title == "Tokyo-3: fight 2"
    assert [i.name for i in state.combatants["asuka"].injuries] == ["Foot Pain"]
    assert load_campaign(party_campaign).campaign.state.fight(2) is not None


@ui_test
async def test_the_palette_of_a_campaign_fight_offers_the_party(
    party_folder: Path, party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = party_folder / "ramiel.toml"
    ok(capsys, "campaign", "fight", party_campaign, fight, "--title", "Ramiel")
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        titles = [c.title for c in table_commands(app)]
        assert titles[0] == "Party…"
        next(c for c in table_commands(app) if c.title == "Party…").run()
        await settle(pilot)
        assert "1 Sachiel" in fights_shown(app)
        await pilot.press("s")  # the fight's keys rest while the party is shown
        await settle(pilot)
        assert app.state is not None and app.state.phase == "setup"
        fight_hits = [hit async for hit in TableCommands(party(app)).discover()]
        assert fight_hits == []  # nor does the palette offer the fight's commands
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"short downtime", "enter")
        await settle(pilot)
        assert party(app).message.startswith("Short Downtime: Asuka, Rei Ayanami (on foot)")
        await pilot.press("f", "enter")
        await settle(pilot)
    assert app.then_open == party_folder / "tokyo-3-fight-3.toml"


@ui_test
async def test_a_one_off_encounter_offers_no_party(party_folder: Path) -> None:
    app = make_app(NERV_SAMPLE)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert "Party…" not in [c.title for c in table_commands(app)]


def test_tracker_campaign_opens_its_party_screen_then_plays_the_fight(
    party_campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = party_campaign.with_name("next.toml")
    seen: list[Path | None] = []

    def run(self: LauncherApp, **_: Any) -> Path | None:
        seen.append(self.campaign)
        return fight

    played: list[Path] = []

    def play(path: Path) -> str:
        played.append(path)
        return ""

    monkeypatch.setattr(LauncherApp, "run", run)
    monkeypatch.setattr(launch_module, "play", play)
    assert launch_module.launch(party_campaign) == 0
    assert seen == [party_campaign] and played == [fight]


def test_the_table_plays_the_fight_the_party_screen_made(
    party_campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = party_campaign.with_name("sachiel.toml"), party_campaign.with_name("next.toml")
    second.write_bytes(first.read_bytes())
    opened_paths: list[Path] = []

    def run(self: TrackerApp, **_: Any) -> None:
        opened_paths.append(self.path)
        if self.path == first:
            self.then_open = second

    monkeypatch.setattr(TrackerApp, "run", run)
    assert launch_module.launch(first) == 0
    assert opened_paths == [first, second]
