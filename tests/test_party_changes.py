"""The party screen's changes between fights (issue 15): r rests as the ruleset's text
says (R the highlighted PC only), t treats one of their injuries with a note, e sets one of
their values (the GM's ruling), the palette does each for the highlighted PC; u/U undo and
redo."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.campaign_helpers import member, ok
from tests.party_helpers import chart, choices, form, last_event, launcher, party, settle, shown
from tests.ui_helpers import text_of, ui_test
from tracker.core.campaign_events import LastingSet, Rested, Treated
from tracker.ui.panes.drawing import Drawing
from tracker.ui.party import PartyScreen
from tracker.ui.party_modals import ChangeForm, RestScreen
from tracker.ui.party_palette import party_entries


@ui_test
async def test_r_rests_and_u_undoes_it(party_folder: Path, party_campaign: Path) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RestScreen)
        await pilot.press("1")  # Short Downtime: Stress −1 (seed 000 l.347)
        await settle(pilot)
        said = party(app).message
        assert said.startswith("Short Downtime: Asuka, Rei Ayanami (on foot) — Asuka: ")
        assert "Stress 1 → 0" in said
        assert member(party_campaign, "asuka").lasting.track("stress") == 0
        assert "Stress 0" in shown(app, "#party-tracks-text")
        await pilot.press("u")
        await settle(pilot)
        assert party(app).message.startswith("Undone: Short Downtime")
        assert member(party_campaign, "asuka").lasting.track("stress") == 1
        await pilot.press("U")
        await settle(pilot)
        assert member(party_campaign, "asuka").lasting.track("stress") == 0
        await pilot.press("j", "u")  # Rei stays shown after the command
        await settle(pilot)
        heading = party(app).query_one("#party-body").query_one(Drawing).lines[0].plain
        assert heading.startswith("Rei")


@ui_test
async def test_t_treats_an_injury_with_a_note_and_u_undoes_it(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert choices(app) == ["Left Leg 1 Foot Pain: every Basic Move costs 1 Stress"]
        assert form(app).focused is form(app).query_one("#change-value")  # the only one
        await pilot.press(*"splinted at HQ", "enter")
        await settle(pilot)
        assert party(app).message == "Asuka's Left Leg 1 Foot Pain is treated: splinted at HQ"
        assert "Foot Pain" not in chart(app)
        asuka = member(party_campaign, "asuka").lasting
        assert asuka.injuries == () and asuka.track("injuries") == 0  # l.203: the total
        treated = last_event(party_campaign)
        assert isinstance(treated, Treated)
        assert (treated.who, treated.injury, treated.note) == (
            "asuka",
            "Left Leg 1 Foot Pain",
            "splinted at HQ",
        )
        await pilot.press("u")
        await settle(pilot)
        assert party(app).message.startswith("Undone: Asuka's Left Leg 1 Foot Pain is treated")
        assert [i.name for i in member(party_campaign, "asuka").lasting.injuries] == ["Foot Pain"]
        assert "Foot Pain" in chart(app)
        await pilot.press("j", "t")  # Rei has none: one line, no form
        await settle(pilot)
        assert party(app).message == "✗ Rei Ayanami (on foot) has no injury to treat"


@ui_test
async def test_e_sets_a_value_as_the_gms_ruling_and_u_undoes_it(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        offered = choices(app)
        assert offered[:6] == [
            "Wounds 0",
            "Injuries 1",
            "Stress 1",
            "Trauma 0",
            "Fate 2",
            "Exerts 0",
        ]
        assert "Fate maximum 2" in offered and "Add a condition…" in offered
        assert "Healing time of Left Leg 1 Foot Pain: until treated" in offered
        assert offered[-3:] == ["Dead…", "Name Asuka", "Leaves the party (u brings them back)"]
        await pilot.press("down", "down", "enter")  # Stress: its value, then the new one
        await pilot.press(*"x", "enter")  # a refusal stays in the form, in one line
        await settle(pilot)
        said = str(form(app).query_one("#change-error", Static).content)
        assert said == "stress takes a whole number, not 'x'"
        assert member(party_campaign, "asuka").lasting.track("stress") == 1
        await pilot.press("backspace", *"4", "enter")
        await settle(pilot)
        assert party(app).message == "Asuka: stress = 4 (GM)"
        assert "Stress 4" in shown(app, "#party-tracks-text")
        assert member(party_campaign, "asuka").lasting.track("stress") == 4
        set_event = last_event(party_campaign)
        assert isinstance(set_event, LastingSet)
        assert (set_event.who, set_event.key, set_event.value) == ("asuka", "stress", "4")
        await pilot.press("e", *["down"] * 8, "enter")  # Add a condition…
        await pilot.press(*"Blood Loss", "enter")
        await settle(pilot)
        assert member(party_campaign, "asuka").lasting.has("Blood Loss")
        await pilot.press("u", "u")
        await settle(pilot)
        asuka = member(party_campaign, "asuka").lasting
        assert asuka.track("stress") == 1 and not asuka.has("Blood Loss")
        before = party_campaign.read_bytes()
        await pilot.press("e", "down", "down", "enter", "9", "escape")  # Esc changes nothing
        await settle(pilot)
        assert isinstance(app.screen, PartyScreen) and party_campaign.read_bytes() == before
        assert party(app).message.startswith("Undone: Asuka: stress = 4")


@ui_test
async def test_a_rest_s_outcome_is_read_whole_at_80_columns(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "2")  # Long Downtime (seed 000 l.347, 412)
        await settle(pilot)
        said = party(app).message
        assert said.endswith("Rei Ayanami (on foot): no change") and len(said) > 80
        line = party(app).query_one("#party-message", Static)
        rows = [line.render_line(y).text.strip() for y in range(line.size.height)]
        assert " ".join(rows).split() == said.split()  # every word on screen, none cut


@ui_test
async def test_r_where_the_text_states_no_rest_points_to_e(
    party_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = party_folder / "yashima.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "eva-escale", "--title", "Yashima")
    ok(capsys, "campaign", "add-pc", path, "Shinji", "wounds=9", "fate=2")
    app = launcher(party_folder, path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        said = party(app).message
        assert said.startswith("✗ the eva-escale text states no rest or downtime rule")
        assert "press e to enter what you rule" in said and "tracker campaign" not in said
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, ChangeForm)


@ui_test
async def test_shift_r_rests_the_highlighted_pc_only(
    party_folder: Path, party_campaign: Path
) -> None:
    ok_rei = member(party_campaign, "rei").lasting
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, RestScreen)
        assert text_of(app.screen.query_one("#rest-who", Static)) == "Who rests: Asuka only\n"
        await pilot.press("1")  # Short Downtime: Stress −1 (seed 000 l.347), for Asuka
        await settle(pilot)
        assert party(app).message.startswith("Short Downtime: Asuka — Asuka: ")
        rested = last_event(party_campaign)
        assert isinstance(rested, Rested) and list(rested.party) == ["asuka"]
        assert member(party_campaign, "asuka").lasting.track("stress") == 0
        assert member(party_campaign, "rei").lasting == ok_rei
        await pilot.press("u")
        await settle(pilot)
        assert member(party_campaign, "asuka").lasting.track("stress") == 1


@ui_test
async def test_the_palette_treats_edits_and_rests_the_highlighted_pc(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        titles = [title for title, _, _ in party_entries(party(app))]
        assert "Treat Asuka…" in titles and "Edit Asuka…" in titles
        assert "Rest Asuka only: Long Downtime" in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"rest asuka only: long", "enter")
        await settle(pilot)
        assert party(app).message.startswith("Long Downtime: Asuka — ")
        assert list(last_event(party_campaign).party) == ["asuka"]
