"""A game whose initiative is a card dealt (Savage Worlds) shows the card on the row, the
players' board and ``tracker state`` (``K♦``, ``Jk``), not the number it sorts by; words
too long for the row's column show the number."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest

from tests.harm_ruleset import HarmOnly
from tests.installed_ruleset import fight_file
from tests.ui_helpers import make_app, opened, ui_test
from tracker.api import Combatant, DiceLike
from tracker.cli import main
from tracker.core.dice import ScriptedDice
from tracker.export.player_view import player_board
from tracker.rules.display import initiative_shown
from tracker.rules.guarded import guarded, view_faults
from tracker.store.encounter_file import load
from tracker.ui.panes.initiative import InitiativePane

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "♣♦♥♠"

FIGHT = """format = 2

[encounter]
title = "Pier 9"
ruleset = "cards-dealt"

[[combatants]]
id = "jack"
name = "Jack"
side = "pc"

[[combatants]]
id = "slim"
name = "Slim"
side = "enemy"

[[combatants]]
id = "mae"
name = "Mae"
side = "ally"
"""


class CardsDealt(HarmOnly):
    """A card from 54 for initiative: 1-52 by rank then suit, 100 a Joker."""

    id: ClassVar[str] = "cards-dealt"

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """The card's face as the value (a die of 54 in the GM's hand)."""
        face = dice.d(54)
        return (100 if face > 52 else face), (face,), "Joker" if face > 52 else ""

    def initiative_words(self, value: float) -> str:
        """``K♦``; ``Jk`` for a Joker; a card too long to show for 99 (a test's)."""
        if value == 100:
            return "Jk"
        if value == 99:
            return "Joker!"
        face = int(value) - 1
        return f"{RANKS[face // 4]}{SUITS[face % 4]}"


RULESET = CardsDealt


def dealt(folder: Path, monkeypatch: pytest.MonkeyPatch, faces: str) -> Path:
    """The fight, started with the cards ``faces`` (jack, slim, mae)."""
    path = fight_file(CardsDealt, monkeypatch, folder / "pier.toml", FIGHT)
    assert main(["do", str(path), "--dice", faces, "start"]) == 0
    return path


def test_tracker_state_shows_each_card_as_the_game_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = dealt(tmp_path, monkeypatch, "46,53,33")
    capsys.readouterr()
    assert main(["state", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[:3] for row in rows] == [
        ["▶", "Jk", "Slim"],
        ["K♦", "Jack", "H0"],
        ["10♣", "Mae", "H0"],
    ]


def test_the_players_board_shows_the_card_of_an_ally_and_a_long_word_as_the_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = load(dealt(tmp_path, monkeypatch, "46,53,33")).encounter
    board = player_board(fight.state, CardsDealt())
    assert {row.name: row.initiative for row in board.rows} == {
        "Slim": "",
        "Jack": "K♦",
        "Mae": "10♣",
    }
    fight.run("init jack 99", ScriptedDice(()))  # words too long for the row's column
    board = player_board(fight.state, CardsDealt())
    assert {row.name: row.initiative for row in board.rows}["Jack"] == "99"


@ui_test
async def test_the_initiative_pane_shows_the_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(dealt(tmp_path, monkeypatch, "46,53,33"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        lines = app.query_one(InitiativePane).plain_lines
    assert [line.split()[:3] for line in lines] == [
        ["▶", "Jk", "Slim"],
        ["K♦", "Jack", "H0"],
        ["10♣", "Mae", "H0"],
    ]


def test_the_log_says_the_card_dealt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dealt(tmp_path, monkeypatch, "46,53,33")
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Jack initiative K♦", "Slim initiative Jk (Joker)", "Mae initiative 10♣"]


class Misdealt(CardsDealt):
    """Its words fail: a bug in a package's code."""

    id: ClassVar[str] = "misdealt"

    def initiative_words(self, value: float) -> str:
        """Fails on every value."""
        raise IndexError("no such card")


def test_words_that_fail_in_a_package_show_the_number_and_say_so() -> None:
    rules = guarded(Misdealt)()
    assert initiative_shown(rules.initiative_words, 46) == "46"
    (account,) = view_faults(rules)
    assert "initiative_words failed (IndexError: no such card" in account
