"""Snapshot tests of the main screen at 120x36 (two rulesets × two themes) and of the
damage modal. Review changes with the report pytest writes before ``--snapshot-update``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.ui_helpers import basic_file, make_app, nerv_file, opened, settled, still
from tracker.ui.app import TrackerApp

SIZE = (120, 36)
BASIC_PLAY = ("start", "dmg orc 6", "ail gob Prone rounds=2", "next", "note the orc roars")
NERV_PLAY = (
    "start",
    "dmg sachiel 12 @core exploit",
    "ail sachiel Burning",
    "wound rei 4 @left-leg",
    "next",
)

Before = Callable[[Pilot[Any]], Awaitable[None]]


def playing(lines: tuple[str, ...], theme: str, select: str = "") -> Before:
    """Open the file, play ``lines``, switch theme, select someone."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await opened(pilot)
        app = pilot.app
        assert isinstance(app, TrackerApp)
        for line in lines:
            assert app.run_line(line).ok, line
        app.use_theme(theme)
        if select:
            app.select(select)
        await pilot.pause()
        still(pilot)
        await settled(pilot)

    return run_before


def test_basic_main_screen_dark(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path, "ambush.toml"), seed=11)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=playing(BASIC_PLAY, "default-dark", "orc")
    )


def test_basic_main_screen_light(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path, "ambush.toml"), seed=11)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=playing(BASIC_PLAY, "default-light", "orc")
    )


def test_nerv_main_screen_nerv_theme(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    # Sachiel selected (Rei's rows, which fill her status pane to the last row at
    # 120x36, stand one way now too: test_status_one_layout.py)
    assert snap_compare(app, terminal_size=SIZE, run_before=playing(NERV_PLAY, "nerv", "sachiel"))


def test_nerv_main_screen_light(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    assert snap_compare(
        app, terminal_size=SIZE, run_before=playing(NERV_PLAY, "default-light", "sachiel")
    )


def test_damage_modal(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path), seed=11)
    setup = playing(("start",), "nerv", "sachiel")

    async def run_before(pilot: Pilot[Any]) -> None:
        await setup(pilot)
        await pilot.press("d", "1", "2", "tab")
        still(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
