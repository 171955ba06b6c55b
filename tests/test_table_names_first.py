"""A GM reads who is who before anything else: in the initiative order a whole name
outranks the badges and their count (``…3``) at every size, as only the main numbers
(Shock, Wounds, Defiance failures) may narrow it."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, state_of, ui_test
from tracker.ui.panes.initiative import InitiativePane

WRATH = "wrath-ork-boarding.toml"
CONDITIONS = (
    "ail amelia Hindered 2",
    "ail amelia Prone",
    "ail amelia Vulnerable 2",
    "ail nob Prone",
    "ail nob Vulnerable 1",
    "ail nob Bleeding",
    "ail kell Bleeding",
    "ail varro Prone",
    "ail varro Bleeding",
)


@ui_test
async def test_wrath_names_stay_whole_beside_a_long_row_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: with Kell unconscious and a Defiance failure ("S 5/5 W 0/6 ✗1 …3")
    # every name was cut to make room for his count: "Sister Amel… S 6/6 W 8/8 …3"
    path = copy_sample(WRATH, tmp_path)
    app = make_app(path, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", "wound kell 6", *CONDITIONS, "defiance kell"):
            assert app.run_line(line).ok, line
        assert state_of(app).combatant("kell").track("defiance") == 1  # the seeded roll
        await pilot.pause()
        order = app.query_one(InitiativePane)
        rows = [row.rstrip() for row in order.plain_lines]
        width = order.scrollable_content_region.width
    assert all(cell_len(row) <= width for row in rows), rows
    for fighter in state_of(app).combatants.values():
        assert any(f" {fighter.name} " in row for row in rows), (fighter.name, rows)
    kell = next(row for row in rows if "Trooper Kell" in row)
    assert "S 5/5 W 0/6 ✗1" in kell and kell.endswith(" …"), kell  # more, not counted
    amelia = next(row for row in rows if "Sister Amelia" in row)
    assert amelia.endswith("S 6/6 W 8/8 …3"), amelia  # counted where there is room


ALIEN = "alien-operations-deck.toml"


@ui_test
async def test_alien_names_stay_whole_while_reminders_crowd_the_status_at_80x24(
    tmp_path: Path,
) -> None:
    # seen at 80x24: three critical injuries to look up widened the status pane, and the
    # order read "Pvt. Hu…", "Drone…#2", "Dron…(1)", "Dron…(2)", "Pvt. Va…"
    path = copy_sample(ALIEN, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        lines = ("start", "dmg ripley 4", "dmg hudson 9", "dmg drone-1 20", "add 'Drone (3)'")
        for line in lines:
            assert app.run_line(line).ok, line
        for _ in range(3):
            await pilot.pause()
        assert app.screen.has_class("-crowded")  # the log gave way, the status widened
        order = app.query_one(InitiativePane)
        rows = [row.rstrip() for row in order.plain_lines]
        width = order.scrollable_content_region.width
    assert all(cell_len(row) <= width for row in rows), rows
    for fighter in state_of(app).combatants.values():
        assert any(f" {fighter.name} " in f"{row} " for row in rows), (fighter.name, rows)
