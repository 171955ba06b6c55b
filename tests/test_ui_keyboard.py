"""Every dialog by keyboard alone (issue 27): Tab walks the fields, arrows move in a
list, Enter applies, Esc closes; no mouse anywhere."""

from __future__ import annotations

from pathlib import Path

from tests.test_launcher import gm_folder, launcher
from tests.ui_helpers import ui_test
from tracker.store.encounter_file import load
from tracker.ui.modals.dialog import FieldSelect
from tracker.ui.modals.new_encounter import NewEncounterScreen, ruleset_options


@ui_test
async def test_the_new_encounter_dialog_takes_its_ruleset_by_keyboard(tmp_path: Path) -> None:
    # issue 27: Tab never left Title, so "Ork ambush" silently became the first ruleset
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    ids = [rid for _, rid in ruleset_options()]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewEncounterScreen)
        await pilot.press(*"Ork ambush", "tab")
        select = app.screen.query_one("#new-ruleset", FieldSelect)
        assert app.focused is select
        await pilot.press("down")
        await pilot.pause()
        for _ in range(ids.index("wrath-glory") - ids.index(str(select.value))):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert select.value == "wrath-glory"
        await pilot.press("enter")
        await pilot.pause()
    made = app.return_value
    assert made is not None
    loaded = load(made)
    assert (loaded.encounter.state.title, loaded.rules.id) == ("Ork ambush", "wrath-glory")
