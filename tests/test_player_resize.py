"""``tracker view`` on a screen that changes: a long order keeps the acting card on screen
when the terminal is resized or large type is switched on or off (a TV across the table
shows whose turn it is, not the top of the order), and large type says when the GM's file
cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.player_app_helpers import order_rows, view, within_a_second
from tests.player_helpers import async_test, copy_sample, play, screen_text
from tracker.ui.player.app import STALE, PlayerApp


@pytest.fixture(scope="module")
def long_order(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bandits and 40 more, 30 turns into the first round."""
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path_factory.mktemp("long"))
    play(path, *(f"add Guard{n:02} side=ally hp=9 init={n % 5}" for n in range(40)), "start")
    play(path, *("next",) * 30)
    return path


def acting_shown(app: PlayerApp) -> bool:
    """Whether the acting card's line (▶ and its name) is on the screen."""
    assert app.board is not None
    acting = next(row for row in app.board.rows if row.acting)
    return any("▶" in line and acting.name in line for line in order_rows(app))


async def settle(pilot: Pilot[int]) -> None:
    """Let the view take the file, lay out and scroll."""
    for _ in range(4):
        await pilot.pause(0.05)


@pytest.mark.parametrize(
    ("start", "then"),
    [((80, 24), (200, 50)), ((80, 24), (120, 36)), ((200, 50), (80, 24)), ((120, 36), (200, 50))],
)
@async_test
async def test_the_acting_card_stays_on_screen_through_a_resize(
    long_order: Path, start: tuple[int, int], then: tuple[int, int]
) -> None:
    app = view(long_order)
    async with app.run_test(size=start) as pilot:
        await settle(pilot)
        assert acting_shown(app), "\n".join(order_rows(app))
        await pilot.resize_terminal(*then)
        await settle(pilot)
        assert acting_shown(app), "\n".join(order_rows(app))


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
@async_test
async def test_large_type_on_and_off_keeps_the_acting_card_on_screen(
    long_order: Path, size: tuple[int, int]
) -> None:
    app = view(long_order)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert acting_shown(app), "\n".join(order_rows(app))
        await pilot.press("l")
        await settle(pilot)
        assert acting_shown(app), "\n".join(order_rows(app))


@async_test
async def test_large_type_says_when_the_file_cannot_be_read(tmp_path: Path) -> None:
    # large type hides the header line, where the warning was: a TV went on showing an
    # old board as if it were the fight
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start")
    app = view(path, large=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "cannot be read" not in screen_text(app)
        path.rename(tmp_path / "away.toml")
        assert await within_a_second(pilot, app, "cannot be read just now")
        assert "Wren" in screen_text(app)  # the last board stays, said to be old
        (tmp_path / "away.toml").rename(path)
        for _ in range(20):
            await pilot.pause(0.05)
            if "cannot be read" not in screen_text(app):
                break
        assert "cannot be read" not in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (56, 20)])
@async_test
async def test_the_stale_file_warning_is_read_whole_under_the_header(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # at 80 columns the header ran "… Mara's turn · the GM's file cannot be read just n…":
    # the warning now has a line of its own under the turn, wrapped where it must be
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start")
    app = view(path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        path.rename(tmp_path / "away.toml")
        assert await within_a_second(pilot, app, "cannot be read")
        rows = [row.strip() for row in screen_text(app).splitlines() if row.strip()]
        assert "Mara's turn" in rows[0]
        assert " ".join(rows[1:4]).startswith(STALE)
        assert "…" not in " ".join(rows[:4])
