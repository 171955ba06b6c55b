"""The status pane lists only the ailment categories that hold something, or one ``No
ailments`` line: at 80x24 a line per empty category ("Mental: —", "Mind: —" and four
more) pushed the selected combatant's real lines below the fold."""

from __future__ import annotations

from pathlib import Path

from tests.ui_helpers import make_app, nerv_file, opened, ui_test, visible_status


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
