"""The party screen (issue 15): a campaign's PCs between fights, reached from the
launcher (its own row, or `tracker CAMPAIGN`): each PC's body chart and tracks and the
fights played, the dead marked, names shown as typed, a refusal in one line. Snapshots at
80x24 and 120x36. Resting, treating and editing: test_party_changes.py; making and playing
the next fight: test_party_fights.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.campaign_helpers import ok
from tests.party_helpers import chart, fights_shown, launcher, party, settle, shown
from tests.ui_helpers import still, text_of, ui_test
from tracker.store.campaign_file import CampaignFile
from tracker.ui.party import PartyScreen


@ui_test
async def test_the_launcher_lists_the_campaign_and_enter_shows_the_party(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        kinds = [(c.kind, c.path.name if c.path else "") for c in app.shown]
        assert kinds[0] == ("campaign", "tokyo.toml")
        assert ("file", "tokyo.toml") not in kinds and ("file", "sachiel.toml") in kinds
        await pilot.press(*"tokyo", "enter")
        await settle(pilot)
        assert "Tokyo-3 · nerv-d100 · 2 PCs · 1 fight" in shown(app, "#party-header", 100)
        names = party(app).query_one("#party-list", OptionList)
        assert [str(names.get_option_at_index(i).prompt) for i in range(2)] == [
            "Asuka  ✖",
            "Rei Ayanami (on foot)",
        ]
        assert "Stress 1" in shown(app, "#party-tracks-text")
        assert "Foot Pain" in chart(app) and "Left leg 1" in chart(app)
        assert "1 Sachiel ✓ written back" in fights_shown(app)
        await pilot.press("j")
        await settle(pilot)
        assert "Foot Pain" not in chart(app)
        assert "Wounds 3/3" in shown(app, "#party-tracks-text")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, PartyScreen)  # back to the list


@ui_test
async def test_refusals_are_one_line_and_change_nothing(
    party_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = party_folder / "yashima.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "eva-escale", "--title", "Yashima")
    app = launcher(party_folder, path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")  # nobody in the party
        await settle(pilot)
        assert party(app).message.startswith("✗ the party is empty")
        await pilot.press("r")  # the eva-escale text states no rest
        await settle(pilot)
        said = party(app).message
        assert said.startswith("✗ the eva-escale text states no rest") and "\n" not in said
        before = path.read_bytes()
        with CampaignFile(path):  # another GM's tracker holds it
            await pilot.press("u")
            await settle(pilot)
        assert party(app).message.startswith("✗ ") and "open for writing" in party(app).message
        assert "\n" not in party(app).message
        assert path.read_bytes() == before


@ui_test
async def test_names_are_shown_as_typed_never_as_markup(
    party_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = party_folder / "odd.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic", "--title", "[b]Odd[/x]")
    ok(capsys, "campaign", "add-pc", path, "[b]<i>x</i>", "hp=10")
    ok(capsys, "campaign", "add-pc", path, "[@click=app.quit]Bo", "hp=8")
    app = launcher(party_folder, path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "[b]Odd[/x]" in shown(app, "#party-header", 100)
        names = party(app).query_one("#party-list", OptionList)
        assert str(names.get_option_at_index(0).prompt) == "[b]<i>x</i>"
        assert str(names.get_option_at_index(1).prompt) == "[@click=app.quit]Bo"
        title = party(app).query_one("#party-tracks").border_title
        assert Content.from_markup(str(title)).plain == "[b]<i>x</i>"  # shown as typed


@ui_test
async def test_a_dead_pc_is_marked_and_left_out_of_the_next_fight(
    party_folder: Path, party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "campaign", "set", party_campaign, "rei", "dead", "fight 1: Sachiel")
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        names = party(app).query_one("#party-list", OptionList)
        assert str(names.get_option_at_index(1).prompt) == "Rei Ayanami (on foot) †"
        await pilot.press("j")
        await settle(pilot)
        assert shown(app, "#party-tracks-text").startswith("† dead — fight 1: Sachiel")
        await pilot.press("f")
        await settle(pilot)
        who = text_of(app.screen.query_one("#fight-who", Static), 100)
        assert who.startswith("Goes: Asuka\nRei Ayanami (on foot) is dead (fight 1: Sachiel)")


# --- snapshots ----------------------------------------------------------------------------


async def _still(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    still(pilot)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_party_screen_snapshot(
    snap_compare: Any, party_folder: Path, party_campaign: Path, size: tuple[int, int]
) -> None:
    assert snap_compare(
        launcher(party_folder, party_campaign), terminal_size=size, run_before=_still
    )


@ui_test
async def test_a_damaged_campaign_says_so_on_the_party_screen(
    party_folder: Path, party_campaign: Path
) -> None:
    text = party_campaign.read_text(encoding="utf-8")
    party_campaign.write_text(text.replace('type = "fight.made"', 'type = "fight.mode"'), "utf-8")
    before = party_campaign.read_bytes()
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = party(app).message
        assert said.startswith(f"✗ {party_campaign}:") and "fails its crc check" in said
        assert "the file is unchanged" in said
    assert party_campaign.read_bytes() == before
