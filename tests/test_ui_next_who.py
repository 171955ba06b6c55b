"""The palette offers "Orc acts next" (``next orc``): at the table the GM moves the
spotlight to whoever has not acted, as a game with no initiative asks."""

from __future__ import annotations

from pathlib import Path

from tests.ui_helpers import basic_file, make_app, opened, state_of, ui_test
from tracker.ui.palette import table_commands


@ui_test
async def test_the_palette_hands_the_turn_to_the_one_the_gm_picks(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        first = state_of(app).current
        titles = [c.title for c in table_commands(app)]
        names = {c.id: c.name for c in state_of(app).combatants.values()}
        assert f"{names[str(first)]} acts next" not in titles  # already acting
        picked = state_of(app).order[-1]  # the last in order: not who "next" would bring
        await pilot.press("ctrl+p")
        await pilot.press(*f"{names[picked]} acts next")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert state_of(app).current == picked
        assert first in state_of(app).acted
        titles = [c.title for c in table_commands(app)]
        assert f"{names[str(first)]} acts next" not in titles  # has acted this round
