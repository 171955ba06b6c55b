"""Shared by the party screen tests: a launcher on the GM's folder and what its party
screen shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.ui_helpers import text_of
from tracker.paths import bundled_dir
from tracker.store.campaign_file import load_campaign
from tracker.store.settings import Settings
from tracker.ui.launcher import LauncherApp
from tracker.ui.party import PartyScreen
from tracker.ui.party_modals import ChangeForm
from tracker.ui.themes import load_themes


def launcher(folder: Path, campaign: Path | None = None) -> LauncherApp:
    """A launcher on ``folder`` (bundled themes only), opening ``campaign``'s party."""
    settings = Settings(encounters=folder)
    shelf = load_themes([bundled_dir("themes")])
    return LauncherApp(settings, shelf=shelf, campaign=campaign)


def party(app: Any) -> PartyScreen:
    """The party screen on top."""
    assert isinstance(app.screen, PartyScreen), type(app.screen)
    return app.screen


def shown(app: Any, selector: str, width: int = 60) -> str:
    """The text a Static of the party screen shows."""
    return text_of(party(app).query_one(selector, Static), width)


def fights_shown(app: Any) -> str:
    """The rows of the Fights list, one a line."""
    listing = party(app).query_one("#party-fights", OptionList)
    rows = (listing.get_option_at_index(i).prompt for i in range(listing.option_count))
    return "\n".join(str(row) for row in rows)


def chart(app: Any) -> str:
    """The body chart as drawn (the figure, then the injuries)."""
    return text_of(party(app).query_one("#party-body Drawing"), 60)  # type: ignore[arg-type]


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen draw."""
    await pilot.pause()
    await pilot.pause()


def form(app: Any) -> ChangeForm:
    """The change form on top."""
    assert isinstance(app.screen, ChangeForm), type(app.screen)
    return app.screen


def choices(app: Any) -> list[str]:
    """The choices the change form lists."""
    listing = form(app).query_one("#change-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


def last_event(campaign: Path) -> Any:
    """The campaign's latest event."""
    return load_campaign(campaign).campaign.events[-1]
