"""The body chart never cuts a number a GM must read: an Evangelion's Critical Damage on
a location is drawn in its box with its amount, at 80x24 (the chart brought up with
`b`) and at 120x36 (eva-escale, seed 001: damage past a location's wounds is Critical
Damage there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, pane_text, ui_test


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 50)])
@ui_test
async def test_critical_damage_is_whole_in_its_box(tmp_path: Path, size: tuple[int, int]) -> None:
    path = copy_sample("eva-escale-ramiel.toml", tmp_path)
    app = make_app(path)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        assert app.run_line("dmg unit-02 40 @left-arm").ok  # 11 wounds, 20 past them
        assert app.run_line("dmg unit-02 30 @left-arm").ok  # 21 more: 41 in all
        app.select("unit-02")
        if size == (80, 24):
            await pilot.press("b")
        await pilot.pause()
        box = [line for line in pane_text(app, "#body-drawing").splitlines() if "✖" in line]
        assert len(box) == 1 and "41" in box[0], box
