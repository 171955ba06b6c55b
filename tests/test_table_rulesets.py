"""The table screen with each ruleset's sample, as a GM plays it (issue 27's siblings):
what a row, the status pane and the dialogs say at 80x24 agrees with the rule texts and
is never cut where the GM must read it."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.cells import cell_len

from tests.ui_helpers import ROOT, make_app, opened, state_of, ui_test
from tracker.ui.panes.initiative import InitiativePane


def sample_copy(folder: Path, name: str) -> Path:
    """A copy of a bundled sample to play."""
    path = folder / name
    shutil.copyfile(ROOT / "encounters" / name, path)
    return path


@ui_test
async def test_alien_a_dying_row_leaves_every_other_name_whole_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: after Ripley's lethal critical the whole order read "Dron…(1)",
    # "Pvt. Hu… Health 4/4 Stress 1" and Ripley's own row "H 0/3 BROKEN dying/ro" (the
    # death-roll timer cut without a mark); dying is Broken already (seed 003 l.135-142)
    app = make_app(sample_copy(tmp_path, "alien-operations-deck.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", "dmg ripley 4", "crit ripley 23 Gut wound lethal=round"):
            assert app.run_line(line).ok, line
        await pilot.pause()
        order = app.query_one(InitiativePane)
        rows = [row.rstrip() for row in order.plain_lines]
        width = order.scrollable_content_region.width
        assert all(cell_len(row) <= width for row in rows), rows
        for fighter in state_of(app).combatants.values():
            assert any(fighter.name in row for row in rows), (fighter.name, rows)
        ripley = next(row for row in rows if "Ripley" in row)
        assert "dying/round" in ripley, ripley

