"""A command is all-or-nothing on disk (DESIGN: "A file is always in the state before or
after a command, never between").

A scripted fight is played twice over: once with a write failing at every block of every
command (an error, the file byte-for-byte as before, the state unchanged, and the next
command carrying on as if nothing happened); once cut at every block boundary, as a
crash would (the file loads as it stood after some whole command, never inside one).
"""

from __future__ import annotations

import copy
import errno
import os
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file
from tracker.core.dice import ScriptedDice
from tracker.store import writer as writer_module
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, read_journal

FIGHT = [
    "start",
    "dmg gob 3",
    "next",
    "add Bob side=ally hp=10 init=5",
    "next",
    "dmg orc 20",
    "undo",
    "redo",
    "next",
    "note the bridge creaks",
    "next",
    "end",
]


def dice() -> ScriptedDice:
    """The same faces every time the fight is played."""
    return ScriptedDice([11, 7, 15, 3, 9, 12, 4, 18] * 10)


def play_all(path: Path) -> list[int]:
    """Play FIGHT on ``path``; the number of events after each command."""
    counts = []
    with EncounterFile(path) as gm:
        faces = dice()
        for line in FIGHT:
            gm.execute(line, faces)
            counts.append(len(gm.encounter.events))
    return counts


def states_after(tmp_path: Path) -> tuple[list[int], dict[int, object]]:
    """Event counts after each command, and the state each count stands for."""
    path = basic_file(tmp_path, "reference.toml")
    counts = play_all(path)
    encounter = load(path).encounter
    return counts, {n: encounter.state_at(n) for n in [0, *counts]}


class FailingWrite:
    """``os.write`` that writes only the first ``blocks`` blocks of a batch, then fails."""

    def __init__(self, blocks: int, how: str) -> None:
        self.blocks, self.how = blocks, how
        self.real = os.write

    def __call__(self, fd: int, data: bytes) -> int:
        starts = [m.start() for m in HEADER_RE.finditer(data)]
        cut = starts[self.blocks] if self.blocks < len(starts) else len(data) - 1
        written = self.real(fd, data[:cut])
        if self.how == "raise":
            raise OSError(errno.ENOSPC, "No space left on device")
        return written  # a short write


@pytest.mark.parametrize("how", ["raise", "short"])
def test_a_write_failing_at_any_block_of_any_command_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    counts, states = states_after(tmp_path)
    path = basic_file(tmp_path, "faulty.toml")
    faces = dice()
    with EncounterFile(path) as gm:
        for number, line in enumerate(FIGHT):
            before_bytes, before_state = path.read_bytes(), gm.encounter.state
            size = counts[number] - (counts[number - 1] if number else 0)
            for blocks in range(size):
                monkeypatch.setattr(writer_module.os, "write", FailingWrite(blocks, how))
                with pytest.raises(JournalError, match="nothing of it was kept"):
                    gm.execute(line, copy.deepcopy(faces))  # the real try rolls the same
                monkeypatch.undo()
                assert path.read_bytes() == before_bytes, (line, blocks)
                assert gm.encounter.state is before_state
            gm.execute(line, faces)
    assert load(path).encounter.state == states[counts[-1]]


def test_a_fsync_failure_cuts_the_command_back_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        before = path.read_bytes()

        def no_sync(fd: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(writer_module, "fsync_file", no_sync)
        with pytest.raises(JournalError):
            gm.execute("next", dice())
        monkeypatch.undo()
        assert path.read_bytes() == before
        gm.execute("next", dice())
    assert len(load(path).encounter.events) == len(read_journal(path).events)


def test_a_value_too_big_to_store_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        before, state = path.read_bytes(), gm.encounter.state
        with pytest.raises(Exception) as caught:
            gm.execute("dmg gob 99999999999999999999999", dice())
        assert "\n" not in str(caught.value)
        assert path.read_bytes() == before and gm.encounter.state is state
        gm.execute("next", dice())  # seq numbers carry on: the file still loads
    load(path)


def test_a_crash_at_any_block_boundary_leaves_a_whole_command(tmp_path: Path) -> None:
    counts, states = states_after(tmp_path)
    path = basic_file(tmp_path, "played.toml")
    play_all(path)
    data = path.read_bytes()
    starts = [m.start() for m in HEADER_RE.finditer(data)]
    for cut in [*starts, len(data)]:
        copy = tmp_path / "cut.toml"
        copy.write_bytes(data[:cut])
        loaded = load(copy)
        kept = len(loaded.encounter.events)
        assert kept in states, (cut, kept)  # after a whole command, never inside one
        assert loaded.encounter.state == states[kept]
        whole = max(n for n in [0, *counts] if n <= starts.index(cut)) if cut in starts else None
        if whole is not None:
            assert kept == whole
            assert (loaded.torn is None) == (whole == starts.index(cut))


def test_an_incomplete_last_command_is_moved_aside_when_opened(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", dice())
        gm.execute("next", dice())
    data = path.read_bytes()
    last_batch = [m.start() for m in HEADER_RE.finditer(data)]
    # cut inside the 'next' batch, after a whole block: a crash mid-write
    counts = len(read_journal(path).events)
    with EncounterFile(path) as gm:
        before_next = len(gm.encounter.events)
    assert before_next == counts
    path.write_bytes(data[: last_batch[-1]])
    with EncounterFile(path) as gm:
        assert gm.recovered is not None and gm.recovered.exists()
        assert gm.encounter.state.phase == "running"
        gm.execute("next", dice())
    load(path)
