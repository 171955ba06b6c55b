"""The player view running headless: it follows another process's appends within a second,
survives the GM's compaction, toggles large type, and no key of it can change the file."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from textual.binding import Binding
from textual.widgets import Digits

from tests.player_app_helpers import view, within_a_second
from tests.player_helpers import async_test, compact, copy_sample, play, screen_text, shown
from tracker.store.encounter_file import load
from tracker.ui.player.app import STALE, PlayerApp
from tracker.ui.player.cards import CombatantCard

SIZE = (160, 48)


def bandits(tmp_path: Path) -> Path:
    """The basic sample, started (the captain has 22 HP)."""
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start")
    return path


def card(app: PlayerApp, slot: str) -> str:
    """The first line of a combatant's card, as drawn."""
    found = next(c for c in app.query(CombatantCard) if c.row.slot == slot)
    return str(found.query_one(".card-line").render())


async def gm_command(path: Path, *words: str) -> None:
    """The GM's process: ``tracker do FILE …`` run as a separate program."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tracker.cli",
        "do",
        "--seed",
        "1",
        str(path),
        *words,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()


@async_test
async def test_what_another_process_appends_shows_within_a_second(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "unhurt" in card(app, "captain")
        await gm_command(path, "dmg", "captain", "12")
        # basic ruleset's player words: 10 of 22 HP left is "badly hurt" (half or less)
        assert await within_a_second(pilot, app, "Bandit captain: badly hurt")
        assert "badly hurt" in card(app, "captain")
        await gm_command(path, "next")
        state = load(path).encounter.state
        assert state.current is not None
        assert await within_a_second(pilot, app, f"{state.combatant(state.current).name}'s turn")


@async_test
async def test_the_view_survives_the_gms_compaction(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "dmg captain 5")
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Bandit captain: wounded" in screen_text(app)
        inode = path.stat().st_ino
        compact(path)  # the same events, the file replaced
        assert path.stat().st_ino != inode
        play(path, "dmg captain 8")
        assert await within_a_second(pilot, app, "Bandit captain: badly hurt")
        text = screen_text(app)
        assert text.count("Bandit captain: wounded") == 1  # nothing shown twice
        assert text.count("Wren initiative") == 1


@async_test
async def test_a_rewritten_title_is_shown(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        compact(path, title="Bandits at dusk")
        assert await within_a_second(pilot, app, "Bandits at dusk · Round 1")


@async_test
async def test_large_type_toggles_with_l(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "next", "next", "next", "next", "next", "next", "next", "next")
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.query_one("#log")
        banner = app.query_one("#banner")
        assert log.display and not banner.display
        await pilot.press("l")
        assert app.screen.has_class("-large")
        assert not log.display and banner.display
        assert app.query_one("#banner-round", Digits).value == "2"
        await pilot.press("l")
        assert log.display and not banner.display


@async_test
async def test_starting_in_large_type(tmp_path: Path) -> None:
    app = view(bandits(tmp_path), large=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-large")
        state = load(app.follower.path).encounter.state
        assert state.current is not None
        assert f"{state.combatant(state.current).name}'s turn" in screen_text(app)


@async_test
async def test_no_key_changes_the_file(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    before, files = path.read_bytes(), sorted(os.listdir(tmp_path))
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(
            "s",
            "n",
            "d",
            "u",
            "U",
            "h",
            "a",
            "x",
            "E",
            "plus",
            "colon",
            "enter",
            "ctrl+p",
            "escape",
            "1",
            "t",
            "l",
            "l",
        )
        await pilot.pause()
        assert {b.key for b in app.BINDINGS if isinstance(b, Binding)} == {"l", "t", "q"}
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == files


@async_test
async def test_a_broken_file_is_reported_and_the_last_board_stays(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        broken = tmp_path / "broken.toml"
        broken.write_bytes(path.read_bytes().replace(b"[encounter]", b"[encounter", 1))
        os.replace(broken, path)
        assert await within_a_second(pilot, app, "cannot be read just now")
        assert "Wren" in shown(app) and app.problem == STALE
        # the players never see why, nor where the GM keeps the file
        assert str(tmp_path) not in shown(app) and path.name not in shown(app)


@async_test
async def test_the_files_theme_is_used_and_t_changes_it_for_good(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start")
    app = view(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "nerv"
        await pilot.press("t")
        chosen = app.theme
        assert chosen != "nerv"
        play(path, "next")
        state = load(path).encounter.state
        assert state.current is not None
        assert await within_a_second(pilot, app, f"{state.combatant(state.current).name}'s turn")
        assert app.theme == chosen
