"""Issue 32: the fight is on the screen before the rest of opening is done. The lock is
taken and the file read and repaired before the fight's first frame; the holder's note
and the removal of a killed rewrite's temp files come after that frame, and a command
typed meanwhile is refused in a sentence."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.ui_helpers import basic_file, hold_settling, make_app, opened, state_of, ui_test
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile
from tracker.store.errors import LockedError
from tracker.store.journal import HEADER_RE
from tracker.store.table_session import TableSession
from tracker.ui.app import TrackerApp
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.key_footer import KeyFooter

STALE_TEMP = ".fight.toml.0123456789ab.tmp"
"""A temp file a rewrite killed mid-way left beside the fight."""


def second_tracker(path: Path) -> LockedError:
    """What a second tracker opening ``path`` for play is told (it must be refused)."""
    with pytest.raises(LockedError) as refused:
        TableSession(path, Dice(seed=1)).open(settle=False)
    return refused.value


@ui_test
async def test_the_rest_of_opening_waits_until_the_fight_is_on_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    frames = {"painted": 0, "since the fight was handed over": -1}
    paint, settle = Screen._compositor_refresh, EncounterFile.settle
    started: list[int] = []

    def counted(screen: Screen[Any]) -> None:
        paint(screen)
        frames["painted"] += 1

    def noted_settle(play: EncounterFile) -> None:
        started.append(frames["painted"])
        settle(play)

    opened_file = TrackerApp._opened

    def noted_open(app: TrackerApp, play: EncounterFile) -> None:
        opened_file(app, play)
        frames["since the fight was handed over"] = frames["painted"]

    monkeypatch.setattr(Screen, "_compositor_refresh", counted)
    monkeypatch.setattr(EncounterFile, "settle", noted_settle)
    monkeypatch.setattr(TrackerApp, "_opened", noted_open)
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
    # the holder's note was left once, after the frame that shows the fight was painted
    assert len(started) == 1 and started[0] > frames["since the fight was handed over"] >= 0


@ui_test
async def test_a_second_tracker_is_refused_while_the_fight_shows_and_told_who_once_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = hold_settling(monkeypatch)  # the rest of opening waits while the fight shows
    path = basic_file(tmp_path)
    stale = tmp_path / STALE_TEMP
    stale.write_bytes(b"half a rewrite")
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(500):
            if app.opened_paint is not None:
                break
            await pilot.pause(0.01)
        assert state_of(app).phase == "setup"  # the fight is on screen, not yet settled
        kept = path.read_bytes()
        early = second_tracker(path)  # the lock was taken before the first frame
        assert early.pid is None and "is open for writing by another process" in str(early)
        await pilot.press("s")  # waits for the rest of opening (key_order)
        assert app.query_one(CommandBar).message == ""
        assert path.read_bytes() == kept and stale.exists()
        go_on.set()
        await opened(pilot)
        late = second_tracker(path)  # the holder's note names this tracker now
        assert late.pid == os.getpid()
        assert f"fight.toml is open for writing by pid {os.getpid()}" in str(late)
        assert not stale.exists()  # nobody else was rewriting it: the lock is ours
        await pilot.pause(0.1)
        assert state_of(app).phase != "setup"


@ui_test
async def test_a_torn_last_command_is_moved_aside_and_said_as_the_fight_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=1))
        gm.execute("dmg orc 4", Dice(seed=1))
    data = path.read_bytes()
    last = [m.start() for m in HEADER_RE.finditer(data)][-1]
    path.write_bytes(data[: last + 20])  # a crash in the middle of the damage's block
    said: list[str] = []
    notify = TrackerApp.notify

    def noted(app: TrackerApp, message: str, **kwargs: Any) -> None:
        said.append(message)
        notify(app, message, **kwargs)

    monkeypatch.setattr(TrackerApp, "notify", noted)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert state_of(app).combatant("orc").track("hp") == 15  # the damage was cut off
        assert path.read_bytes() == data[:last]  # the file ends with the last whole command
        torn = [line for line in said if "cut off by a crash" in line]
        assert len(torn) == 1 and f"{path}:" in torn[0], said
        side = torn[0].rsplit(" were moved to ", 1)[1]
        assert Path(side).read_bytes() == data[last : last + 20]
        await pilot.press("colon", *"dmg orc 2", "enter")
        assert state_of(app).combatant("orc").track("hp") == 13


@ui_test
async def test_without_a_keymap_the_footer_is_worked_out_once_as_the_fight_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[str] = []
    changed, opened_file = KeyFooter._bindings_changed, TrackerApp._opened

    def noted(footer: KeyFooter, screen: Screen[object]) -> None:
        heard.append("keys")
        changed(footer, screen)

    def noted_open(app: TrackerApp, play: EncounterFile) -> None:
        heard.append("opening")
        opened_file(app, play)
        heard.append("opened")

    monkeypatch.setattr(KeyFooter, "_bindings_changed", noted)
    monkeypatch.setattr(TrackerApp, "_opened", noted_open)
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert "start_fight" in app.query_one(KeyFooter).shown_actions()
    during = heard[heard.index("opening") + 1 : heard.index("opened")]
    assert during == ["keys"]  # the fight's keys, once (not the keymap's as well)
