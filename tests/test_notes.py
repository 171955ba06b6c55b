"""A GM's standing note on a combatant (issue 12): from the roster's ``notes`` or the
``notes`` command, undone like any command, shown for the selected combatant, in the GM's
export and never in the players'."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui_helpers import ROOT, make_app, opened, pane_text, state_of, ui_test
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.session import Encounter
from tracker.ui.modals.notes import NotesScreen

NONE = ScriptedDice([])


def test_a_note_is_kept_replaced_cleared_and_undone(fight: Encounter) -> None:
    fight.run("notes gob carries the bridge key", NONE)
    assert fight.state.combatant("gob").notes == "carries the bridge key"
    fight.run('notes "Goblin" flees below 3 HP', NONE)
    assert fight.state.combatant("gob").notes == "flees below 3 HP"
    fight.run("undo", NONE)
    assert fight.state.combatant("gob").notes == "carries the bridge key"
    fight.run("notes gob -", NONE)
    assert fight.state.combatant("gob").notes == ""


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("notes", "needs a combatant"),
        ("notes gob", "needs the note"),
        ("notes nobody x", "no combatant"),
    ],
)
def test_a_note_without_its_parts_is_one_sentence(fight: Encounter, line: str, says: str) -> None:
    with pytest.raises(RuleError, match=says):
        fight.run(line, NONE)
    assert all(not c.notes for c in fight.state.combatants.values())


@ui_test
async def test_the_roster_note_shows_for_the_selected_and_n_edits_it(tmp_path: Path) -> None:
    path = tmp_path / "ramiel.toml"
    path.write_bytes((ROOT / "encounters" / "eva-escale-ramiel.toml").read_bytes())
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("unit-01")
        await pilot.pause()
        assert "✎ Positron rifle (3d10+4, Pen 6)" in pane_text(app, "#status-text")
        await pilot.press("N")
        assert isinstance(app.screen, NotesScreen)
        field = app.screen.query_one("#notes-text")
        field.value = ""  # type: ignore[attr-defined]
        await pilot.press(*"shield arm broken", "enter")
        await pilot.pause()
        assert state_of(app).combatant("unit-01").notes == "shield arm broken"
        assert "✎ shield arm broken" in pane_text(app, "#status-text")
        await pilot.press("u")
        await pilot.pause()
        assert state_of(app).combatant("unit-01").notes.startswith("Positron rifle")
