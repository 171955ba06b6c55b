"""Pilot tests of the log pane: rounds and turns, undone lines struck through, following
the newest line and scrolling back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.log_pane import LogPane


@ui_test
async def test_log_groups_by_round_and_turn_and_strikes_undone(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        log = app.query_one(LogPane)
        lines = log.plain_lines
        assert lines[0] == "Before the fight"
        assert "Round 1" in lines
        assert any(line.startswith("  ▸ ") and "turn" in line for line in lines)
        assert app.run_line("dmg orc 4").ok
        await pilot.pause()
        assert log.plain_lines[-1] == "    Orc: HP 15 → 11"
        await pilot.press("u")
        last = log.lines[-2]
        assert last.plain == "    Orc: HP 15 → 11  (undone)"
        assert any(
            span.style and "strike" in str(span.style) for span in last.spans
        ) or "strike" in str(last.style)
        assert log.plain_lines[-1].startswith("    Undone: Orc: HP 15 → 11")


async def twelve_turns_in(app: TrackerApp, pilot: Pilot[Any]) -> LogPane:
    """Start the fight and play twelve turns: more log lines than the pane shows."""
    await opened(pilot)
    await pilot.press("s")
    for _ in range(12):
        await pilot.press("n")
    await pilot.pause()
    return app.query_one(LogPane)


@ui_test
async def test_log_follows_the_newest_line(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        log = await twelve_turns_in(app, pilot)
        height = log.scrollable_content_region.height
        assert len(log.lines) > height
        assert log.scroll_y + height == len(log.lines)  # the newest line is the bottom row


@ui_test
async def test_log_shows_its_scrollbar_only_when_scrolled_back(tmp_path: Path) -> None:
    """Following the newest line the log has no scrollbar and a plain title (nothing to
    repaint at every turn); scrolled back, the scrollbar shows where the GM is, the title
    how many entries there are, and no line re-wraps."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        log = await twelve_turns_in(app, pilot)
        assert not log.show_vertical_scrollbar
        wrapped = list(log.plain_lines)
        assert log.allow_vertical_scroll  # the mouse wheel scrolls it all the same
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert log.has_class("-back") and log.show_vertical_scrollbar
        assert log.plain_lines == wrapped
        frame = app.query_one("#log-frame")
        assert str(frame.border_title) == f"Log · {len(log.feed.lines)} entries"
        await pilot.press("n")
        await pilot.pause()
        height = log.scrollable_content_region.height
        assert log.scroll_y + height == len(log.lines)  # a new turn brings the log back
        assert not log.has_class("-back") and not log.show_vertical_scrollbar
        assert str(frame.border_title) == "Log"  # following: a title that stays put


@ui_test
async def test_a_log_of_one_long_entry_counts_it_as_a_word(tmp_path: Path) -> None:
    """Scrolled back, the title counts the entries; one long note read "Log · 1 entries"."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("note " + " ".join(["The bridge creaks under the ogre."] * 20)).ok
        await pilot.pause()
        log = app.query_one(LogPane)
        assert len(log.feed.lines) == 1 and len(log.lines) > log.scrollable_content_region.height
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert str(app.query_one("#log-frame").border_title) == "Log · 1 entry"
