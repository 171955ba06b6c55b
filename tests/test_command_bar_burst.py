"""Keys typed after ``:`` in one burst go into the command bar: a fast typist, a paste or
tmux sends ``:redo`` in one write, and the table's ``r`` opened the dice dialog instead
(the bar took the focus only after the keys already waiting were handed on)."""

from __future__ import annotations

from pathlib import Path

from textual import events

from tests.ui_helpers import make_app, nerv_file, opened, ui_test
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
        await pilot.pause(0.3)
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
