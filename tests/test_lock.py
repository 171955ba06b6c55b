"""One writer at a time: the OS lock on an encounter file, across processes and within one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracker.store.errors import LockedError
from tracker.store.lock import WriterLock

ROOT = Path(__file__).resolve().parents[1]


CHILD_LOCK = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from tracker.store.errors import LockedError
    from tracker.store.lock import WriterLock
    lock = WriterLock(Path(sys.argv[2]))
    try:
        lock.acquire()
    except LockedError as exc:
        print("LOCKED", exc, flush=True)
        raise SystemExit(3)
    print("ACQUIRED", flush=True)
    if sys.argv[3] == "hold":
        time.sleep(60)
    lock.release()
    """
)


def run_child(path: Path, mode: str) -> subprocess.CompletedProcess[str]:
    """Run the lock child to completion."""
    args = [sys.executable, "-c", CHILD_LOCK, str(ROOT), str(path), mode]
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


def test_second_writer_in_child_process_gets_locked_error(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    with WriterLock(path) as lock:
        assert lock.held
        done = run_child(path, "release")
        assert done.returncode == 3, done.stderr
        out = done.stdout.strip()
        assert f"pid {os.getpid()}" in out
        assert out.startswith("LOCKED encounter.toml is open for writing by pid")
        assert "`tracker view`" in out and "\n" not in out
    assert not lock.held
    assert list(tmp_path.iterdir()) == []  # nothing was made beside the file
    assert run_child(path, "release").stdout.strip() == "ACQUIRED"


def test_second_lock_in_same_process_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    with WriterLock(path):
        with pytest.raises(LockedError) as info:
            WriterLock(path).acquire()
        assert info.value.pid == os.getpid()
        assert re.search(r"since \d\d:\d\d", str(info.value))
    with WriterLock(path):
        pass


def test_lock_left_by_dead_process_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    args = [sys.executable, "-c", CHILD_LOCK, str(ROOT), str(path), "hold"]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ACQUIRED"
        with pytest.raises(LockedError, match=f"pid {child.pid}"):
            WriterLock(path).acquire()
    finally:
        child.kill()
        child.wait()
    with WriterLock(path):  # the dead holder's note is stale text: ours replaces it
        done = run_child(path, "release")
        assert done.returncode == 3 and f"pid {os.getpid()}" in done.stdout


def test_stale_lock_text_without_a_holder_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    (tmp_path / "encounter.toml.lock").write_text('{"pid": 999999, "host": "gone"}\n')
    with WriterLock(path) as lock:
        assert lock.held


def test_release_is_idempotent_and_frees_the_file(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    lock = WriterLock(path)
    lock.acquire()
    lock.release()
    lock.release()  # idempotent
    with WriterLock(path) as again:
        assert again.held
