"""The table screen paints a command's frame before the disk syncs it, and takes nothing
further (the next command, quitting) until the sync has finished: a failed sync is taken
back and said before anything else runs.

DESIGN: one ``write`` + ``fsync`` per command; a file always in the state before or
after a command.
"""

from __future__ import annotations

import errno
import threading
from pathlib import Path

import pytest
from textual.screen import Screen

from tests.ui_helpers import basic_file, make_app, opened, state_of, ui_test
from tracker.store import writer
from tracker.store.encounter_file import load
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader


@ui_test
async def test_the_frame_is_painted_before_the_sync_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At ``n``, the new turn is on screen before the fsync; the next key's command
    starts only once the fsync has finished."""
    path = basic_file(tmp_path)
    app = make_app(path)
    happened: list[str] = []
    painted = threading.Event()
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        real_sync, real_paint, real_run = (
            writer.fsync_file,
            Screen._compositor_refresh,
            type(app).run_line,
        )

        def slow_fsync(fd: int) -> None:
            happened.append("painted before the fsync" if painted.is_set() else "not painted")
            real_sync(fd)
            happened.append("synced")

        def paint(screen: Screen[object]) -> None:
            real_paint(screen)
            if "Round 1" in app.query_one(EncounterHeader).text.plain and not painted.is_set():
                happened.append("painted")
                painted.set()

        def run_line(self: object, line: str) -> object:
            happened.append(f"run {line}")
            return real_run(app, line)

        monkeypatch.setattr(writer, "fsync_file", slow_fsync)
        monkeypatch.setattr(Screen, "_compositor_refresh", paint)
        monkeypatch.setattr(type(app), "run_line", run_line)
        await pilot.press("n", "n")
        await pilot.pause()
        monkeypatch.undo()
        assert happened[:4] == ["run next", "painted", "painted before the fsync", "synced"]
        assert happened[4] == "run next"  # the second press, after the first is on disk
        assert load(path).encounter.state == state_of(app)


def failing_fsync(fd: int) -> None:
    """A disk that reports an I/O error at the fsync (the turn it fails is taken back:
    ``test_saving_while_drawing``)."""
    raise OSError(errno.EIO, "Input/output error")


@ui_test
async def test_quitting_while_the_sync_fails_stays_and_says_so(tmp_path: Path) -> None:
    """``q`` pressed before the last turn's fsync finishes it first; if it failed,
    the tracker stays open on the turn that stands and says the command was not kept."""
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        standing, before = state_of(app).current, path.read_bytes()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(writer, "fsync_file", failing_fsync)
            app.run_line("next")  # painted, not yet waited for
            assert app.session.saving
            await app.action_quit()
        await pilot.pause()
        assert app.is_running
        assert path.read_bytes() == before
        assert state_of(app).current == standing
        assert "nothing of it was kept" in app.query_one(CommandBar).message
