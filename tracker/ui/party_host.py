"""The party screen over the table: "Party…" in the palette of a campaign fight.

The encounter's header says which campaign it belongs to (``campaign_file``); the party
screen opens over the fight (whose keys rest meanwhile). Its next fight ends this app
and the launch loop plays the new file (``TrackerApp.then_open``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from tracker.core.errors import TrackerError, one_line
from tracker.store.campaign_file import load_campaign
from tracker.store.campaign_party import campaign_path
from tracker.store.encounter_file import EncounterFile
from tracker.ui.outcome import Outcome
from tracker.ui.party import PartyScreen
from tracker.ui.writeback_offer import WritebackOffer


class PartyHost(Protocol):
    """What the party screen asks of the app it opens over (``TrackerApp``): the open
    fight, a place to say why not, and a way to end the app with the next fight to open."""

    then_open: Path | None
    writeback: WritebackOffer
    """Offers an ended fight's write-back (again, after "not now")."""

    @property
    def play(self) -> EncounterFile | None:
        """The open encounter (None: not open yet)."""
        ...

    def report(self, outcome: Outcome) -> Outcome:
        """Show an outcome under the command bar."""
        ...

    def push_screen(self, screen: Any, callback: Any = None) -> Any:
        """Show ``screen`` over the app; ``callback`` gets what it is dismissed with."""
        ...

    def exit(self, result: Any = None) -> None:
        """End the app."""
        ...


def campaign_of(app: PartyHost) -> Path | None:
    """The campaign file the open encounter belongs to (None: a one-off encounter, or
    one whose header does not say where its campaign is)."""
    if app.play is None:
        return None
    try:
        where = campaign_path(app.play.loaded.head, app.play.path)
    except TrackerError:
        return None
    return Path(os.path.normpath(where)) if where is not None else None


def open_party(app: PartyHost) -> None:
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
