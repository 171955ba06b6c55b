"""The table screen late in a long fight, as a GM sees it: a combatant with many injuries
(the body pane scrolls) keeps its figure whole; a dialog shows no field that takes
nothing, and takes what the command line takes."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tests.player_helpers import copy_sample
from tests.ui_helpers import (
    basic_file,
    make_app,
    nerv_file,
    opened,
    state_of,
    text_of,
    ui_test,
)
from tracker.ui.modals.ailment import AilmentScreen
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.panes.drawing import Drawing

NERV = "nerv-sachiel.toml"


@ui_test
async def test_a_long_injury_list_leaves_the_figure_whole_at_120x36(tmp_path: Path) -> None:
    # seen at 120x36: Unit-01 with four body injuries made the pane scroll; the scrollbar
    # took a cell of the 37 the figure needs, and the right arm's box lost its edge
    path = copy_sample(NERV, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "wound unit-01 9 @body", "select unit-01"):
            assert app.run_line(line).ok, line
        await pilot.pause()
        await pilot.pause()
        assert app.query_one(BodyChart).max_scroll_y > 0  # the injuries run below: it scrolls
        drawing = app.query_one("#body-drawing", Drawing)
        rows = [drawing.render_line(y).text for y in range(8)]
    arms = next(row for row in rows if "L arm" in row)
    assert "R arm" in arms and arms.rstrip().endswith("╮"), rows
    assert arms.count("╭") == arms.count("╮") == 3, arms


@ui_test
async def test_the_damage_dialog_shows_no_options_field_for_a_verb_without_options(
    tmp_path: Path,
) -> None:
    # seen at 80x24 on basic: "Options / none / none" — a field that takes nothing
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.select("gob")
        await pilot.press("d")
        assert isinstance(app.screen, DamageScreen)
        assert not app.screen.query_one("#damage-options", Input).display
        assert not app.screen.query_one("#damage-usage").display
        await pilot.press("3", "tab")
        assert app.screen.focused is not None and app.screen.focused.id != "damage-options"
        await pilot.press("enter")
    assert state_of(app).combatant("gob").track("hp") == 4


@ui_test
async def test_the_damage_dialog_keeps_the_options_of_a_verb_that_takes_some(
    tmp_path: Path,
) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("d")
        assert isinstance(app.screen, DamageScreen)
        assert app.screen.query_one("#damage-options", Input).display
        assert "[exploit]" in text_of(app.screen.query_one("#damage-usage", Static))


@ui_test
async def test_the_ailment_dialog_takes_a_name_of_the_gms_own_where_the_rules_do(
    tmp_path: Path,
) -> None:
    # seen at 80x24 on basic: typing "Hexed" emptied the list and Enter said "pick an
    # ailment first", though ':ail gob Hexed' takes it (basic allows any name)
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.select("gob")
        await pilot.press("a", *"Hexed", "enter")
        assert not isinstance(app.screen, AilmentScreen)
    assert state_of(app).combatant("gob").condition("Hexed") is not None


@ui_test
async def test_the_ailment_dialog_says_the_rules_refusal_of_an_unknown_name(
    tmp_path: Path,
) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("a", *"Zzz", "enter")
        assert isinstance(app.screen, AilmentScreen)
        said = text_of(app.screen.query_one("#dialog-error", Static))
    assert "no ailment or condition 'Zzz'" in said and "Burning" in said, said
