"""The write-back offered in the TUI when a campaign fight ends (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import NERV_SAMPLE, member, ok
from tests.ui_helpers import basic_file, make_app, opened, text_of, ui_test
from tracker.core.campaign_events import WrittenBack
from tracker.store.campaign_file import CampaignFile, load_campaign
from tracker.store.encounter_file import load
from tracker.ui.app import TrackerApp
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.panes.command_bar import CommandBar

ASUKA = ("Asuka", "physique=45", "will=40", "grace=47", "fate=2")


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign (Asuka, Rei) in its own folder."""
    path = tmp_path / "campaigns" / "tokyo.toml"
    path.parent.mkdir()
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    return path


@pytest.fixture
def fight(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Fight 1, in another folder, played up to its end: Asuka wounded in the left leg."""
    path = tmp_path / "fights" / "sachiel.toml"
    path.parent.mkdir()
    ok(capsys, "campaign", "fight", campaign, path, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "wound asuka 5 @left_leg"):
        ok(capsys, "do", path, *line.split())
    return path


def message(app: TrackerApp) -> str:
    """What the command bar says."""
    return app.query_one(CommandBar).message


def summary(app: TrackerApp) -> str:
    """The summary the write-back offer shows."""
    assert isinstance(app.screen, WritebackScreen)
    return text_of(app.screen.query_one("#writeback-summary"), 100)  # type: ignore[arg-type]


def test_the_fight_records_where_its_campaign_is(campaign: Path, fight: Path) -> None:
    table = load(fight).head["encounter"]
    assert table["campaign_file"] == "../campaigns/tokyo.toml"
    assert table["campaign"].endswith("/1")


@ui_test
async def test_end_offers_the_writeback_and_y_writes_it(campaign: Path, fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        shown = summary(app)
        assert shown.startswith("Fight 1: Sachiel\n")
        assert "Asuka:\n" in shown and "+ injury Left Leg 1 Foot Pain" in shown
        assert "Rei Ayanami (on foot): no change" in shown
        assert "Write fight 1 back to Tokyo-3" in str(
            app.screen.query_one("#writeback-question").render()
        )
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
        app.run_and_report("undo")  # the fight goes on, and ends again: written already
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        assert message(app).startswith("fight 1 is written back already")
    asuka = member(campaign, "asuka").lasting
    assert [i.label() for i in asuka.injuries] == ["Left Leg 1 Foot Pain"]
    CampaignFile(campaign).close()  # the lock was released


@ui_test
async def test_n_leaves_the_campaign_byte_identical(campaign: Path, fight: Path) -> None:
    before = campaign.read_bytes()
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("E")  # the end-fight key asks first, as the palette's entry does
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert "Asuka:" in summary(app)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        said = message(app)
        assert said.startswith("not written back: Tokyo-3 (tokyo.toml) untouched")
        assert "tracker campaign writeback" in said
    assert campaign.read_bytes() == before
    assert load(fight).encounter.state.phase == "ended"


@ui_test
async def test_escape_declines_too(campaign: Path, fight: Path) -> None:
    before = campaign.read_bytes()
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert message(app).startswith("not written back")
    assert campaign.read_bytes() == before


@ui_test
async def test_a_one_off_encounter_offers_nothing(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", "colon", *"end", "enter")
        await pilot.pause()
        assert app.state is not None and app.state.phase == "ended"
        assert not isinstance(app.screen, WritebackScreen)
        assert "written back" not in message(app)


@ui_test
async def test_a_locked_campaign_is_one_line(campaign: Path, fight: Path) -> None:
    before = campaign.read_bytes()
    app = make_app(fight)
    with CampaignFile(campaign):  # another writer holds it
        async with app.run_test(size=(120, 36)) as pilot:
            await opened(pilot)
            await pilot.press("colon", *"end", "enter")
            await pilot.pause()
            assert not isinstance(app.screen, WritebackScreen)
            said = message(app)
            assert said.startswith("✗ no write-back: ") and "\n" not in said
            assert "tracker campaign writeback" in said
    assert campaign.read_bytes() == before


@ui_test
async def test_a_missing_campaign_or_an_older_file_is_one_line(campaign: Path, fight: Path) -> None:
    older = fight.with_name("older.toml")  # as `campaign fight` wrote it before campaign_file
    text = fight.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines(keepends=True) if "campaign_file" not in line]
    older.write_text("".join(lines), encoding="utf-8")
    campaign.rename(campaign.with_name("moved.toml"))
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        assert message(app).startswith("✗ campaign file ")
        assert "not found" in message(app)

    app = make_app(older)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        assert "does not say where it is" in message(app)


@ui_test
async def test_a_number_key_leaves_a_pc_out_of_the_writeback(campaign: Path, fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        assert "[x] 1 Asuka:\n" in summary(app)
        await pilot.press("1")  # Asuka out: she stays as she was
        await pilot.pause()
        shown = summary(app)
        assert "[ ] 1 Asuka: skipped (stays as they were)" in shown
        assert "Foot Pain" not in shown
        assert "[x] 2 Rei Ayanami (on foot): no change" in shown
        await pilot.press("2", "2", "9")  # Rei out and back in; 9 is nobody
        await pilot.pause()
        assert "[x] 2 Rei Ayanami (on foot): no change" in summary(app)
        await pilot.press("y")
        await pilot.pause()
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
    assert member(campaign, "asuka").lasting.injuries == ()
    written = load_campaign(campaign).campaign.events[-1]
    assert isinstance(written, WrittenBack)
    assert written.skipped == ("asuka",) and list(written.party) == ["rei"]
    assert load_campaign(campaign).campaign.state.fight(1).written  # type: ignore[union-attr]
