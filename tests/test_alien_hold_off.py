"""Alien initiative as the text deals it (seed 003 "Combat Mode", l.58-70): cards 1-10,
lowest first, and the one way to act later is Holding off — swapping cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.alien_helpers import Table
from tests.ui_helpers import make_app, opened, state_of, ui_test
from tracker.core.errors import RuleError
from tracker.ui.panes.command_bar import CommandBar

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("card", ["0", "-3", "11"])
def test_a_card_outside_the_deck_is_refused(card: str) -> None:
    # l.58 "Draw initiative card": the deck holds cards 1-10; a 0 or a negative is no card
    table = Table()
    table.start()
    before = table.state
    with pytest.raises(RuleError, match="initiative cards run from 1 to 10"):
        table.do(f"init ripley {card}")
    assert table.state == before


def test_a_card_of_the_deck_is_handed_and_the_order_follows() -> None:
    # l.58-59: a card of 1-10 is a turn, "starting lowest first": card 1 acts first.
    table = Table()
    table.start()
    assert table.do("init ripley 1") == ["Ripley: card 1"]
    assert table.state.initiative["ripley"] == 1
    assert table.state.order[0] == "ripley"


def test_a_card_someone_holds_is_refused_with_the_swap() -> None:
    # l.58 one deck of ten: a card is dealt once; Bishop holds card 2
    table = Table()
    table.start()
    with pytest.raises(RuleError, match="card 2 is Bishop's: 'swap ripley bishop'"):
        table.do("init ripley 2")


def test_a_plain_delay_names_the_swap_the_text_allows() -> None:
    # l.69-70 "Holding Off: Swap initiative card with someone else they cannot refuse" —
    # there is no held turn: Bishop (card 2, acting) is told the swap to type
    table = Table()
    table.start()
    assert table.state.current == "bishop"
    before = table.state
    with pytest.raises(RuleError) as refused:
        table.do("delay .")
    assert "'swap bishop ripley'" in str(refused.value)
    assert "Ripley, card 4, cannot refuse" in str(refused.value)
    assert table.state == before and not table.state.delayed


def test_delay_with_another_holds_off_as_the_swap_does() -> None:
    # l.69-70 "Holding Off": `delay A B` is the swap — the other acts now on the low card.
    table = Table()
    table.start()
    lines = table.do("delay bishop ripley")
    assert lines[0].startswith("Bishop holds off: card 2 goes to Ripley")
    assert table.state.current == "ripley"
    assert table.state.initiative["bishop"] == 4


def test_the_last_card_has_nobody_to_swap_with() -> None:
    # l.69-70: holding off is a swap with someone later; the last card has nobody after it.
    table = Table()
    table.start()
    with pytest.raises(RuleError, match="holds the last card"):
        table.do("delay drone")


@ui_test
async def test_the_delay_key_says_the_swap_and_holds_nobody(tmp_path: Path) -> None:
    # l.69-70: the TUI's delay key holds nobody either; it says the swap to type.
    path = tmp_path / "deck.toml"
    path.write_bytes((ROOT / "encounters" / "alien-operations-deck.toml").read_bytes())
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        app.select(str(state_of(app).current))
        await pilot.press("w")
        await pilot.pause()
        assert "swap" in app.query_one(CommandBar).message
        assert not state_of(app).delayed
