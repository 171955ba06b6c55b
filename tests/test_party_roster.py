"""The party screen renames a PC and lets one leave, as `campaign rename-pc` and
`campaign remove-pc` do: the edit form's last rows, each one undoable command."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tests.campaign_helpers import member
from tests.party_helpers import choices, launcher, party, settle
from tests.ui_helpers import ui_test
from tracker.store.campaign_file import load_campaign


@ui_test
async def test_e_renames_a_pc_and_lets_another_leave(
    party_folder: Path, party_campaign: Path
) -> None:
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        rows = len(choices(app))
        await pilot.press(*["down"] * (rows - 2), "enter")  # Name Asuka: typed over
        await pilot.press(*"Asuka Langley", "enter")
        await settle(pilot)
        assert party(app).message == "Asuka goes by Asuka Langley from now on"
        assert member(party_campaign, "asuka").name == "Asuka Langley"
        listing = party(app).query_one("#party-list", OptionList)
        assert str(listing.get_option_at_index(0).prompt).startswith("Asuka Langley")
        await pilot.press("j", "e")
        await settle(pilot)
        await pilot.press(*["down"] * (len(choices(app)) - 1), "enter")  # Leaves the party
        await settle(pilot)
        assert party(app).message == "Rei Ayanami (on foot) leaves the party"
        assert list(load_campaign(party_campaign).campaign.state.party) == ["asuka"]
        assert listing.option_count == 1
        await pilot.press("u")
        await settle(pilot)
        assert listing.option_count == 2
        assert "rei" in load_campaign(party_campaign).campaign.state.party
