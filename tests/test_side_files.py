"""Side files cannot be turned against the GM (issues 25 and 26): no lock sidecar, a
private runtime folder for who holds it, read-only folders played. New files, temp files,
settings, bestiary and torn tails: tests/test_side_temp_files.py. Output paths:
tests/test_output_paths.py."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.campaign_helpers import ok, refused
from tests.side_helpers import LINKS, PRECIOUS, Capsys, is_root, plant, victim
from tests.ui_helpers import basic_file
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import LockedError
from tracker.store.lock import WriterLock

# --------------------------------------------------------------------- the writer lock


@pytest.mark.parametrize("kind", LINKS)
def test_a_link_where_the_lock_file_used_to_go_is_never_opened(
    tmp_path: Path, capsys: Capsys, kind: str
) -> None:
    path = basic_file(tmp_path)
    bashrc = victim(tmp_path)
    plant(kind, tmp_path / "fight.toml.lock", bashrc)
    assert "Orc2 joins the fight" in ok(capsys, "do", path, "add", "Orc2", "hp=3")
    assert bashrc.read_bytes() == PRECIOUS
    assert (tmp_path / "fight.toml.lock").exists()  # left as it was, not deleted
    assert "orc2" in load(path).encounter.state.combatants


def test_a_dangling_link_where_the_lock_file_went_creates_nothing(
    tmp_path: Path, capsys: Capsys
) -> None:
    path = basic_file(tmp_path)
    target = tmp_path / "home" / "new-startup-file"
    target.parent.mkdir()
    (tmp_path / "fight.toml.lock").symlink_to(target)
    ok(capsys, "do", path, "start")
    assert not target.exists()


def test_nothing_is_made_beside_the_journal_while_it_is_held(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", _dice())
        assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.toml"]


HOLDER = """
import sys
from pathlib import Path
from tracker.store.lock import WriterLock
with WriterLock(Path(sys.argv[1])):
    print("holding", flush=True)
    sys.stdin.readline()
