"""The write-back offered in the TUI when a campaign fight ends (issue 15): numbers take
PCs in or out, e then a number edits what is written back for that PC; y writes one event."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.campaign_helpers import NERV_SAMPLE, member, ok
from tests.ui_helpers import basic_file, make_app, opened, text_of, ui_test
from tracker.core.campaign import Lasting, edit_planned, writeback_changes
from tracker.core.campaign_events import WrittenBack
from tracker.core.errors import RuleError
from tracker.core.model import Condition
from tracker.store.campaign_file import CampaignFile, load_campaign
from tracker.store.encounter_file import load
from tracker.ui.app import TrackerApp
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.palette import table_commands
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.party_modals import ChangeForm

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


def form_choices(app: TrackerApp) -> list[str]:
    """The choices the edit form lists."""
    assert isinstance(app.screen, ChangeForm), type(app.screen)
    listing = app.screen.query_one("#change-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def pick(pilot: Pilot[int], app: TrackerApp, label: str, *typed: str) -> None:
    """In the edit form, go down to the choice ``label``, Enter, type, Enter."""
    downs = ["down"] * form_choices(app).index(label)
    await pilot.press(*downs, "enter")
    if typed:
        await pilot.press(*typed, "enter")
    await pilot.pause()


@ui_test
async def test_e_edits_a_pc_before_writing_back_as_one_event(
    campaign: Path, fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        await pilot.press("e", "1")
        await pilot.pause()
        assert form_choices(app) == [
            "Wounds 0 (before the fight 4)",
            "Injuries 1 (before the fight 0)",
            "Stress 1 (before the fight 0)",
            "Trauma 0",
            "Fate 2",
            "Exerts 0",
            "Leave out Left Leg 1 Foot Pain",
        ]
        await pick(pilot, app, "Stress 1 (before the fight 0)", "x")  # refused in the form
        assert isinstance(app.screen, ChangeForm)
        error = str(app.screen.query_one("#change-error", Static).content)
        assert error == "Stress must be a whole number, not 'x'"
        await pilot.press("backspace", "0", "enter")
        await pilot.pause()
        shown = summary(app)
        assert "Stress 0 → 1" not in shown and "edited by you: Stress 1 → 0" in shown
        await pilot.press("e", "1", "down", "enter")  # in Wounds' value field …
        await pilot.press(*["down"] * 5, "enter")  # … down to a change with no value
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        shown = summary(app)
        assert "+ injury" not in shown and "Injuries 0 → 1" not in shown
        assert "edited by you: − injury Left Leg 1 Foot Pain" in shown
        assert "edited by you: Injuries 1 → 0" in shown  # the count follows (l.203)
        assert "[x] 1 Asuka:\n      Wounds 4 → 0\n" in shown
        await pilot.press("y")
        await pilot.pause()
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
    events = load_campaign(campaign).campaign.events
    written = events[-1]
    assert isinstance(written, WrittenBack) and sum(isinstance(e, WrittenBack) for e in events) == 1
    assert written.text == (
        "Fight 1 (Sachiel) written back: Asuka, Rei Ayanami (on foot); Asuka edited by the GM: "
        "Injuries 1 → 0, Stress 1 → 0, − injury Left Leg 1 Foot Pain"
    )
    asuka = member(campaign, "asuka").lasting
    assert asuka.injuries == () and asuka.track("stress") == 0 and asuka.track("wounds") == 0
    assert asuka.track("injuries") == 0
    ok(capsys, "campaign", "undo", campaign)  # the edited write-back goes back as one
    assert member(campaign, "asuka").lasting.track("wounds") == 4


@ui_test
async def test_edits_declined_leave_the_campaign_byte_identical(
    campaign: Path, fight: Path
) -> None:
    before = campaign.read_bytes()
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        await pilot.press("e", "escape")  # Esc after e: no edit, the offer stays
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        await pilot.press("1", "e", "1")  # Asuka out; editing her takes her back in
        await pilot.pause()
        await pick(pilot, app, "Fate 2", "backspace", "1")
        await pilot.press("e", "1")
        await pilot.pause()
        assert "Fate 1 (before the fight 2)" in form_choices(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "[x] 1 Asuka:" in summary(app) and "edited by you: Fate 2 → 1" in summary(app)
        await pilot.press("n")
        await pilot.pause()
        assert message(app).startswith("not written back")
    assert campaign.read_bytes() == before


def test_the_edit_leaves_out_and_puts_back_a_condition_or_a_death() -> None:
    before = Lasting(tracks={"stress": 0})
    left = Lasting(
        tracks={"stress": 2}, conditions=(Condition("Blood Loss"),), dead="fight 1: Sachiel"
    )
    offered = [c.label for c in writeback_changes(left, left, before)]
    assert offered == [
        "Stress 2 (before the fight 0)",
        "Leave out Blood Loss",
        "Leave out death (fight 1: Sachiel)",
    ]
    alive = edit_planned(left, left, "dead", "-death (fight 1: Sachiel)")
    assert alive.dead == "" and edit_planned(left, alive, "dead", "death").dead == left.dead
    clean = edit_planned(left, alive, "condition", "-Blood Loss")
    assert clean.conditions == () and "Put back Blood Loss" in [
        c.label for c in writeback_changes(left, clean, before)
    ]
    assert edit_planned(left, clean, "condition", "Blood Loss").has("Blood Loss")
    with pytest.raises(RuleError, match="Stress must be between"):
        edit_planned(left, clean, "stress", "99999999")


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
        again[0].run()  # written already: said, nothing offered
        await pilot.pause()
        assert not isinstance(app.screen, WritebackScreen)
        assert message(app).startswith("fight 1 is written back already")
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
