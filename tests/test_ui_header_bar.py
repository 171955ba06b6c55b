"""Pilot tests of the header and the command bar, and of help, the palette and zoom."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.ui_helpers import basic_file, make_app, nerv_file, opened, state_of, text_of, ui_test
from tracker.store.encounter_file import load
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.log_pane import LogPane


@ui_test
async def test_header_says_round_turn_file_and_saved(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path, "ambush.toml"))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        header = str(app.query_one(EncounterHeader).render())
        assert "Goblin ambush · basic · Not started yet · ambush.toml · saved" in header
        await pilot.press("s")
        acting = state_of(app).combatant(str(state_of(app).current)).name
        header = str(app.query_one(EncounterHeader).render())
        assert f"Round 1 · {acting}'s turn" in header


@ui_test
async def test_command_bar_refusal_is_inline_and_writes_nothing(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        before = path.read_bytes()
        await pilot.press("colon")
        await pilot.press(*"dmg nobody 5", "enter")
        bar = app.query_one(CommandBar)
        assert bar.message.startswith("✗ no combatant 'nobody'")
        assert bar.input.history[-1] == "dmg nobody 5"  # ↑ brings it back to correct
        assert path.read_bytes() == before


@ui_test
async def test_command_bar_completes_and_runs(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", "d", "m")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.press("g", "o")
        await pilot.pause()
        await pilot.press("tab")
        assert app.query_one(CommandBar).input.value == "dmg Goblin "
        await pilot.press("3", "enter")
        assert state_of(app).combatant("gob").track("hp") == 4
        assert app.query_one(CommandBar).message == "Goblin: HP 7 → 4"
    assert load(path).encounter.state.combatant("gob").track("hp") == 4


@ui_test
async def test_typing_after_a_verb_put_in_the_bar_adds_to_it(tmp_path: Path) -> None:
    # issue 12: the palette's "Type: VERB" left the verb selected, so typing replaced it
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.open_command_bar("dmg ")
        await pilot.pause()
        await pilot.press("o", "r", "c")
        assert app.query_one(CommandBar).input.value == "dmg orc"


@ui_test
async def test_help_shows_every_option_and_the_badge_legend(tmp_path: Path) -> None:
    # issue 12: "[@LOC] [exploit] …" were read as markup and vanished
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        verbs = text_of(app.screen.query_one("#help-verbs", Static), 100)
        assert "dmg WHO N [@LOC] [exploit]" in verbs
        legend = text_of(app.screen.query_one("#help-legend", Static), 100)
        assert "Burn2·3" in legend and "▶" in legend
        assert "In this fight:" in legend and "W 4/4  Wounds 4/4" in legend
        keys = text_of(app.screen.query_one("#help-keys", Static), 100)
        assert keys.count("resolve a reminder with its number key") == 1  # one row for 1-9
        assert "1 2 3 4 5 6 7 8 9" in keys


@ui_test
async def test_the_palette_offers_this_apps_themes_not_textuals(tmp_path: Path) -> None:
    # issue 12: Textual's theme picker offered ~20 themes beside the app's 6
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" not in titles and "Quit" not in titles and "Keys" in titles


@ui_test
async def test_zoom_shows_the_focused_pane_on_the_whole_screen(tmp_path: Path) -> None:
    """z shows the focused pane full screen, border and title included (the initiative's
    and the log's lines sit in a frame that carries them), and z again brings every pane
    back."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        app.query_one(InitiativePane).focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "initiative-frame"
        assert str(zoomed.border_title).startswith("Initiative · Round 1")
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30  # all of it
        await pilot.press("z")
        assert app.screen.maximized is None
        app.query_one(LogPane).focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "log-frame"
        assert str(zoomed.border_title) == "Log"
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30
        await pilot.press("z")
        assert app.screen.maximized is None
        app.query_one("#status").focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "status"
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30
        await pilot.press("z")
        assert app.screen.maximized is None
