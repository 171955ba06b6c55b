"""Looking back (issue 12): the whole board as it stood at an earlier turn, read-only,
then back to the fight. Settles "was I already burning then?"."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len

from tests.ui_helpers import basic_file, make_app, opened, settled, state_of, ui_test
from tracker.core.dice import ScriptedDice
from tracker.core.rewind import board_at, moments
from tracker.core.session import Encounter
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.log_pane import LogPane

NONE = ScriptedDice([])


def test_each_turn_start_is_a_moment_and_undone_turns_are_not(fight: Encounter) -> None:
    # d20 + init: Bo 19, Ann 13, Orc 9, Goblin 4
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    fight.run("dmg orc 6", NONE)
    fight.run("next", NONE)
    fight.run("ail orc Prone", NONE)
    fight.run("next", NONE)
    fight.run("undo", NONE)  # the orc's turn never began
    found = moments(fight.initial, fight.events)
    assert [m.label for m in found] == ["Round 1 · Bo's turn", "Round 1 · Ann's turn"]
    at_bo = board_at(fight.initial, fight.events, found[0])
    assert at_bo.current == "bo" and at_bo.combatant("orc").track("hp") == 15
    at_ann = board_at(fight.initial, fight.events, found[1])
    assert at_ann.combatant("orc").track("hp") == 9
    assert at_ann.combatant("orc").condition("Prone") is None  # applied later, in Ann's turn


@ui_test
async def test_v_shows_the_last_turn_read_only_and_esc_returns(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "next", "dmg orc 6", "ail orc Prone"):
            assert app.run_line(line).ok, line
        live = state_of(app)
        on_disk = path.read_bytes()
        await pilot.press("v")
        header = app.query_one(EncounterHeader)
        assert header.looking_back.startswith("Round 1 · ")
        assert app.state is not None and app.state.combatant("orc").track("hp") == 15
        log = app.query_one(LogPane)
        assert not any("Prone" in line for line in log.plain_lines)
        refused = app.run_line("dmg orc 3")
        assert not refused.ok and refused.message.startswith("looking back at Round 1")
        await pilot.press("n", "u", "d")
        assert path.read_bytes() == on_disk
        await pilot.press("right_square_bracket")  # the start of this turn: before the blows
        assert header.looking_back.endswith("(2 of 2)")
        assert app.state is not None and app.state.current == live.current
        assert app.state.combatant("orc").condition("Prone") is None
        await pilot.press("right_square_bracket")  # past the last turn: back to the fight
        assert not app.session.looking_back and header.looking_back == ""
        assert app.state == live
        await pilot.press("v")
        await pilot.press("escape")
        assert not app.session.looking_back and app.state == live
        assert any("Prone" in line for line in log.plain_lines)
        assert app.run_line("dmg orc 3").ok


LONG_NAME = "Sergeant Mirela Voss of the Third Company"
LONG_FIGHTER = f"""
[[combatants]]
id = "voss"
name = "{LONG_NAME}"
side = "enemy"
stats = {{ hp = 9, init = 0 }}
"""


@ui_test
async def test_at_80_columns_a_long_name_is_cut_never_which_turn_of_how_many(
    tmp_path: Path,
) -> None:
    app = make_app(basic_file(tmp_path, extra=LONG_FIGHTER))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("init voss 30", "init ann 20", "init bo 15", "init gob 10", "init orc 5"):
            assert app.run_line(line).ok, line
        for line in ("start", "next", "next"):
            assert app.run_line(line).ok, line
        await pilot.press("v", "left_square_bracket")
        await settled(pilot)
        header = app.query_one(EncounterHeader)
        assert header.looking_back == f"Round 1 · {LONG_NAME}'s turn (1 of 3)"
        shown = str(header.render())
        assert shown.endswith(" (1 of 3)"), shown
        assert "Sergeant Mirela" in shown and cell_len(shown) <= 80


@ui_test
async def test_looking_back_the_last_commands_words_give_way(tmp_path: Path) -> None:
    # "Orc: HP 15 → 9" stayed under the bar while the board showed the orc at 15
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", "next"):
            assert app.run_line(line).ok, line
        await pilot.press("colon", *"dmg orc 6", "enter")
        bar = app.query_one(CommandBar)
        assert "Orc: HP 15 → 9" in bar.message
        await pilot.press("v")
        assert "Orc: HP" not in bar.message
        assert bar.message.startswith("looking back at Round 1 · "), bar.message
        await pilot.press("escape")
        assert bar.message == "back to the fight"
