"""The party screen over the table: "Party…" in the palette of a campaign fight.

The encounter's header says which campaign it belongs to (``campaign_file``); the party
screen opens over the fight (whose keys rest meanwhile). Its next fight ends this app
and the launch loop plays the new file (``TrackerApp.then_open``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.core.errors import TrackerError, one_line
from tracker.store.campaign_file import load_campaign
from tracker.store.campaign_party import campaign_path
from tracker.ui.outcome import Outcome
from tracker.ui.party import PartyScreen

if TYPE_CHECKING:
    from tracker.ui.app import TrackerApp


def campaign_of(app: TrackerApp) -> Path | None:
    """The campaign file the open encounter belongs to (None: a one-off encounter, or
    one whose header does not say where its campaign is)."""
    if app.play is None:
        return None
    try:
        where = campaign_path(app.play.loaded.head, app.play.path)
    except TrackerError:
        return None
    return Path(os.path.normpath(where)) if where is not None else None


def open_party(app: TrackerApp) -> None:
    """Show the party screen of the encounter's campaign (or say in one line why not)."""
    where = campaign_of(app)
    if where is None:
        app.report(Outcome(False, "this encounter belongs to no campaign file"))
        return
    try:
        loaded = load_campaign(where)
    except (TrackerError, OSError) as err:
        app.report(Outcome(False, f"no party screen: {one_line(err)}"))
        return

    def back(fight: Path | None) -> None:
        if fight is not None:
            app.then_open = fight
            app.exit(0)

    app.push_screen(PartyScreen(loaded), back)
