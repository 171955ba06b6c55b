"""Helpers for the TUI tests: encounter files on disk, an app that ignores the user's
folders, the text a GM would read in a pane, and a screen held still for a snapshot."""

from __future__ import annotations

import asyncio
import functools
import io
import re
import shutil
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Static
from textual.worker import WorkerCancelled

from tracker.core.dice import Dice
from tracker.core.model import EncounterState
from tracker.paths import bundled_dir
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile
from tracker.ui.app import TrackerApp
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.status import StatusPane
from tracker.ui.panes.text_line import TextLine
from tracker.ui.themes import load_themes

ROOT = Path(__file__).resolve().parent.parent
NERV_SAMPLE = ROOT / "encounters" / "nerv-sachiel.toml"

BASIC_TEXT = """format = 2

[encounter]
title = "Goblin ambush"
ruleset = "basic"

[[combatants]]
id = "ann"
name = "Ann"
side = "pc"
stats = { hp = 12, init = 3 }
resources = { luck = 2 }

[[combatants]]
id = "bo"
name = "Bo"
side = "pc"
stats = { hp = 10, init = 1 }

[[combatants]]
id = "gob"
name = "Goblin"
stats = { hp = 7, init = 2 }

[[combatants]]
id = "orc"
name = "Orc"
stats = { hp = 15, init = 0 }
"""


def basic_file(folder: Path, name: str = "fight.toml", extra: str = "") -> Path:
    """A basic-ruleset encounter with Ann, Bo (pcs), a Goblin and an Orc."""
    path = folder / name
    path.write_text(BASIC_TEXT + extra, encoding="utf-8")
    return path


def nerv_file(folder: Path, name: str = "sachiel.toml") -> Path:
    """A copy of the bundled nerv-d100 sample (three pilots and Sachiel)."""
    path = folder / name
    shutil.copyfile(NERV_SAMPLE, path)
    return path


def hold_settling(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the rest of opening (``EncounterFile.settle``) back while the fight is on
    screen, until the returned event is set (or 10 s pass)."""
    go_on = threading.Event()
    settle = EncounterFile.settle

    def held_settle(play: EncounterFile) -> None:
        go_on.wait(10)
        settle(play)

    monkeypatch.setattr(EncounterFile, "settle", held_settle)
    return go_on


def make_app(path: Path, seed: int = 7, keymap: Path | None = None) -> TrackerApp:
    """An app on ``path`` with seeded dice, bundled themes only, and no user keymap."""
    return TrackerApp(
        path,
        Dice(seed=seed),
        shelf=load_themes([bundled_dir("themes")]),
        keymap_file=keymap or path.with_name("no-keymap.toml"),
    )


async def opened(pilot: Pilot[int]) -> None:
    """Wait until the file is open and the screen shows it."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for _ in range(500):
        if app.failure or (app.opened_paint is not None and app.session.refusal() is None):
            break
        await pilot.pause(0.01)
    assert app.play is not None, app.failure or "the file did not open in 5 s"
    await pilot.pause()


async def settled(pilot: Pilot[Any]) -> None:
    """Wait until the screen has nothing left to lay out or paint, three looks running: a
    pane whose rows overflow gets its scrollbar a frame later and makes its rows again for
    the narrower width (a snapshot taken between the two was the one before it)."""
    screen = pilot.app.screen
    calm = 0
    for _ in range(100):
        await pilot.pause(0.01)
        busy = screen._layout_required or screen._repaint_required or screen._dirty_widgets
        calm = 0 if busy else calm + 1
        if calm >= 3:
            return


async def refused(pilot: Pilot[int]) -> None:
    """Wait for an app whose file cannot be opened to give up."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for _ in range(500):
        if app.failure:
            break
        try:
            await pilot.pause(0.01)
        except WorkerCancelled:
            break


def text_of(static: Static | Drawing, width: int = 80) -> str:
    """The plain text a Static (or a pane's Drawing) shows."""
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(static.content)
    return capture.get()


def pane_text(app: TrackerApp, selector: str) -> str:
    """The text of a pane drawn with a Static (``#body-drawing``, ``#status-text``)."""
    found = app.query_one(selector)
    assert isinstance(found, Static | Drawing), f"{selector} is not a drawing"
    return text_of(found)


def ui_test(scenario: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot scenario as a plain test (pytest has no asyncio plugin here)."""

    @functools.wraps(scenario)
    def test(*args: Any, **kwargs: Any) -> None:
        asyncio.run(scenario(*args, **kwargs))

    return test


def state_of(app: TrackerApp) -> EncounterState:
    """The app's state (the file is open, so there is one)."""
    assert app.state is not None, "the encounter is not open"
    return app.state


def play_of(app: TrackerApp) -> EncounterFile:
    """The encounter file the app plays (open)."""
    assert app.play is not None, "the encounter is not open"
    return app.play


def rules_of(app: TrackerApp) -> Ruleset:
    """The app's ruleset (open)."""
    assert app.rules is not None, "the encounter is not open"
    return app.rules


def offers(text: str, key: str, label: str) -> bool:
    """The status text offers ``label`` on ``key``: ``[1] pass``, or ``[1]pass`` where a
    short pane draws each reminder's keys in a row of their own."""
    return bool(re.search(rf"\[{key}\] ?{re.escape(label)}(?!\w)", text))


def still(pilot: Pilot[Any]) -> None:
    """No blinking cursors anywhere (the snapshot must not depend on the moment)."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


def visible_status(app: TrackerApp) -> list[str]:
    """The status pane's rows that are on screen, as the terminal shows them."""
    pane = app.query_one(StatusPane)
    drawing = app.query_one("#status-text", Drawing)
    top, rows = int(pane.scroll_y), pane.scrollable_content_region.height
    return [drawing.render_line(y).text.rstrip() for y in range(top, top + rows)]


def message_rows(app: TrackerApp) -> str:
    """The rows under the command bar, as the terminal shows them."""
    line = app.query_one("#command-message", TextLine)
    return " ".join(line.render_line(y).text for y in range(line.size.height))
