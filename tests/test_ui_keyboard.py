"""Every dialog by keyboard alone (issue 27): Tab walks the fields, arrows move in a
list, Enter applies, Esc closes; no mouse anywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input

from tests.campaign_helpers import ok
from tests.launcher_helpers import gm_folder, launcher
from tests.ui_helpers import make_app, nerv_file, opened, play_of, ui_test
from tracker.paths import bundled_dir
from tracker.store.encounter_file import load
from tracker.store.settings import Settings
from tracker.ui.launcher import LauncherApp
from tracker.ui.modals.dialog import FieldSelect
from tracker.ui.modals.new_encounter import NewEncounterScreen, ruleset_options
from tracker.ui.party import PartyScreen
from tracker.ui.themes import load_themes


@ui_test
async def test_the_new_encounter_dialog_takes_its_ruleset_by_keyboard(tmp_path: Path) -> None:
    # issue 27: Tab never left Title, so "Ork ambush" silently became the first ruleset
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    ids = [rid for _, rid in ruleset_options()]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewEncounterScreen)
        await pilot.press(*"Ork ambush", "tab")
        select = app.screen.query_one("#new-ruleset", FieldSelect)
        assert app.focused is select
        await pilot.press("down")
        await pilot.pause()
        for _ in range(ids.index("wrath-glory") - ids.index(str(select.value))):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert select.value == "wrath-glory"
        await pilot.press("enter")
        await pilot.pause()
    made = app.return_value
    assert made is not None
    loaded = load(made)
    assert (loaded.encounter.state.title, loaded.rules.id) == ("Ork ambush", "wrath-glory")


DIALOG_KEYS = ["d", "h", "a", "plus", "r", "question_mark", "e", "0", "N", "x", "E"]
"""Every key of the table screen that opens a dialog."""


async def walk(pilot: Pilot[Any], size: tuple[int, int]) -> list[Widget]:
    """Tab through the open dialog once round: every field it stops at, each checked to
    be whole on the screen (a field off the edge cannot be seen or used), and every
    field reached."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, ModalScreen), type(screen)
    seen: list[Widget] = []
    dialog = screen.query_one(".dialog, #dialog").region  # a yes/no question: keys only
    assert dialog.right <= size[0] and dialog.bottom <= size[1], (screen, dialog)
    for _ in range(len(screen.focus_chain) + 1 if screen.focus_chain else 0):
        focused = app.focused
        assert focused is not None and focused.screen is screen
        region = focused.region
        assert region.right <= size[0] and region.bottom <= size[1], (focused, region)
        assert region.width > 0 and region.height > 0, (focused, region)
        seen.append(focused)
        await pilot.press("tab")
    assert set(seen) >= set(screen.focus_chain), (screen, seen)  # Tab reaches every field
    return seen


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
@ui_test
async def test_every_table_dialog_by_keyboard(tmp_path: Path, size: tuple[int, int]) -> None:
    # issue 27: the export dialog's fourth checkbox sat off the right edge at 80x24
    app = make_app(nerv_file(tmp_path), seed=11)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        for line in ("start", "ail rei Dizzy", "wound rei 4 @left-leg"):
            assert app.run_line(line).ok, line
        await pilot.pause()
        for key in DIALOG_KEYS:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ModalScreen), key
            seen = await walk(pilot, size)
            if key == "e":
                assert {w.id for w in seen} >= {"format", "rounds", "gm", "undone", "export"}
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, ModalScreen), key


@ui_test
async def test_damage_and_export_by_keyboard_alone(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        before = len(play_of(app).encounter.events)
        await pilot.press("d", "3", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen)
        assert len(play_of(app).encounter.events) > before
        await pilot.press("e")
        await pilot.pause()
        path = Path(app.screen.query_one("#path", Input).value)
        await pilot.press("ctrl+s")
        for _ in range(100):
            if path.exists():
                break
            await pilot.pause(0.02)
        assert path.exists()


@pytest.fixture
def tokyo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign in an encounters folder: Asuka and Rei, fight 1 written back
    with Asuka's leg hurt (so there is an injury to treat)."""
    folder = tmp_path / "encounters"
    folder.mkdir()
    path = folder / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, "Asuka", "physique=45", "will=40", "grace=47")
    fight = folder / "sachiel.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "wound asuka 5 @left_leg", "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


@ui_test
async def test_every_party_dialog_by_keyboard(tokyo: Path) -> None:
    # issue 27: Tab reached nothing in a dialog over the launcher; each party dialog is
    # walked at 80x24 and closed with Esc, the party screen still there
    app = LauncherApp(
        Settings(encounters=tokyo.parent),
        shelf=load_themes([bundled_dir("themes")]),
        campaign=tokyo,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        for key in ("f", "r", "R", "t", "e"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ModalScreen) and not isinstance(app.screen, PartyScreen)
            await walk(pilot, (80, 24))
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, PartyScreen), key


@ui_test
async def test_an_ailment_is_picked_with_arrows_and_enter(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        who = app.selected
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen)
        assert play_of(app).encounter.state.combatant(who).conditions


@ui_test
async def test_every_choice_is_picked_with_arrows_and_enter(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", "ail rei Dizzy", "ail unit-01 Shocked"):
            assert app.run_line(line).ok, line
        while len(play_of(app).encounter.state.reminders) < 2:
            await pilot.press("n")
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen)
        assert len(play_of(app).encounter.state.reminders) == 1
