"""``gm-roll``: dice (or a roll table) rolled behind the screen, from the command line or
the dice dialog. The GM reads the roll, in the TUI's log and the GM's copy of the recap,
marked "GM only"; the players never do — not on the phones' page or its stream, not in
``tracker view``, not in their recap. A plain ``roll`` is still for everyone, so each
check can fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Static

from tests.player_helpers import async_test, copy_sample, play
from tests.secrets_helpers import view_text
from tests.ui_helpers import make_app, opened, play_of, text_of, ui_test
from tests.web_helpers import next_event, served, with_token
from tracker.core import events as ev
from tracker.core.dice import Dice, ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.library import MemoryLibrary, RollTable, TableRow
from tracker.export.formats import FORMATS, recap_of
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import EncounterFile, load
from tracker.ui.modals.dice_roller import DiceRollerScreen

FORD = "basic-bandits-at-the-ford.toml"
SECRET = "zanzibar"
"""The word in every roll made behind the screen (and in none the players may read)."""


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    """The bandits, started: a public roll, and two behind the screen (one for a PC)."""
    path = copy_sample(FORD, tmp_path)
    play(
        path,
        "start",
        "roll 1d6 for=weather",
        f"gm-roll 1d20 for={SECRET}-ambush",
        f"gm-roll 2d6 wren for={SECRET}-observation",
    )
    return path


def players_recaps(path: Path) -> dict[str, str]:
    loaded = load(path)
    return {f: FORMATS[f].render(recap_of(loaded, ExportOptions())) for f in FORMATS}


def test_a_gm_roll_is_recorded_and_marked_for_the_gm_only(fight: Path) -> None:
    events = load(fight).encounter.events
    rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert [ev.gm_only(e) for e in rolls] == [False, True, True]
    assert all(r.rolls and r.total for r in rolls)  # faces kept: replay never rolls again
    loaded = load(fight)
    gm = {f: FORMATS[f].render(recap_of(loaded, ExportOptions(gm=True))) for f in FORMATS}
    assert f"for {SECRET}-ambush" in gm["txt"] and "[GM only]" in gm["txt"]
    assert "*(GM only)*" in gm["md"] and SECRET in gm["html"]
    marked = [e for e in json.loads(gm["json"])["events"] if SECRET in e["sentence"]]
    assert len(marked) == 2 and all(e["gm_only"] for e in marked)
    weather = [line for line in gm["txt"].splitlines() if "weather" in line]
    assert weather and "GM only" not in weather[0]  # a roll for the table is not marked


def test_the_players_recap_leaves_the_gm_rolls_out(fight: Path) -> None:
    for fmt, text in players_recaps(fight).items():
        assert SECRET not in text, fmt
        assert "weather" in text, fmt  # the roll for everyone is there


@async_test
async def test_the_phones_and_the_view_never_see_a_gm_roll(fight: Path) -> None:
    async with served(fight) as client:
        page = await (await client.get(with_token("/"))).text()
        stream = await client.get(with_token("/events"))
        pushed = await next_event(stream)
        stream.close()
    shown = await view_text(fight)
    for channel, text in (("page", page), ("stream", pushed), ("view", shown)):
        assert "weather" in text, channel
        assert SECRET not in text, channel


def test_a_gm_roll_may_name_a_hidden_combatant(tmp_path: Path) -> None:
    # a public line naming a hidden combatant another way is held back; behind the
    # screen it is the GM's business
    path = copy_sample(FORD, tmp_path)
    play(path, "add Secret Boss hp=30 hidden", "start")
    with pytest.raises(RuleError, match="hidden from the players"):
        play(path, "roll 1d20 for=secret-boss-ambush")
    play(path, "gm-roll 1d20 for=secret-boss-ambush")
    assert "secret-boss" not in players_recaps(path)["txt"]


def test_a_roll_table_behind_the_screen(tmp_path: Path) -> None:
    path = copy_sample(FORD, tmp_path)
    rows = (TableRow(1, 3, "Nothing stirs."), TableRow(4, 6, "A zanzibar drone drops."))
    with EncounterFile(path) as gm:
        gm.encounter.library = MemoryLibrary(tables=[RollTable("Horrors", "1d6", rows)])
        gm.execute("start", Dice(seed=1))
        (rolled,) = gm.execute("gm-roll table horrors", ScriptedDice([5]))
    assert rolled.text == "Horrors: 1d6 [5] = 5 — A zanzibar drone drops." and ev.gm_only(rolled)
    assert SECRET not in players_recaps(path)["md"]


@ui_test
async def test_the_dice_dialog_rolls_behind_the_screen_when_asked(tmp_path: Path) -> None:
    app = make_app(copy_sample(FORD, tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("r", *"1d20", "enter")
        screen = app.screen
        assert isinstance(screen, DiceRollerScreen)
        box = screen.query_one("#dice-secret", Checkbox)
        assert box.region.bottom <= 24  # on an 80x24 screen
        box.focus()
        await pilot.press("space")  # ticked: the line becomes a gm-roll
        assert box.value
        assert "gm-roll 1d20" in text_of(screen.query_one("#dialog-preview", Static))
        await pilot.press("enter")  # Enter rolls, as from every other field
        await pilot.pause()
        assert box.value
        listed = text_of(screen.query_one("#dice-results", Static)).splitlines()
        assert listed[0].startswith("(GM) ") and "1d20" in listed[0]  # the newest, marked
        assert not listed[1].startswith("(GM)")  # the roll for the table, not marked
        rolls = [e for e in play_of(app).encounter.events if isinstance(e, ev.DiceRolled)]
    assert [ev.gm_only(r) for r in rolls] == [False, True]


@pytest.mark.parametrize("verb", ["roll", "gm-roll"])
def test_a_roll_with_something_missing_names_the_verb_typed(tmp_path: Path, verb: str) -> None:
    path = copy_sample(FORD, tmp_path)
    with pytest.raises(RuleError, match=rf"^'{verb}' needs dice, e.g. '{verb} 2d10\+3'$"):
        play(path, verb)
    with pytest.raises(RuleError, match=rf"^'{verb} table' needs a table's name"):
        play(path, f"{verb} table")
