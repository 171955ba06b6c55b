"""The journal's snapshots are built when the GM pauses, never inside a key's command: the
next command writes the one built ahead in front of its events (one write, one fsync, as
before). A kill at any moment loses nothing, and the file reopened from the snapshot has the
state a full replay gives."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.snapshot_helpers import WHO, full_state, played, written
from tests.ui_helpers import basic_file, make_app, opened, play_of, ui_test
from tracker.core.dice import Dice
from tracker.core.model import EncounterState
from tracker.store import encounter_file
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.snapshot import MARK
from tracker.store.table_session import TableSession
from tracker.ui import collector


def drawn(state: EncounterState) -> None:
    """What the screen does with the new state while the disk syncs (nothing, here)."""


def lines_played(count: int) -> Iterator[str]:
    for n in range(count):
        yield f"dmg {WHO[n % 4]} {n % 5 + 1}" if n % 3 else "next"


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Snapshots are due every 10 events; the seq of every snapshot line built."""
    monkeypatch.setattr(encounter_file, "EVERY", 10)
    seqs: list[int] = []
    real = encounter_file.snapshot_line

    def counted(seq: int, state: EncounterState, head: bytes) -> bytes:
        seqs.append(seq)
        return real(seq, state, head)

    monkeypatch.setattr(encounter_file, "snapshot_line", counted)
    return seqs


def snapshot_seqs(path: Path) -> list[int]:
    lines = path.read_bytes().splitlines()
    return [int(line.split()[2]) for line in lines if line.startswith(MARK)]


def test_a_drawn_command_builds_no_snapshot_and_writes_the_one_built_at_the_pause(
    tmp_path: Path, built: list[int]
) -> None:
    path = written(played(5), tmp_path)
    dice = Dice(seed=3)
    with EncounterFile(path) as play:
        for line in lines_played(15):
            play.execute(line, dice, meanwhile=drawn)
        assert built == [] and snapshot_seqs(path) == []  # due, but no key built one
        on_disk = path.read_bytes()
        count = play.encounter.count
        assert play.prepare_snapshot()  # the GM paused
        assert built == [count] and path.read_bytes() == on_disk  # built, not written
        play.execute("next", dice, meanwhile=drawn)
        assert built == [count] and snapshot_seqs(path) == [count]
        state = play.encounter.state
    tail = path.read_bytes()[len(on_disk) :]
    assert tail.startswith(MARK) and b"\n[[events]]\n" in tail  # in front of the command
    reopened = load(path).encounter
    assert reopened.taken_up_at == count
    assert reopened.state == state == full_state(path)


def test_a_snapshot_built_ahead_for_an_older_state_is_not_written(
    tmp_path: Path, built: list[int]
) -> None:
    path = written(played(5), tmp_path)
    dice = Dice(seed=3)
    with EncounterFile(path) as play:
        for line in lines_played(15):
            play.execute(line, dice, meanwhile=drawn)
        assert play.prepare_snapshot()
        play.execute("next", dice)  # a command the pause did not see coming: builds its own
        assert snapshot_seqs(path) == [built[0]]
        play.execute("next", dice, meanwhile=drawn)
    assert snapshot_seqs(path) == [built[0]]
    assert load(path).encounter.state == full_state(path)


def test_the_command_line_still_writes_its_snapshots_itself(
    tmp_path: Path, built: list[int]
) -> None:
    path = written(played(5), tmp_path)
    with EncounterFile(path) as play:
        for line in lines_played(15):
            play.execute(line, Dice(seed=3))
    seqs = snapshot_seqs(path)
    assert seqs and seqs == built
    assert load(path).encounter.state == full_state(path)


KILLED = 137


