"""The player view at 80x24 (issue 27): the acting row on screen, every badge shown whole
(badges that do not fit go on to a row of their own), and whole log sentences, wrapped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text

from tests.midfight import MIDFIGHT
from tests.player_app_helpers import order_rows, view
from tests.player_helpers import async_test, copy_sample, play, screen_text
from tracker.cli import main
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile
from tracker.ui.player.cards import CardLine, card_rows
from tracker.ui.player.log_pane import PlayerLogPane

SIZE = (80, 24)


def midfight(folder: Path, sample: str) -> Path:
    """A copy of ``sample`` played to the middle of round 2 (a line refused is left out)."""
    path = copy_sample(sample, folder)
    dice = Dice(seed=11)
    with EncounterFile(path) as gm:
        for line in MIDFIGHT[sample]:
            try:
                gm.execute(line, dice)
            except Exception:  # noqa: BLE001 - a refused line changes nothing
                continue
    return path


def squeezed(text: str) -> str:
    """``text`` without white space (a word longer than the pane is folded)."""
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("sample", sorted(MIDFIGHT))
@async_test
async def test_the_acting_row_and_every_badge_are_on_an_80x24_screen(
    tmp_path: Path, sample: str
) -> None:
    # issue 27: at 80x24 the badges fell off the card's line and nerv opened with the
    # acting card cut
    app = view(midfight(tmp_path, sample))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        board = app.board
        assert board is not None
        shown = "\n".join(order_rows(app))
        acting = [row for row in board.rows if row.acting]
        for row in acting:
            marked = [line for line in shown.splitlines() if "▶" in line]
            assert marked and row.name.split()[0] in marked[0], shown
        inside = squeezed("".join(line.strip("│") for line in shown.splitlines()))
        for row in board.rows:
            assert squeezed(row.name) in inside, (row.name, shown)  # whole, never cut
            for ailment in row.ailments:
                assert f" {ailment} " in shown, (ailment, shown)


@pytest.mark.parametrize("sample", sorted(MIDFIGHT))
@async_test
async def test_log_sentences_are_whole_at_80x24(tmp_path: Path, sample: str) -> None:
    # issue 27: the log cut its lines at about 30 characters
    app = view(midfight(tmp_path, sample))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        pane = app.query_one(PlayerLogPane)
        width = pane.scrollable_content_region.width
        assert all(Text(line).cell_len <= width for line in pane.plain_lines)
        text = squeezed(" ".join(pane.plain_lines))
        for line in app.log_lines:
            assert squeezed(line.text) in text, line.text
        last = app.log_lines[-1].text.split()[-1]
        assert last in screen_text(app)


@async_test
async def test_a_long_order_scrolls_to_the_acting_card(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, *(f"add Trooper{n} side=ally" for n in range(14)), "start")
    play(path, *("next",) * 15)
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        assert app.board is not None
        acting = next(row for row in app.board.rows if row.acting)
        marked = [line for line in order_rows(app) if "▶" in line]
        assert marked and acting.name in marked[0]


def test_badges_that_do_not_fit_start_a_row_of_their_own() -> None:
    head = Text("▶   4 Ripley              H 0/3")
    rows = card_rows([head], [Text(" Broken "), Text(" Critical Injury ")], 40)
    assert [row.plain for row in rows] == [
        "▶   4 Ripley              H 0/3  Broken ",
        "       Critical Injury ",
    ]


@async_test
async def test_large_type_on_a_short_screen_keeps_one_line_per_combatant(tmp_path: Path) -> None:
    app = view(midfight(tmp_path, "nerv-sachiel.toml"), large=True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        details = [d for d in app.query(".card-details") if d.display]
        assert details == []


LONG_NAMES = [
    "Sir Reginald Ponsonby-Smythe the Third of Lower Wallop",
    "Supercalifragilisticexpialidocious-the-Unpronounceable-Destroyer-of-Worlds-XXXX",
    "[b]<i>x</i> [/oops]",
    "מרחבא בעולם שלום",
    "🐉 Drake 👑🔥",
]


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 50)])
@async_test
async def test_long_and_hostile_names_are_whole_at_every_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # the view cut every name to 18 cells ("Sir Reginald Pons…"), even with the pane's
    # other 90 columns empty at 200x50
    path = tmp_path / "names.toml"
    assert main(["new", str(path), "--ruleset", "basic"]) == 0
    adds = [f"add '{name}' side={('pc', 'enemy')[n % 2]} hp=9" for n, name in enumerate(LONG_NAMES)]
    play(path, *adds, "start")
    app = view(path)
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        cards = [
            [line.render_line(y).text.rstrip() for y in range(line.size.height)]
            for line in app.query(CardLine)
        ]
    shown = [row for card in cards for row in card]
    names = [re.sub(r"HP 9/9|enemy · unhurt", "", "".join(card)) for card in cards]  # less health
    for name in LONG_NAMES:
        assert any(squeezed(name) in squeezed(card) for card in names), (name, shown)
    assert not any("…" in row for row in shown)
    for name in [n for n in LONG_NAMES if len(n) <= 30]:  # room for these beside the health
        assert any(name in row for row in shown), (name, shown)
