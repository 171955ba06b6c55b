"""The add dialog adds an enemy unless told: its stats hint is an enemy's (``grit=3``),
not the first PC's (``stress=2``) when the two sides keep different stats."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.faulty_ruleset import faulty_fight
from tests.ui_helpers import make_app, opened, ui_test
from tracker.ui.modals.add_combatant import AddCombatantScreen


@ui_test
async def test_the_stats_hint_is_an_enemys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = faulty_fight(tmp_path, monkeypatch)
    text = path.read_text(encoding="utf-8")
    text = text.replace('side = "pc"\n', 'side = "pc"\nstats = { stress = 2 }\n', 1)
    path.write_text(text + "stats = { grit = 3 }\n", encoding="utf-8")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("plus")
        screen = app.screen
        assert isinstance(screen, AddCombatantScreen)
        assert screen.query_one("#add-stats", Input).placeholder == "grit=3"
