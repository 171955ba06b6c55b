"""Two rows of the initiative never read as the same combatant at 80x24: a cut name
keeps every number that tells copies and their cards apart (alien-evolved, seed 003:
a Speed 2 drone holds two initiative cards; its second reads ``Drone (1) #2``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, state_of, ui_test
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.order_rows import shown_name
from tracker.ui.panes.row_fit import elide


@ui_test
async def test_the_drones_second_cards_stay_two_drones(tmp_path: Path) -> None:
    """Ripley, Fatigued and dying of a lethal critical (her row asks for ``dying/shift``
    and a badge count), narrows the name column: ``Drone (1) #2`` and ``Drone (2) #2``
    both read ``Drone…#2``."""
    app = make_app(copy_sample("alien-operations-deck.toml", tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in (
            "start",
            "ail ripley Fatigued",
            "dmg ripley 3",
            "crit ripley 54 Broken effect=pain lethal=shift",
        ):
            assert app.run_line(line).ok, line
        await pilot.pause()
        pane = app.query_one(InitiativePane)
        state = state_of(app)
        for row, line in zip(pane.rows, pane.plain_lines, strict=True):
            name = shown_name(state.combatant(row.slot), row.slot)
            numbers = [word for word in name.split() if any(ch.isdigit() for ch in word)]
            assert all(number in line for number in numbers), (name, line)


@pytest.mark.parametrize(
    ("name", "width", "shown"),
    [
        ("Drone (1) #2", 8, "D…(1) #2"),
        ("Drone (1) #2", 9, "Dr…(1) #2"),
        ("Drone (1) #2", 5, "Dr…#2"),  # no room for both: the card is kept, as before
        ("Ork Boy (1)", 7, "Ork…(1)"),
        ("Pvt. Vasquez", 9, "Pvt. Vas…"),
    ],
)
def test_a_cut_name_keeps_its_numbers(name: str, width: int, shown: str) -> None:
    assert elide(name, width) == shown
