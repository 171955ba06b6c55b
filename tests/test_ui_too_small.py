"""Below 80x24 the table says it is too small (the status pane and the log are cut
off), and says nothing once the screen is large enough again."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual.widgets import Static

from tests.ui_helpers import basic_file, make_app, nerv_file, opened, settled, text_of, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.initiative import InitiativePane


def too_small_line(app: TrackerApp) -> str:
    """The notice's text when it is on screen, else ''."""
    notice = app.screen.query_one("#too-small", Static)
    return text_of(notice).strip() if notice.display and notice.region.height else ""


@ui_test
async def test_a_screen_under_80x24_says_so_and_the_fight_goes_on(tmp_path: Path) -> None:
    # at 60x20 the status pane (reminders, ailments) and the log fell off the screen
    # without a word while "1-9 resolve" stayed in the footer
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        await settled(pilot)
        assert too_small_line(app) == ""
        await pilot.resize_terminal(60, 20)
        await settled(pilot)
        assert too_small_line(app) == "60x20: too small, needs 80x24 — status and log cut off"
        await pilot.press("n")  # the keys still work
        await settled(pilot)
        assert "Round 1" in str(app.screen.query_one("#header").render())
        assert app.screen.query_one(InitiativePane).region.height > 0
        await pilot.resize_terminal(80, 24)
        await settled(pilot)
        assert too_small_line(app) == ""


@ui_test
async def test_a_dialog_narrows_to_a_small_screen(tmp_path: Path) -> None:
    # the damage dialog kept its 72 columns at 60x20: its target's ▼ and the right of
    # every field were off the screen
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        await pilot.press("d")
        await settled(pilot)
        await pilot.resize_terminal(60, 20)
        await settled(pilot)
        dialog = app.screen.query_one(".dialog")
        assert dialog.region.right <= 60 and dialog.region.x >= 0, dialog.region
        await pilot.resize_terminal(80, 24)
        await settled(pilot)
        assert app.screen.query_one(".dialog").region.width == 72


def crowd(count: int) -> str:
    """``count`` more goblins for the basic fight."""
    return "".join(
        f'\n[[combatants]]\nid = "g{n}"\nname = "Goblin {n}"\nstats = {{ hp = 7, init = 1 }}\n'
        for n in range(count)
    )


@ui_test
async def test_the_orders_title_keeps_which_rows_it_shows(tmp_path: Path) -> None:
    # at 80x24 "Initiative · ended after round 1 · 12–23 of 30" was drawn as
    # "Initiative · ended after round 1 …": the rows shown were cut, not the pane's name
    app = make_app(basic_file(tmp_path, extra=crowd(20)))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await settled(pilot)
        frame = app.query_one("#initiative-frame")
        for line in ("", "start", "end"):
            if line:
                assert app.run_line(line).ok, line
                await settled(pilot)
            title = str(frame.border_title)
            assert title.endswith(" of 24"), title
            # Textual draws a title of at most the frame's outer width less 6 uncut
            assert cell_len(title) <= frame.outer_size.width - 6, (title, frame.outer_size)
