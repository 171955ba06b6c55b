"""Pilot tests per modal: each works from the keyboard alone and says refusals in place."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList, Static

from tests.ui_helpers import (
    basic_file,
    make_app,
    nerv_file,
    opened,
    play_of,
    rules_of,
    state_of,
    text_of,
    ui_test,
)
from tracker.core.events import DiceRolled
from tracker.store.encounter_file import load
from tracker.ui.modals.add_combatant import AddCombatantScreen
from tracker.ui.modals.ailment import AilmentScreen
from tracker.ui.modals.confirm import ConfirmScreen
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.modals.dice_roller import DiceRollerScreen
from tracker.ui.modals.help import HelpScreen
from tracker.ui.panes.initiative import InitiativePane


def error_of(screen: object) -> str:
    """The refusal a dialog shows."""
    return text_of(screen.query_one("#dialog-error", Static)).strip()  # type: ignore[attr-defined]


@ui_test
async def test_damage_modal_applies_amount_to_the_selected(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("j", "j", "d")
        assert isinstance(app.screen, DamageScreen)
        await pilot.press("5")
        assert "dmg gob 5" in text_of(app.screen.query_one("#dialog-preview", Static))
        await pilot.press("enter")
        assert not isinstance(app.screen, DamageScreen)
        assert state_of(app).combatant("gob").track("hp") == 2
    assert load(path).encounter.state.combatant("gob").track("hp") == 2


@ui_test
async def test_damage_modal_picks_a_location_from_the_keyboard(tmp_path: Path) -> None:
    # seed 000 "Hit locations": a named location replaces the d100 roll.
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        await pilot.press("d")
        screen = app.screen
        assert isinstance(screen, DamageScreen)
        await pilot.press("1", "2", "tab")  # amount, then the location list
        await pilot.press("down", "end", "enter")  # open it, last entry (Core), pick it
        assert "@core" in text_of(screen.query_one("#dialog-preview", Static))
        await pilot.press("tab", *"exploit", "enter")
        assert app.screen is not screen
        said = [e.text for e in play_of(app).encounter.events if e.text]
        assert any(text.startswith("Sachiel @core: 12 vs Defense") for text in said)


@ui_test
async def test_enter_on_a_closed_dropdown_applies_the_damage(tmp_path: Path) -> None:
    # issue 12: Enter on the Location field opened the list again instead of applying
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        await pilot.press("d", "3", "tab")
        focused = app.focused
        assert focused is not None and focused.id == "damage-location"
        await pilot.press("enter")
        assert not isinstance(app.screen, DamageScreen)
        assert any(e.text.startswith("Sachiel") for e in play_of(app).encounter.events)


@ui_test
async def test_damage_modal_refusal_stays_open_and_writes_nothing(tmp_path: Path) -> None:
    path = nerv_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        before = path.read_bytes()
        await pilot.press("d", "3", "tab", "tab", *"bogus=1", "enter")
        assert isinstance(app.screen, DamageScreen)
        assert error_of(app.screen).startswith("✗ ")
        assert path.read_bytes() == before
        await pilot.press("escape")
        assert not isinstance(app.screen, DamageScreen)


@ui_test
async def test_damage_modal_takes_dice_and_the_rules_judge_them(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        before = path.read_bytes()
        await pilot.press("d", *"2d6+1x", "enter")
        assert isinstance(app.screen, DamageScreen)
        assert app.screen.query_one("#damage-amount", Input).value == "2d6+1"
        assert "whole number" in error_of(app.screen)  # basic damage is a plain number
        assert path.read_bytes() == before


@ui_test
async def test_heal_key_opens_the_same_modal_for_heal(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("dmg ann 6").ok
        await pilot.press("h", "4", "enter")
        assert state_of(app).combatant("ann").track("hp") == 10


@ui_test
async def test_ailment_picker_offers_only_the_catalogue_and_refuses_a_second_physical(
    tmp_path: Path,
) -> None:
    # seed 000 "Ailments": one ailment per category; a second Physical is refused.
    path = nerv_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        await pilot.press("a")
        screen = app.screen
        assert isinstance(screen, AilmentScreen)
        names = {spec.name for spec in screen.matching()}
        assert names == {spec.name for spec in rules_of(app).catalogue()}
        await pilot.press(*"burn", "enter")
        assert state_of(app).combatant("sachiel").condition("Burning") is not None
        await pilot.press("a", *"dizzy")
        screen = app.screen
        assert isinstance(screen, AilmentScreen)
        label = str(screen.query_one("#ailment-list", OptionList).get_option_at_index(0).prompt)
        assert "already Burning" in label
        before = path.read_bytes()
        await pilot.press("enter")
        assert app.screen is screen
        assert "Physical" in error_of(screen) and "Burning" in error_of(screen)
        assert path.read_bytes() == before
        assert state_of(app).combatant("sachiel").condition("Dizzy") is None


@ui_test
async def test_ailment_picker_takes_any_name_and_rounds_in_basic(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        # issue 12: one Tab went to the list, so a typed rounds number was lost
        await pilot.press("a", *"prone", "tab")
        focused = app.focused
        assert focused is not None and focused.id == "ailment-rounds"
        await pilot.press("2", "enter")
        condition = state_of(app).combatant("ann").condition("Prone")
        assert condition is not None and condition.rounds == 2


@ui_test
async def test_add_combatant_modal_adds_a_row(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("plus")
        assert isinstance(app.screen, AddCombatantScreen)
        await pilot.press(*"Wolf", "tab", "tab", *"hp=9 init=2", "enter")
        assert not isinstance(app.screen, AddCombatantScreen)
        wolf = state_of(app).combatant("wolf")
        assert wolf.track("hp") == 9 and wolf.side == "enemy"
        assert any("Wolf" in line for line in app.query_one(InitiativePane).plain_lines)


@ui_test
async def test_add_combatant_refuses_bad_stats_in_place(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("plus", *"Wolf", "tab", "tab", *"hp=lots", "enter")
        assert isinstance(app.screen, AddCombatantScreen)
        assert "hp must be a whole number" in error_of(app.screen)


@ui_test
async def test_dice_roller_records_faces_in_the_log_and_stays_open(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("r", *"2d6+1", "enter")
        screen = app.screen
        assert isinstance(screen, DiceRollerScreen)
        rolled = play_of(app).encounter.events[-1]
        assert isinstance(rolled, DiceRolled) and len(rolled.rolls) == 2
        assert rolled.text in text_of(screen.query_one("#dice-results", Static))
        await pilot.press("escape")
        assert not isinstance(app.screen, DiceRollerScreen)


@ui_test
async def test_help_lists_keys_with_their_ids_and_the_commands(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = {row[3]: row[0] for row in app.screen.keys}
        assert keys["next-turn"] == "n" and keys["damage"] == "d"
        assert "dmg" in app.screen.verbs
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


@ui_test
async def test_confirm_removes_only_on_yes(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("orc")
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert state_of(app).combatant("orc").status == "active"
        await pilot.press("x", "y")
        assert state_of(app).combatant("orc").status == "removed"
        assert not any("Orc" in line for line in app.query_one(InitiativePane).plain_lines)
