"""Keys typed after ``:`` or a dialog's key in one burst go where the GM meant: a fast
typist, a paste or tmux sends ``:redo`` or ``d3`` Enter in one write, and the table's ``r``
opened the dice dialog instead, or the 3 was lost (the bar and the dialog took the focus
only after the keys already waiting were handed on)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input

from tests.test_ui_typed_burst import calm
from tests.ui_helpers import make_app, nerv_file, opened, play_of, ui_test
from tracker.ui.panes.command_bar import CommandInput
from tracker.ui.table_screen import TableScreen

BURST = [("colon", ":"), ("r", "r"), ("e", "e"), ("d", "d"), ("o", "o")]


@ui_test
async def test_a_burst_after_the_colon_is_typed_into_the_bar(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for name, character in BURST:
            app.post_message(events.Key(name, character))
        await calm(pilot)  # every key in the burst, and what each did
        assert isinstance(app.screen, TableScreen), type(app.screen).__name__
        assert app.screen.query_one(CommandInput).value == "redo"


@ui_test
async def test_a_colon_typed_in_the_bar_is_a_colon(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press(":", *"note 10:30", "colon")
        await pilot.pause()
        assert app.screen.query_one(CommandInput).value == "note 10:30:"


@ui_test
async def test_a_damage_typed_in_one_burst_is_applied(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        before = len(play_of(app).encounter.events)
        for name, character in [("d", "d"), ("3", "3"), ("enter", "\r")]:
            app.post_message(events.Key(name, character))
        await calm(pilot)  # every key in the burst, and what each did
        assert isinstance(app.screen, TableScreen), type(app.screen).__name__
        assert len(play_of(app).encounter.events) > before  # the 3 reached the dialog


@ui_test
async def test_a_name_typed_after_plus_in_one_burst_is_the_name(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for name, character in [("plus", "+"), ("G", "G"), ("o", "o"), ("b", "b")]:
            app.post_message(events.Key(name, character))
        await calm(pilot)  # every key in the burst, and what each did
        assert app.screen.query_one("#add-name", Input).value == "Gob"
