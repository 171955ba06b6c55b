"""A file not made yet is held through a stand-in named after its folder and its name
(issue 26); opening a file that exists looks for that stand-in only when its folder has
one (issue 32: no SHA-256, no OpenSSL, at a ``tracker do``'s start). The name's scheme
is the one older versions use, so an older tracker creating the file at the same time
still keeps this one from writing it."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file
from tracker.store.errors import LockedError
from tracker.store.holder import runtime_folder
from tracker.store.lock import WriterLock

pytestmark = pytest.mark.skipif(os.name == "nt", reason="flock stands in for msvcrt here")


def older_standin(path: Path) -> Path:
    """The stand-in an older tracker takes for ``path`` before it makes the file: in the
    runtime folder, ``new-<folder dev>-<folder inode>-<SHA-256 of the name, 20 digits>``."""
    folder, info = runtime_folder(), os.stat(path.parent)
    assert folder is not None
    digest = hashlib.sha256(os.fsencode(path.name)).hexdigest()[:20]
    return folder / f"new-{info.st_dev:x}-{info.st_ino:x}-{digest}.lock"


def held(standin: Path) -> int:
    """Hold ``standin`` as another process would (a lock of its own open file)."""
    fd = os.open(standin, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_an_older_tracker_making_the_file_keeps_this_one_from_writing_it(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)  # the older tracker has just made it, not yet locked it
    fd = held(older_standin(path))
    try:
        with pytest.raises(LockedError, match="open for writing"):
            WriterLock(path).acquire()
    finally:
        os.close(fd)
    with WriterLock(path) as lock:  # it moved onto the file and let go: free again
        assert lock.held


def test_a_stand_in_taken_here_is_the_one_an_older_tracker_looks_for(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    with WriterLock(path):  # nothing there yet: the name is held through its stand-in
        standin = older_standin(path)
        assert standin.is_file()
        fd = os.open(standin, os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(fd)


def test_another_file_being_made_in_the_same_folder_does_not_block_this_one(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)
    with WriterLock(tmp_path / "next-fight.toml"):  # its stand-in sits in the same folder
        with WriterLock(path) as lock:
            assert lock.held


def test_a_stand_in_left_by_a_crash_does_not_block_the_file(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    older_standin(path).write_bytes(b"")  # its holder died: nobody has it locked
    with WriterLock(path) as lock:
        assert lock.held


def test_a_second_process_cannot_write_while_a_name_is_held_before_its_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "fight.toml"
    first = WriterLock(path)
    first.acquire()
    try:
        path.write_bytes(basic_file(tmp_path, "template.toml").read_bytes())
        other = subprocess.run(
            [sys.executable, "-m", "tracker", "do", str(path), "start"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert other.returncode == 1
        assert f"pid {os.getpid()}" in other.stderr
        assert "Traceback" not in other.stderr
        assert "encounter.started" not in path.read_text()  # nothing written
    finally:
        first.release()