"""


def _holder(path: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stdout.readline() == "holding\n"
    return child


@pytest.mark.parametrize("kind", LINKS)
def test_a_second_writer_through_a_link_is_told_who_holds_the_file(
    tmp_path: Path, capsys: Capsys, kind: str
) -> None:
    path = basic_file(tmp_path)
    other = tmp_path / "other.toml"
    plant(kind, other, path)
    child = _holder(path)
    try:
        err = refused(capsys, [path], "do", other, "start")
        host = re.escape(socket.gethostname())
        pattern = rf"other\.toml is open for writing by pid {child.pid} on {host} since \d\d:\d\d"
        assert re.search(pattern, err), err
    finally:
        child.kill()
        child.wait()
    ok(capsys, "do", other, "start")  # a holder killed by SIGKILL never blocks the next


def test_a_holder_killed_with_sigkill_leaves_nothing_that_blocks(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    child = _holder(path)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with WriterLock(path) as lock:
        assert lock.held
        with pytest.raises(LockedError) as caught:
            WriterLock(path).acquire()
        assert caught.value.pid == os.getpid()  # the dead holder's note was replaced


def test_a_name_held_before_its_file_is_made_stays_held_once_it_is(tmp_path: Path) -> None:
    path = tmp_path / "basic.toml"
    first = WriterLock(path)
    first.acquire()  # nothing there yet: its name is held
    with pytest.raises(LockedError):
        WriterLock(path).acquire()
    path.write_text("# made by the first holder\n")
    with pytest.raises(LockedError, match=f"pid {os.getpid()}"):
        WriterLock(path).acquire()  # made, but the first holder has the name
    assert first.lock_file()  # the lock moves onto the file itself
    with pytest.raises(LockedError, match=f"pid {os.getpid()}"):
        WriterLock(path).acquire()
    first.release()
    with WriterLock(path) as second:
        assert second.held


def _runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    base = tmp_path / "run"
    base.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(base))
    return base


def test_who_holds_it_is_noted_in_a_private_runtime_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _runtime(tmp_path, monkeypatch)
    path = basic_file(tmp_path)
    with WriterLock(path):
        folder = base / "tracker"
        assert folder.is_dir() and folder.stat().st_mode & 0o777 == 0o700
        notes = [p.read_text() for p in folder.iterdir()]
        assert len(notes) == 1 and f'"pid": {os.getpid()}' in notes[0]
    assert list(folder.iterdir()) == []  # released: the note is gone


def test_a_runtime_folder_that_is_a_link_is_refused_and_the_lock_still_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _runtime(tmp_path, monkeypatch)
    elsewhere = tmp_path / "home" / "elsewhere"
    elsewhere.mkdir(parents=True)
    (base / "tracker").symlink_to(elsewhere)
    path = basic_file(tmp_path)
    with WriterLock(path):
        with pytest.raises(LockedError, match="open for writing by"):
            WriterLock(path).acquire()
    assert list(elsewhere.iterdir()) == []


def test_a_runtime_folder_owned_by_someone_else_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not is_root():
        pytest.skip("only root can give a folder away")
    base = _runtime(tmp_path, monkeypatch)
    theirs = base / "tracker"
    theirs.mkdir()
    theirs.chmod(0o777)
    os.chown(theirs, 65534, 65534)
    path = basic_file(tmp_path)
    with WriterLock(path):
        with pytest.raises(LockedError, match=f"pid {os.getpid()}"):
            WriterLock(path).acquire()  # the note went to the cache folder instead
        assert list(theirs.iterdir()) == []
    assert theirs.stat().st_mode & 0o777 == 0o777  # not ours: not even chmodded


def test_a_link_planted_as_the_holder_note_is_replaced_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _runtime(tmp_path, monkeypatch)
    path = basic_file(tmp_path)
    info = path.stat()
    folder = base / "tracker"
    folder.mkdir(mode=0o700)
    bashrc = victim(tmp_path)
    (folder / f"{info.st_dev:x}-{info.st_ino:x}.holder").symlink_to(bashrc)
    with WriterLock(path):
        with pytest.raises(LockedError, match=f"pid {os.getpid()}"):
            WriterLock(path).acquire()
    assert bashrc.read_bytes() == PRECIOUS


def _as_a_plain_user() -> list[str]:
    """A command prefix that makes root obey folder permissions (setpriv dropping the
    override capabilities); nothing for anyone else."""
    if not is_root():
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root writes into read-only folders, and there is no setpriv here")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def test_a_read_only_folder_can_be_played_for_real(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = basic_file(folder)
    folder.chmod(0o555)
    tracker = [*_as_a_plain_user(), sys.executable, "-m", "tracker.cli"]
    try:
        done = subprocess.run([*tracker, "do", path, "start"], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "Round 1" in done.stdout and load(path).encounter.events
        made = subprocess.run(
            [*tracker, "new", folder / "next.toml", "--ruleset", "basic"],
            capture_output=True,
            text=True,
        )
        assert made.returncode == 1 and made.stderr.count("\n") == 1
        assert "is not writable" in made.stderr
    finally:
        folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == ["fight.toml"]


def test_a_read_only_folder_can_be_played(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    path = basic_file(folder)
    real_open = os.open

    def no_new_files(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and Path(os.fsdecode(name)).parent == folder:
            raise PermissionError(13, "Permission denied", str(name))
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_new_files)
    assert "Round 1" in ok(capsys, "do", path, "start")
    assert load(path).encounter.events  # appended where nothing can be created
    assert sorted(p.name for p in folder.iterdir()) == ["fight.toml"]
    err = refused(capsys, [], "new", folder / "next.toml", "--ruleset", "basic")
    assert "not writable" in err and not (folder / "next.toml").exists()


def _dice() -> Dice:
    return Dice(seed=3)
