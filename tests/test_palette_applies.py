"""The palette lists only what can be done now: nothing it offers is then refused
because of the fight's or the campaign's state ("Write back…" once written back,
"Previous turn" on the first turn, "Start" with nobody to fight, undo with nothing to
undo). The footer and help keep every key; the ``:`` bar still says why a verb refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ok
from tests.party_helpers import launcher, party, settle
from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tests.writeback_helpers import (
    campaign_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    fight_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    message,
)
from tracker.ui.app import TrackerApp
from tracker.ui.palette import table_commands
from tracker.ui.party_palette import party_entries

WRITE_BACK = "Write back to the campaign…"


def titles(app: TrackerApp) -> list[str]:
    return [command.title for command in table_commands(app)]


def refusals(app: TrackerApp) -> list[tuple[str, str]]:
    """Each palette entry that runs a command line, with what the fight says to it."""
    lines = [c.help[1:] for c in table_commands(app) if c.help.startswith(":")]
    return [(line, str(app.session.refused(line))) for line in lines]


@ui_test
async def test_written_back_the_fight_offers_no_write_back(campaign: Path, fight: Path) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        await pilot.press("n")  # not now: offered in the palette
        await pilot.pause()
        assert WRITE_BACK in titles(app)
        [entry] = [c for c in table_commands(app) if c.title == WRITE_BACK]
        entry.run()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
        assert WRITE_BACK not in titles(app)
        assert "Party…" in titles(app)


@ui_test
async def test_a_campaign_file_gone_offers_neither_party_nor_write_back(
    campaign: Path, fight: Path
) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        campaign.rename(campaign.with_suffix(".moved"))
        shown = titles(app)
        assert "Party…" not in shown and WRITE_BACK not in shown


@ui_test
async def test_the_first_turn_offers_no_previous_turn(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        before = titles(app)
        assert "Start the fight" in before and "Copy this round as Markdown" not in before
        assert not any(title.startswith("Undo") for title in before)
        app.run_and_report("start")
        await pilot.pause()
        assert "Previous turn" not in titles(app)
        assert "Start the fight" not in titles(app) and "Next turn" in titles(app)
        app.run_and_report("next")
        await pilot.pause()
        assert "Previous turn" in titles(app)


@ui_test
async def test_nobody_to_fight_offers_no_start(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(
        'format = 1\n\n[encounter]\ntitle = "Empty ford"\nruleset = "basic"\n', encoding="utf-8"
    )
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert "Start the fight" not in titles(app)


@ui_test
async def test_one_down_is_not_offered_to_act_next(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.run_and_report("start")
        app.run_and_report("down orc")
        await pilot.pause()
        shown = titles(app)
        assert "Orc acts next" not in shown
        assert any(t.endswith("acts next") for t in shown)
        assert all(said == "None" for _, said in refusals(app))


@ui_test
async def test_the_party_palette_offers_what_the_campaign_takes(
    party_folder: Path, party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rei has no injury (no "Treat Rei…"); nothing undone (no "Redo"); with every PC
    dead, no next fight and no rest of the party."""
    for who in ("asuka", "rei"):
        ok(capsys, "campaign", "set", party_campaign, who, "dead", "fell at Tokyo-3")
    app = launcher(party_folder, party_campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        shown = [title for title, _, _ in party_entries(party(app))]
        assert "Treat Asuka…" in shown and "Undo" in shown
        assert "Redo" not in shown
        assert "Next fight…" not in shown
        assert not any(title.startswith("Rest: ") for title in shown)
        await pilot.press("j")
        await settle(pilot)
        shown = [title for title, _, _ in party_entries(party(app))]
        assert "Treat Rei Ayanami (on foot)…" not in shown
        assert "Edit Rei Ayanami (on foot)…" in shown
        await pilot.press("u")
        await settle(pilot)
        assert "Redo" in [title for title, _, _ in party_entries(party(app))]


@ui_test
async def test_looking_back_offers_nothing_the_fight_would_refuse(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", "next", "dmg orc 2"):
            app.run_and_report(line)
        await pilot.pause()
        await pilot.press("v")  # the turn before, read-only
        await pilot.pause()
        assert app.session.looking_back
        shown = titles(app)
        assert "Back to the fight" in shown and "Select Orc" in shown
        assert "Help: keys and commands" in shown
        changing = ("Next turn", "Damage", "Undo", "Add a combatant", "Type:", "Roll dice")
        assert not [t for t in shown if t.startswith(changing)]
        await pilot.press("escape")
        await pilot.pause()
        assert "Next turn" in titles(app) and "Undo: Orc: HP 15 → 13" in titles(app)
