"""Looking back works on every journal (issue 27): undo, redo, notes, joins — the board at
each turn is the one the GM saw when that turn began, and looking never crashes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.ui_helpers import ROOT, basic_file, make_app, nerv_file, opened, state_of, ui_test
from tracker.core.dice import Dice, ScriptedDice
from tracker.core.errors import TrackerError
from tracker.core.library import EmptyLibrary
from tracker.core.model import EncounterState
from tracker.core.rewind import board_at, moments
from tracker.core.session import Encounter
from tracker.store.encounter_file import load
from tracker.ui.panes.command_bar import CommandBar, CommandInput
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane

NONE = ScriptedDice([])
SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))

STEPS = (
    "next",
    "next",
    "prev",
    "undo",
    "redo",
    "note the bridge holds",
    "notes",
    "dmg",
    "heal",
    "add",
)
"""The command alphabet: flow, history, notes, damage and healing, a newcomer."""


def test_the_turns_after_an_undone_blow_can_be_looked_at(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))  # Bo 19, Ann 13, Orc 9, Goblin 4
    fight.run("dmg orc 3", NONE)
    fight.run("undo", NONE)
    fight.run("next", NONE)
    fight.run("dmg orc 5", NONE)
    fight.run("next", NONE)
    found = moments(fight.initial, fight.events)
    assert [m.label for m in found] == [
        "Round 1 · Bo's turn",
        "Round 1 · Ann's turn",
        "Round 1 · Orc's turn",
    ]
    boards = [board_at(fight.initial, fight.events, m) for m in found]
    assert [b.combatant("orc").track("hp") for b in boards] == [15, 15, 10]
    assert [b.current for b in boards] == ["bo", "ann", "orc"]


def test_a_round_begun_then_undone_is_not_where_the_round_starts(fight: Encounter) -> None:
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    for _ in range(4):
        fight.run("next", NONE)  # round 2 begins …
    fight.run("undo", NONE)  # … is taken back
    fight.run("dmg orc 4", NONE)
    fight.run("next", NONE)  # and begins again after the blow
    assert fight.state_at_round(2).combatant("orc").track("hp") == 11


def _sample_encounter(sample: Path) -> Encounter:
    encounter = load(sample).encounter
    encounter.library = EmptyLibrary()
    return encounter


def _line(step: str, state: EncounterState, pick: int, amount: int) -> str:
    if step not in ("dmg", "heal", "add", "notes"):
        return step
    if step == "add":
        return f"add Runner {pick}"
    who = sorted(state.combatants)[pick % len(state.combatants)]
    return f"notes {who} watch round {amount}" if step == "notes" else f"{step} {who} {amount}"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(
        st.tuples(st.sampled_from(STEPS), st.integers(0, 20), st.integers(1, 12)), max_size=30
    ),
)
def test_each_turn_looked_back_at_is_the_board_the_gm_saw_then(
    sample: Path, seed: int, steps: list[tuple[str, int, int]]
) -> None:
    encounter = _sample_encounter(sample)
    dice = Dice(seed=seed)
    seen: dict[int, EncounterState] = {}
    for line in ["start", *(_line(step, encounter.state, p, n) for step, p, n in steps)]:
        try:
            encounter.run(line, dice)
        except TrackerError:
            continue
        seen[encounter.state.seq] = encounter.state
    for moment in moments(encounter.initial, encounter.events):
        board = board_at(encounter.initial, encounter.events, moment)
        assert board == seen[moment.seq], moment.label
        assert board == encounter.state_at(moment.seq)


@ui_test
async def test_v_and_brackets_after_an_undo_show_the_turns(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "dmg orc 3", "undo", "next", "next"):
            assert app.run_line(line).ok, line
        live = state_of(app)
        await pilot.press("v", "left_square_bracket")
        header = app.query_one(EncounterHeader)
        assert header.looking_back.endswith("(1 of 3)")
        assert state_of(app).combatant("orc").track("hp") == 15
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert not app.session.looking_back and app.state == live


@ui_test
async def test_the_sample_after_undo_redo_and_a_note_can_be_looked_back_at(
    tmp_path: Path,
) -> None:
    path = nerv_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "next", "undo", "redo", "notes sachiel the core glows"):
            assert app.run_line(line).ok, line
        await pilot.press("v")
        assert app.session.looking_back
        assert app.query_one(EncounterHeader).looking_back.startswith("Round 1 · ")
        await pilot.press("left_square_bracket", "escape")
        assert not app.session.looking_back


@ui_test
async def test_keys_that_would_change_the_fight_are_refused_in_one_line(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "next"):
            assert app.run_line(line).ok, line
        on_disk = path.read_bytes()
        await pilot.press("v")
        bar = app.query_one(CommandBar)
        for key in ("colon", "n", "u", "d", "plus"):
            bar.say("")
            await pilot.press(key)
            assert bar.message.startswith("✗ looking back at Round 1 · "), key
            assert bar.message.endswith("— Esc returns to the fight"), key
            assert not isinstance(app.focused, CommandInput), key
        assert isinstance(app.focused, InitiativePane)
        assert path.read_bytes() == on_disk
        await pilot.press("t")  # a theme is not the fight: still offered
        await pilot.press("escape", "colon")
        assert isinstance(app.focused, CommandInput)


@ui_test
async def test_a_double_click_on_a_row_is_refused_like_d_while_looking_back(
    tmp_path: Path,
) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "next"):
            assert app.run_line(line).ok, line
        await pilot.press("v")
        pane = app.query_one(InitiativePane)
        index = next(i for i, line in enumerate(pane.plain_lines) if "Orc" in line)
        await pilot.click(pane, offset=(10, index), times=2)
        await pilot.pause()
        assert len(app.screen_stack) == 1
        assert app.query_one(CommandBar).message.startswith("✗ looking back at Round 1")
