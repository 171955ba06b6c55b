"""The player view says a combatant's side in a word, not by its colour alone: a
colour-blind player or a monochrome terminal tells an enemy from a friend, in the same
words as the web page ("enemy", "neutral"; the players' own side needs none). Its header
keeps the round and whose turn whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.player_helpers import async_test, copy_sample, play
from tracker.export.player_view import PlayerBoard, PlayerRow
from tracker.paths import bundled_dir
from tracker.store.follow import FileFollower
from tracker.ui.player.app import PlayerApp
from tracker.ui.player.cards import CardLine, CombatantCard
from tracker.ui.themes import load_themes
from tracker.web.page import PlayersView, fragment

SIDES = ("pc", "ally", "enemy", "neutral", "monster")
SAMPLES = ["basic-bandits-at-the-ford.toml", "nerv-sachiel.toml", "wrath-ork-boarding.toml"]


@pytest.mark.parametrize("sample", SAMPLES)
@async_test
async def test_each_card_says_an_enemy_in_a_word_at_80x24(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    play(path, "start", "add Hermit side=neutral")
    app = PlayerApp(FileFollower(path), shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        cards = {
            card.row.slot: (card.row, card.query_one(CardLine).rows(card.size.width))
            for card in app.query(CombatantCard)
        }
    sides = {row.side for row, _ in cards.values()}
    assert {"enemy", "neutral"} <= sides and sides & {"pc", "ally"}, sides
    for row, lines in cards.values():
        first = " ".join(line.plain for line in lines)
        words = [w for w in ("enemy", "neutral") if f" {w} · " in f" {first} "]
        assert words == ([row.side] if row.side in ("enemy", "neutral") else []), first


def test_the_web_page_says_the_same_word() -> None:
    rows = [PlayerRow(f"s{n}", f"N{n}", side, "", "", "unhurt") for n, side in enumerate(SIDES)]
    said = [row.side_word for row in rows]
    assert said == ["", "", "enemy", "neutral", "neutral"]  # an unknown side: neutral
    for row, word in zip(rows, said, strict=True):
        page = fragment(PlayersView(PlayerBoard("T", 1, (), "", (), (row,)), ()))
        assert (f'<span class="side">{word}</span>' in page) == bool(word), page


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@async_test
async def test_the_header_keeps_the_round_and_the_turn_whole(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # seen at 80x24 on the alien sample: "Operations Deck, Hadley's Hope · Round 3 ·
    # Drone (1)'s turn · stretch 0 ·" — the shift cut off the edge; the title gives way
    path = copy_sample("alien-operations-deck.toml", tmp_path)
    play(path, "start", "next", "next")
    app = PlayerApp(FileFollower(path), shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test(size=size) as pilot:
        for _ in range(4):
            await pilot.pause(0.05)
        header = app.query_one("#header", Static)
        shown = header.render_line(0).text.strip()
        board = app.board
    assert board is not None
    where = " · ".join((*board.where, *board.pools))
    assert shown.endswith(where) and "…" not in shown, shown
    assert (board.title in shown) == (size[0] >= 120), shown
