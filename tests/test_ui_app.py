"""The App as a whole: keys shown where they apply, undo/redo, autosave, keymap, palette,
themes, opening errors and the replay worker."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.command import CommandPalette

from tests.ui_helpers import basic_file, make_app, nerv_file, opened, refused, state_of, ui_test
from tracker.store.encounter_file import load
from tracker.store.lock import WriterLock
from tracker.ui.app_keys import TABLE_KEYS
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.palette import table_commands
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.table_screen import TableScreen


@ui_test
async def test_every_key_of_the_table_has_its_action_and_q_leaves(tmp_path: Path) -> None:
    """A key whose action the table's screen lacks does nothing at all (``q`` did, once the
    app was split into an App and its screen): each key's action is there, and ``q`` quits."""
    for binding in TABLE_KEYS:
        if isinstance(binding, Binding):
            assert hasattr(TableScreen, "action_" + binding.action.split("(")[0]), binding.key
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("q")
        await pilot.pause(0.2)
        assert not app.is_running


@ui_test
async def test_keys_are_offered_only_where_they_apply(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.table.check_action("start_fight", ()) is True
        assert app.table.check_action("next_turn", ()) is False
        assert app.table.check_action("undo", ()) is False
        assert app.table.check_action("act_now", ()) is False
        await pilot.press("s")
        assert app.table.check_action("start_fight", ()) is False
        assert app.table.check_action("next_turn", ()) is True
        assert app.table.check_action("undo", ()) is True
        await pilot.press("colon")
        assert app.table.check_action("next_turn", ()) is False  # typing in the bar


@ui_test
async def test_keys_do_nothing_under_a_modal(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", "d")
        assert isinstance(app.screen, DamageScreen)
        turn = state_of(app).current
        await pilot.press("tab", "n")  # focus leaves the text field; n is not "next" here
        assert state_of(app).current == turn


@ui_test
async def test_undo_and_redo_keys_change_the_whole_screen(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        app.select("orc")
        assert app.run_line("dmg orc 6").ok
        await pilot.pause()
        row = next(line for line in app.query_one(InitiativePane).plain_lines if "Orc" in line)
        assert "HP 9/15" in row
        await pilot.press("u")
        row = next(line for line in app.query_one(InitiativePane).plain_lines if "Orc" in line)
        assert "HP 15/15" in row
        assert state_of(app).combatant("orc").track("hp") == 15
        await pilot.press("U")
        assert state_of(app).combatant("orc").track("hp") == 9


@ui_test
async def test_every_event_is_on_disk_when_the_screen_changes(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", "n", "n")
        assert app.run_line("dmg gob 3").ok
        on_disk = load(path).encounter.state
        assert on_disk.seq == state_of(app).seq
        assert on_disk.current == state_of(app).current
        assert on_disk.combatant("gob").track("hp") == 4


@ui_test
async def test_user_keymap_rebinds_a_key(tmp_path: Path) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('next-turn = "space"\nno-such-key = "z"\n', encoding="utf-8")
    app = make_app(basic_file(tmp_path), keymap=keymap)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        first = state_of(app).current
        await pilot.press("space")
        assert state_of(app).current != first
        assert ("space", "next", "end this turn, begin the next", "next-turn") in app.key_rows()


@ui_test
async def test_palette_commands_follow_the_state(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        titles = [c.title for c in table_commands(app)]
        assert "Start the fight" in titles and "Next turn" not in titles
        assert "Damage Sachiel…" in titles and "Apply Burning to…" in titles
        assert not any(t.startswith("Undo:") for t in titles)
        assert app.run_line("start").ok
        titles = [c.title for c in table_commands(app)]
        assert "Next turn" in titles and "Start the fight" not in titles
        assert any(t.startswith("Undo: ") for t in titles)


@ui_test
async def test_palette_opens_the_damage_modal_for_the_chosen_target(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"Damage Sachiel")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        assert app.screen.target == "sachiel"


@ui_test
async def test_ruleset_theme_on_open_and_t_switches(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.theme == "nerv"
        await pilot.press("t")
        assert app.theme != "nerv" and app.theme in app.shelf.themes
        assert app.run_line("theme weyland").ok
        assert app.theme == "weyland"
        assert not app.run_line("theme pink").ok


@ui_test
async def test_ui_words_in_the_bar(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"select orc", "enter")
        assert app.selected == "orc"
        await pilot.press("colon", *"select nobody", "enter")
        assert app.query_one(CommandBar).message.startswith("✗ no combatant")


@ui_test
async def test_a_file_another_gm_holds_is_refused_with_one_line(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with WriterLock(path):
        app = make_app(path)
        async with app.run_test(size=(120, 36)) as pilot:
            await refused(pilot)
        assert app.return_code == 1
        assert "fight.toml is open for writing by" in app.failure
        assert "\n" not in app.failure


@ui_test
async def test_a_broken_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = basic_file(tmp_path, extra='\n[[combatants]]\nid = "x"\n')
    before = path.read_bytes()
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await refused(pilot)
    assert app.return_code == 1
    assert app.failure.startswith(f"{path}:")
    assert path.read_bytes() == before


@ui_test
async def test_long_journal_undo_replays_in_a_worker(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        assert app.run_line("dmg orc 5").ok
        app.session.replay_in_worker_after = 3
        outcome = app.run_line("undo")
        assert outcome.ok and "replaying" in outcome.message
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.busy == ""
        assert state_of(app).combatant("orc").track("hp") == 15
        assert app.query_one(CommandBar).message.startswith("Undone: Orc: HP 15 → 10")


@ui_test
async def test_export_key_opens_the_export_screen(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", "e")
        assert type(app.screen).__name__ == "ExportScreen"
        await pilot.press("escape")
        assert type(app.screen).__name__ != "ExportScreen"
