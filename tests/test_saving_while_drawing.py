"""A command's frame is painted before the disk syncs it; nothing else touches the file
(no command, no quit, no campaign write-back) until the sync has finished.

DESIGN: one ``write`` + ``fsync`` per command, and a file always in the state before or
after a command. The table screen paints the new state, then syncs; if the fsync
fails, the command is taken back (file and state as before) and the screen shows the
fight as it stands, with a one-line error; the next command waits for the sync.
"""

from __future__ import annotations

import errno
import threading
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file, make_app, opened, play_of, state_of, ui_test
from tracker.core.dice import ScriptedDice
from tracker.core.model import EncounterState
from tracker.store import writer
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import JournalError
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader


def dice() -> ScriptedDice:
    """Initiative faces for the four combatants of ``basic_file``."""
    return ScriptedDice([11, 7, 15, 3, 9, 12, 4, 18] * 4)


def failing_fsync(fd: int) -> None:
    """A disk that reports an I/O error at the fsync."""
    raise OSError(errno.EIO, "Input/output error")


def test_the_new_state_is_drawn_before_the_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = threading.Event()
    synced_after_drawing: list[bool] = []
    real = writer.fsync_file

    def slow_fsync(fd: int) -> None:
        synced_after_drawing.append(drawn.is_set())
        real(fd)

    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        monkeypatch.setattr(writer, "fsync_file", slow_fsync)
        seen: list[EncounterState] = []

        def draw(state: EncounterState) -> None:
            seen.append(state)
            drawn.set()

        gm.execute("next", dice(), meanwhile=draw)
        assert gm.saving and not synced_after_drawing  # returned before the sync
        gm.finish_saving()
        assert not gm.saving
        assert synced_after_drawing == [True]  # drawn first, then synced
        assert seen == [gm.encounter.state]
    assert load(path).encounter.state == seen[0]


def test_a_failed_fsync_after_drawing_takes_the_command_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        before_bytes, before = path.read_bytes(), gm.encounter.state
        count = len(gm.encounter.events)
        monkeypatch.setattr(writer, "fsync_file", failing_fsync)
        seen: list[EncounterState] = []
        gm.execute("next", dice(), meanwhile=seen.append)
        with pytest.raises(JournalError, match="nothing of it was kept"):
            gm.finish_saving()
        monkeypatch.undo()
        assert seen and seen[0].current != before.current  # it was drawn, then taken back
        assert path.read_bytes() == before_bytes
        assert gm.encounter.state is before and len(gm.encounter.events) == count
        gm.execute("next", dice())  # the fight carries on from where it stood
        after = gm.encounter.state
    assert load(path).encounter.state == after


def test_the_next_command_waits_for_the_sync_and_is_not_run_if_it_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        before_bytes, before = path.read_bytes(), gm.encounter.state
        monkeypatch.setattr(writer, "fsync_file", failing_fsync)
        gm.execute("next", dice(), meanwhile=lambda state: None)
        with pytest.raises(JournalError, match="nothing of it was kept"):
            gm.execute("dmg gob 2", dice())  # the turn before it was never saved
        monkeypatch.undo()
        assert path.read_bytes() == before_bytes
        assert gm.encounter.state is before  # neither the turn nor the damage


def test_closing_finishes_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = basic_file(tmp_path)
    released = threading.Event()
    real = writer.fsync_file

    def slow_fsync(fd: int) -> None:
        released.wait(timeout=5)
        real(fd)

    gm = EncounterFile(path)
    gm.execute("start", dice())
    monkeypatch.setattr(writer, "fsync_file", slow_fsync)
    gm.execute("next", dice(), meanwhile=lambda state: None)
    threading.Timer(0.05, released.set).start()
    gm.close()
    assert released.is_set()  # close waited for the disk
    assert load(path).encounter.state == gm.encounter.state


def test_a_screen_that_fails_to_draw_loses_no_saved_command(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())

        def broken(state: EncounterState) -> None:
            raise RuntimeError("a drawing bug")

        with pytest.raises(RuntimeError):
            gm.execute("next", dice(), meanwhile=broken)
        kept = gm.encounter.state  # on disk, so kept in memory too
    assert load(path).encounter.state == kept


@ui_test
async def test_a_turn_the_disk_refuses_leaves_the_screen_on_the_turn_that_stands(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        standing = state_of(app).current
        header = app.query_one(EncounterHeader).text.plain
        before = path.read_bytes()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(writer, "fsync_file", failing_fsync)
            await pilot.press("n")
            await pilot.pause()
        assert path.read_bytes() == before
        assert state_of(app).current == standing == play_of(app).encounter.state.current
        assert app.selected == standing
        assert app.query_one(EncounterHeader).text.plain == header
        message = app.query_one(CommandBar).message
        assert message.startswith("✗") and "nothing of it was kept" in message
        assert "\n" not in message
        await pilot.press("n")  # the disk is back: the turn moves on
        await pilot.pause()
        assert state_of(app).current != standing


def test_ctrl_c_during_the_fsync_leaves_file_and_state_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Interrupted in the fsync that follows the frame: the command is cut back off the
    file and taken back from the fight, as a failed fsync is."""

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        before_bytes, before = path.read_bytes(), gm.encounter.state
        monkeypatch.setattr(writer, "fsync_file", interrupted)
        gm.execute("next", dice(), meanwhile=lambda state: None)
        with pytest.raises(KeyboardInterrupt):
            gm.finish_saving()
        monkeypatch.undo()
        assert path.read_bytes() == before_bytes
        assert gm.encounter.state is before
