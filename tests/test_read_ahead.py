"""A long fight's snapshot read ahead in a child process while the screen starts: the
fight is the one the file holds whatever happens to the file or the child meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tracker.core.dice import Dice
from tracker.store import read_ahead
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.read_ahead import ReadAhead
from tracker.store.taken_up import SnapshotParts

from .snapshot_helpers import command_end, lying_file, played, written

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="read ahead on Linux only")


@pytest.fixture
def long_fight(tmp_path: Path) -> Path:
    """A 600-event fight with a snapshot 40 events before its end."""
    fight = played(600)
    return written(fight, tmp_path, snapshot_after=command_end(fight, 560))


def reaped(pid: int) -> bool:
    """Whether the child ``pid`` is gone and reaped (no zombie left behind)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_a_fight_read_ahead_is_the_fight_read_in_place(long_fight: Path) -> None:
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    loaded = load(long_fight, ahead)
    in_place = load(long_fight)
    assert loaded.read_ahead and not in_place.read_ahead
    assert loaded.encounter.taken_up_at == in_place.encounter.taken_up_at > 0
    assert loaded.encounter.state == in_place.encounter.state
    assert loaded.head == in_place.head and loaded.head_mark == in_place.head_mark
    assert loaded.snapshot_seq == in_place.snapshot_seq
    assert loaded.encounter.events == in_place.encounter.events  # the earlier ones too
    assert reaped(ahead.pid)


def test_undo_right_after_opening_a_fight_read_ahead(long_fight: Path) -> None:
    in_place = load(long_fight).encounter
    in_place.run("undo", Dice(seed=1))
    with EncounterFile(long_fight, ahead=ReadAhead.start(long_fight, alone=True)) as play:
        assert play.loaded.read_ahead
        play.execute("undo", Dice(seed=1))
        assert play.encounter.state == in_place.state


def test_a_file_changed_after_it_was_read_ahead_is_read_again(long_fight: Path) -> None:
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    time.sleep(0.3)  # the child has read the file as it was
    with EncounterFile(long_fight) as play:  # another tracker's command
        play.execute("note written meanwhile", Dice(seed=1))
        written_state = play.encounter.state
    loaded = load(long_fight, ahead)
    assert not loaded.read_ahead
    assert loaded.encounter.state == written_state
    assert reaped(ahead.pid)


def test_a_lying_snapshot_read_ahead_is_found_out_as_in_place(tmp_path: Path) -> None:
    # the snapshot is never trusted over the events (issue 32), however it was read
    fight, path, at = lying_file(tmp_path)
    read_ahead_bytes = read_ahead.SMALLEST
    read_ahead.SMALLEST = 0
    try:
        ahead = ReadAhead.start(path, alone=True)
    finally:
        read_ahead.SMALLEST = read_ahead_bytes
    loaded = load(path, ahead)
    assert loaded.read_ahead and loaded.encounter.taken_up_at == at
    loaded.encounter.read_earlier()
    assert loaded.encounter.state == fight.state
    assert f"event {at} disagrees" in loaded.encounter.notes[0]


@pytest.fixture
def slow_child(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Children forked meanwhile never answer; the app waits 0.3 s for them."""

    def never(*_: object) -> None:
        time.sleep(60)

    monkeypatch.setattr(read_ahead, "take_up", never)
    monkeypatch.setattr(read_ahead, "WAIT", 0.3)
    yield


@pytest.mark.usefixtures("slow_child")
def test_a_child_that_does_not_answer_is_stopped_and_the_file_read_in_place(
    long_fight: Path,
) -> None:
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    started = time.monotonic()
    loaded = load(long_fight, ahead)
    assert time.monotonic() - started < 30  # not the child's 60 s
    assert not loaded.read_ahead and loaded.encounter.state == load(long_fight).encounter.state
    assert reaped(ahead.pid)


def test_a_child_that_fails_leaves_the_file_to_be_read_in_place(
    long_fight: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise MemoryError

    monkeypatch.setattr(read_ahead, "take_up", broken)
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    loaded = load(long_fight, ahead)
    assert not loaded.read_ahead
    assert loaded.encounter.state == load(long_fight).encounter.state
    assert reaped(ahead.pid)


def test_a_reading_given_up_leaves_no_child_behind(long_fight: Path) -> None:
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    ahead.close()
    assert reaped(ahead.pid)
    assert ahead(long_fight.read_bytes()) is None


def test_nothing_is_forked_beside_other_threads_or_for_a_small_file(
    long_fight: Path, tmp_path: Path
) -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert ReadAhead.start(long_fight) is None  # a child could find a lock held
    finally:
        stop.set()
        other.join()
    (tmp_path / "small").mkdir()
    small = written(played(50), tmp_path / "small")
    assert ReadAhead.start(small, alone=True) is None
    assert ReadAhead.start(tmp_path / "missing.toml", alone=True) is None


def test_parts_read_from_other_bytes_are_not_taken(long_fight: Path) -> None:
    ahead = ReadAhead.start(long_fight, alone=True)
    assert ahead is not None
    data = long_fight.read_bytes()
    changed = data[:100] + bytes([data[100] ^ 1]) + data[101:]  # same length
    assert ahead(changed) is None


def test_parts_pickle_as_the_child_sends_them(long_fight: Path) -> None:
    import pickle

    from tracker.store.taken_up import take_up

    taken = take_up(long_fight, long_fight.read_bytes())
    assert taken is not None
    parts = pickle.loads(pickle.dumps(taken.parts, pickle.HIGHEST_PROTOCOL))
    assert isinstance(parts, SnapshotParts) and parts == taken.parts


OPEN_AT_THE_TABLE = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from tracker.store.encounter_file import load
    from tracker.ui.app import TrackerApp

    async def main(path):
        app = TrackerApp(path, keymap_file=path.with_name("none.toml"))
        async with app.run_test(size=(120, 36)) as pilot:
            while app.opened_paint is None:
                await pilot.pause(0.01)
            loaded = app.session.play.loaded
            same = loaded.encounter.state == load(path).encounter.state
            print(loaded.read_ahead, same, app.session.state.current)

    asyncio.run(main(Path(sys.argv[1])))
    """
)


def test_the_table_opens_a_long_fight_read_ahead(long_fight: Path, tmp_path: Path) -> None:
    # a fresh interpreter runs one thread when the app is made, as `tracker FILE` does
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    env |= {key: str(tmp_path / key) for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    ran = subprocess.run(
        [sys.executable, "-c", OPEN_AT_THE_TABLE, str(long_fight)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    current = load(long_fight).encounter.state.current
    assert ran.stdout.split() == ["True", "True", current]
