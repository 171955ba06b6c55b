"""The write-back offered in the TUI when a campaign fight ends (issue 15): numbers take
PCs in or out, e then a number edits what is written back for that PC; y writes one event."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.campaign_helpers import member
from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tests.writeback_helpers import (
    campaign_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    fight_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    message,
    summary,
)
from tracker.core.campaign_events import WrittenBack
from tracker.store.campaign_file import CampaignFile, load_campaign
from tracker.store.encounter_file import load
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.palette import table_commands


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


@ui_test
async def test_the_offer_names_what_the_fight_left_unresolved(campaign: Path, fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        shown = " ".join(summary(app).split())
        # seed 000: an injury is a Fear trigger; the test was never made in the fight
        assert "! still open in the fight, not carried: Asuka suffered an injury" in shown
        app.exit()


@ui_test
async def test_not_now_then_the_palette_writes_it_back(campaign: Path, fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        await pilot.press("n")  # not now
        await pilot.pause()
        assert "'Write back to the campaign…' in the palette (ctrl+p)" in message(app)
        [entry] = [c for c in table_commands(app) if c.title == "Write back to the campaign…"]
        entry.run()
        await pilot.pause()
        assert "Asuka:" in summary(app)
        await pilot.press("y")
        await pilot.pause()
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
        again = [c for c in table_commands(app) if c.title == "Write back to the campaign…"]
        assert again == []  # written already: no longer offered
    assert [i.label() for i in member(campaign, "asuka").lasting.injuries] == [
        "Left Leg 1 Foot Pain"
    ]


@ui_test
async def test_a_fight_going_on_offers_no_write_back(fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        titles = [c.title for c in table_commands(app)]
        assert "Party…" in titles and "Write back to the campaign…" not in titles


@ui_test
async def test_a_long_line_of_the_offer_wraps_under_its_own_start(
    campaign: Path, fight: Path
) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        shown = app.screen.query_one("#writeback-summary", Static)
        rows = [shown.render_line(y).text.rstrip() for y in range(shown.size.height)]
        start = next(i for i, row in enumerate(rows) if "! still open" in row)
        assert rows[start].startswith("      ! still open in the fight")
        assert rows[start + 1].startswith("      ") and rows[start + 1][6] != " "
        app.exit()


@ui_test
async def test_a_long_offer_keeps_its_question_and_keys_on_screen_at_80x24(
    campaign: Path, fight: Path
) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("wound asuka 6 @right_leg")  # injuries enough to fill the screen
        app.run_and_report("end")
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        dialog = app.screen.query_one("#dialog")
        scroll = app.screen.query_one("#writeback-scroll")
        assert scroll.max_scroll_y > 0  # the summary scrolls inside the dialog …
        assert dialog.max_scroll_y == 0  # … and the dialog itself never does
        for part in ("#writeback-question", "#writeback-keys"):
            region = app.screen.query_one(part).region
            assert 0 <= region.y and region.bottom <= 24
        app.exit()
