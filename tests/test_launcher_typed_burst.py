"""The launcher takes what a fast typist or a paste sends in one write in the order typed.

The bytes go through Textual's own terminal parser and reach the launcher all at once, as
its driver hands them over: ``ctrl+n`` then a title and Enter once left the title in the
search field (the dialog was not up when its letters were handed out) and no encounter
was made; on the party screen ``f``, a title and Enter made the fight under the title
it suggests, the typed one lost to the party screen before the dialog was up.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from tests.launcher_helpers import gm_folder, launcher
from tests.party_helpers import launcher as party_launcher
from tests.party_helpers import settle
from tests.test_ui_typed_burst import typed
from tests.ui_helpers import ui_test
from tracker.store.encounter_file import load
from tracker.ui.launcher import LauncherApp
from tracker.ui.party import PartyScreen


async def calm(pilot: Pilot[Path | None]) -> None:
    """Let the burst play out (every key in it, and what each key did)."""
    app = pilot.app
    assert isinstance(app, LauncherApp)
    for _ in range(50):
        await pilot.pause(0.1)
        keys = getattr(app, "keys", None)  # none before the launcher had KeyOrder
        if (keys is not None and keys.settled) or app.return_value is not None:
            break
    await pilot.pause(0.1)


@ui_test
async def test_ctrl_n_a_title_and_enter_in_one_write_make_that_encounter(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed(app, "\x0eOrk raid\r")
        await calm(pilot)
        assert app.query_one("#launcher-search", Input).value == ""
    made = app.return_value
    assert made == settings.encounters / "ork-raid.toml"
    assert load(made).encounter.state.title == "Ork raid"


@ui_test
async def test_a_search_and_its_enter_in_one_write_open_the_match(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        typed(app, "bridge\r")
        await calm(pilot)
    assert app.return_value == settings.encounters / "bridge.toml"


@ui_test
async def test_f_a_title_and_enter_in_one_write_on_the_party_screen_name_the_fight(
    party_folder: Path, party_campaign: Path
) -> None:
    app = party_launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PartyScreen)
        typed(app, "f\x15Ambush\r")  # the next fight; ctrl+u clears its title
        await calm(pilot)
    assert app.return_value == party_folder / "ambush.toml"
