"""The status pane lists only the ailment categories that hold something, or one ``No
ailments`` line: at 80x24 a line per empty category ("Mental: —", "Mind: —" and four
more) pushed the selected combatant's real lines below the fold."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.ui_helpers import ROOT, make_app, nerv_file, opened, ui_test, visible_status


@ui_test
async def test_empty_categories_give_way_to_one_line(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.select("rei")
        await pilot.pause()
        rows = visible_status(app)
        assert "No ailments" in rows
        assert not [row for row in rows if row.rstrip().endswith(": —")], rows
        assert app.run_line("ail rei Burning").ok
        await pilot.pause()
        rows = visible_status(app)
        assert any(row.startswith("Physical:") and "Burning" in row for row in rows), rows
        assert not [row for row in rows if row.startswith(("Mental:", "No ailments"))], rows


@ui_test
async def test_persona_says_no_ailments_one_way(tmp_path: Path) -> None:
    """persona-d100 words its own Physical, Mental and Spiritual lines (its catalogue
    lists only Staggered): "No ailments" stood above "Physical: —", "Mental: —",
    "Spiritual: —", and above "Physical: Burn" once Yu burned."""
    path = tmp_path / "castle.toml"
    shutil.copyfile(ROOT / "encounters" / "persona-d100-shadows.toml", path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("yu")
        await pilot.pause()
        rows = visible_status(app)
        assert "No ailments" in rows
        assert not [row for row in rows if row.rstrip().endswith(": —")], rows
        assert app.run_line("ail yu Burn category=physical").ok
        await pilot.pause()
        rows = visible_status(app)
        assert [row.split() for row in rows if row.startswith("Physical:")] == [
            ["Physical:", "Burn"]
        ], rows
        assert not [row for row in rows if row.startswith(("Mental:", "No ailments"))], rows
