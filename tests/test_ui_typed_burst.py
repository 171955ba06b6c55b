"""What a fast typist or a paste sends in one write lands where it was typed.

The bytes go through Textual's own terminal parser and reach the app as the terminal
driver hands them over, all at once: ``:next`` typed in one write once opened the export
dialog (``e``) instead of the bar's ``next``; ``dm⇥cap`` lost its Tab's completion;
``d5⏎n`` lost the ``n`` to a dialog closing; a key typed while the file opened was
dropped. Pilot's ``press`` waits between keys and never saw any of it.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from textual._xterm_parser import XTermParser  # the bytes as the terminal driver reads them
from textual.app import App
from textual.pilot import Pilot

from tests.ui_helpers import (
    ROOT,
    basic_file,
    hold_settling,
    make_app,
    opened,
    play_of,
    state_of,
    ui_test,
)
from tracker.core import events as ev
from tracker.ui import export_screen
from tracker.ui.app import TrackerApp
from tracker.ui.export_screen import ExportScreen, recaps_dir
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.initiative import InitiativePane


def typed(app: App[Any], data: str) -> None:
    """Hand the app what the terminal sent in one write, as its driver does."""
    driver = app._driver  # the only way to hand a test's bytes to the app as one burst
    assert driver is not None
    for message in XTermParser().feed(data):
        driver.process_message(message)


async def calm(pilot: Pilot[int]) -> None:
    """Let the burst play out (every key in it, and what each key did)."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for _ in range(50):
        await pilot.pause(0.1)
        if app.keys.settled:
            break
    await pilot.pause(0.1)


def hp(app: TrackerApp, cid: str) -> int:
    """A combatant's hit points as the fight stands."""
    return state_of(app).combatant(cid).track("hp")


def notes(app: TrackerApp) -> list[str]:
    """The notes in the journal, in order."""
    return [e.text for e in play_of(app).encounter.events if isinstance(e, ev.NoteAdded)]


@ui_test
async def test_a_word_typed_right_after_the_colon_goes_to_the_bar(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        acting = state_of(app).current
        typed(app, ":next")
        await calm(pilot)
        bar = app.query_one(CommandBar)
        assert not isinstance(app.screen, ExportScreen)  # the e of next was no table key
        assert bar.input.value == "next" and state_of(app).current == acting
        typed(app, "\r")
        await calm(pilot)
        assert state_of(app).current != acting and bar.input.value == ""
        assert isinstance(app.focused, InitiativePane)


@ui_test
async def test_a_whole_line_pasted_with_its_enter_runs_once_as_typed(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        typed(app, ":dmg orc 4\r:dmg orc 2\r")
        await calm(pilot)
        assert hp(app, "orc") == 9  # both lines, each once; nobody else hurt
        assert [hp(app, c) for c in ("ann", "bo", "gob")] == [12, 10, 7]


@ui_test
async def test_tab_completes_before_the_letters_typed_after_it(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        typed(app, ":dm\tgob\t3\r")
        await calm(pilot)
        assert hp(app, "gob") == 4  # dmg goblin 3, not "dmgob3"
        assert app.query_one(CommandBar).input.history[-1] == "dmg Goblin 3"


@ui_test
async def test_keys_after_enter_reach_the_table_after_the_line_ran(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        acting = state_of(app).current
        typed(app, ":note ruling\rn")
        await calm(pilot)
        assert notes(app) == ["ruling"]
        assert state_of(app).current != acting  # n: the next turn, not a letter in the bar
        assert app.query_one(CommandBar).input.value == ""


@ui_test
async def test_a_dialog_takes_what_is_typed_as_it_opens_and_the_table_what_follows(
    tmp_path: Path,
) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        acting = state_of(app).current or ""
        typed(app, "d5\rn")
        await calm(pilot)
        assert hp(app, acting) == state_of(app).combatant(acting).stats["hp"] - 5
        assert state_of(app).current != acting and app.screen is app.table


@ui_test
async def test_ctrl_j_runs_the_line_as_enter_does(tmp_path: Path) -> None:
    """A newline (ctrl+j, what Enter becomes when typed before the terminal is raw) runs
    the bar's line, as readline's accept-line."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        typed(app, ":note early\n")
        await calm(pilot)
        assert notes(app) == ["early"]


@ui_test
async def test_keys_typed_while_the_file_opens_run_once_it_is_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = hold_settling(monkeypatch)  # the rest of opening waits while the fight shows
    path = basic_file(tmp_path)
    kept = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        typed(app, "s:note early\r")
        await calm(pilot)
        assert path.read_bytes() == kept  # nothing ran before the file was settled
        go_on.set()
        await opened(pilot)
        await calm(pilot)
        assert state_of(app).phase == "running" and notes(app) == ["early"]


@ui_test
async def test_a_line_pasted_at_the_table_goes_to_the_bar(tmp_path: Path) -> None:
    """A bracketed paste reached the order pane, which dropped it: the pasted line now
    waits in the bar for Enter, as a paste into the bar does."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        typed(app, "\x1b[200~:dmg orc 4\ndmg orc 5\n\x1b[201~")
        await calm(pilot)
        bar = app.query_one(CommandBar)
        assert bar.input.value == "dmg orc 4" and hp(app, "orc") == 15  # not run yet
        typed(app, "\r")
        await calm(pilot)
        assert hp(app, "orc") == 11 and isinstance(app.focused, InitiativePane)


@ui_test
async def test_a_key_typed_after_ctrl_s_in_the_export_waits_for_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export writes in a worker: the n typed after ctrl+s went to the dialog's path
    box while it wrote, and was lost with the dialog."""
    write = export_screen.write_output

    def slow_write(*args: Any, **kwargs: Any) -> None:
        time.sleep(0.2)  # a slow disk: the worker is still writing when n arrives
        write(*args, **kwargs)

    monkeypatch.setattr(export_screen, "write_output", slow_write)
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        acting = state_of(app).current
        typed(app, "e\x13n")
        for _ in range(30):  # the write takes 0.2 s; then the n
            await pilot.pause(0.1)
            if app.screen is app.table and state_of(app).current != acting:
                break
        assert app.screen is app.table and state_of(app).current != acting
        assert [p.name for p in recaps_dir().iterdir()] == ["goblin-ambush-round-log.md"]


@ui_test
async def test_a_stat_block_picked_and_copied_in_one_burst(tmp_path: Path) -> None:
    """``+band↓⇥2⏎`` added one bandit: the ↓ and the Tab came before the name field had
    filled the block list (its Changed came after the next key), so the 2 missed the
    Copies field."""
    path = tmp_path / "ford.toml"
    shutil.copyfile(ROOT / "encounters" / "basic-bandits-at-the-ford.toml", path)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        typed(app, "+band\x1b[B\t2\r")
        await calm(pilot)
        names = [c.name for c in state_of(app).combatants.values()]
        assert [n for n in names if n[-1].isdigit()] == [f"Bandit {n}" for n in "1234"]