def _die_in_child(work: Callable[[], object]) -> int:
    """Run ``work`` in a forked child that then dies as SIGKILL would (no cleanup, no
    ``finally``); its exit status (3: ``work`` raised)."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 3
        try:
            work()
            status = KILLED
        finally:
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _count_after_playing(path: Path) -> int:
    """How many events a copy of ``path`` holds once ``lines_played(15)`` ran on it."""
    copy = path.with_name("copy.toml")
    copy.write_bytes(path.read_bytes())
    with EncounterFile(copy) as play:
        for line in lines_played(15):
            play.execute(line, Dice(seed=3), meanwhile=drawn)
        return play.encounter.count


def test_a_kill_after_the_pause_loses_nothing(tmp_path: Path, built: list[int]) -> None:
    path = written(played(5), tmp_path)
    count = _count_after_playing(path)

    def play_then_pause() -> None:
        session = TableSession(path, Dice(seed=3))
        session.open()
        for line in lines_played(15):
            assert session.run(line, meanwhile=drawn).outcome.ok
        assert session.prepare_snapshot()

    assert _die_in_child(play_then_pause) == KILLED
    assert snapshot_seqs(path) == []
    reopened = load(path)
    assert reopened.torn is None and reopened.encounter.count == count
    assert reopened.encounter.state == full_state(path)


CUTS = {
    "in the snapshot line": lambda data: data.index(b"\n") // 2,
    "in the command's block": lambda data: data.rindex(b"\ncrc = ") + 4,
    "in the standing line behind it": lambda data: len(data) - 5,
}


@pytest.mark.parametrize("cut", sorted(CUTS))
def test_a_kill_while_the_snapshot_and_its_command_are_written_loses_no_earlier_command(
    tmp_path: Path, built: list[int], cut: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(played(5), tmp_path)
    count = _count_after_playing(path)
    real_write = os.write

    def torn_write(fd: int, data: Any) -> int:
        assert bytes(data).startswith(MARK)  # the snapshot, in the command's one write
        real_write(fd, bytes(data)[: CUTS[cut](bytes(data))])
        os._exit(KILLED)

    def play_pause_and_die_writing() -> None:
        with EncounterFile(path) as play:
            for line in lines_played(15):
                play.execute(line, Dice(seed=3), meanwhile=drawn)
            assert play.prepare_snapshot()
            monkeypatch.setattr(os, "write", torn_write)
            play.execute("note never whole", Dice(seed=3), meanwhile=drawn)

    assert _die_in_child(play_pause_and_die_writing) == KILLED
    kept = int(cut == "in the standing line behind it")  # its block was whole
    assert load(path).encounter.count == count + kept  # nothing torn is read
    with EncounterFile(path) as play:
        assert play.encounter.count == count + kept
        play.execute("note after the kill", Dice(seed=3), meanwhile=drawn)
    after = load(path).encounter
    assert after.count == count + kept + 1 and after.events[-1].text.endswith("after the kill")
    assert after.state == full_state(path)


@ui_test
async def test_the_table_writes_snapshots_built_while_the_gm_pauses(
    tmp_path: Path, built: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    inside: list[bool] = []
    real_run = TableSession.run

    def run(session: TableSession, *args: Any, **kwargs: Any) -> Any:
        inside.append(True)
        try:
            return real_run(session, *args, **kwargs)
        finally:
            inside.pop()

    real_line = encounter_file.snapshot_line
    in_a_command: list[int] = []

    def line(seq: int, state: EncounterState, head: bytes) -> bytes:
        if inside:
            in_a_command.append(seq)
        return real_line(seq, state, head)

    monkeypatch.setattr(TableSession, "run", run)
    monkeypatch.setattr(encounter_file, "snapshot_line", line)
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        for _ in range(8):
            await pilot.press("n")
        await pilot.pause()
        count = play_of(app).encounter.count
        assert count >= 10 and in_a_command == []
        app.collector.last_command -= collector.IDLE_SECONDS  # the GM pauses
        app.collector.tick()
        assert built  # (a slow machine's own tick may have built it at an earlier pause)
        await pilot.press("n")
        await pilot.pause()
        state = play_of(app).encounter.state
    assert in_a_command == []  # no key's command built a snapshot
    assert snapshot_seqs(path)[-1] == built[-1]
    reopened = load(path).encounter
    assert reopened.taken_up_at == max(snapshot_seqs(path))
    assert reopened.state == state == full_state(path)
