"""Side files cannot be turned against the GM (issues 25 and 26): no lock sidecar, temp
files and kept-aside tails never written through a link, stale temp files swept,
read-only folders played. Output paths: tests/test_output_paths.py."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.campaign_helpers import ok, refused
from tests.side_helpers import LINKS, PRECIOUS, Capsys, is_root, plant, victim
from tests.ui_helpers import basic_file
from tracker.core.dice import Dice
from tracker.core.library import Block
from tracker.store.bestiary import save_blocks
from tracker.store.durable import remove_stale_temps
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import LockedError
from tracker.store.journal import read_journal, repair_torn
from tracker.store.lock import WriterLock
from tracker.store.settings import Settings

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


# --------------------------------------------------------------------------- creating


def test_new_refuses_a_dangling_link_and_creates_nothing_through_it(
    tmp_path: Path, capsys: Capsys
) -> None:
    target = tmp_path / "home" / "planted.toml"
    target.parent.mkdir()
    link = tmp_path / "fight.toml"
    link.symlink_to(target)
    err = refused(capsys, [], "new", link, "--ruleset", "basic")
    assert "already exists" in err
    assert link.is_symlink() and not target.exists()


@pytest.mark.parametrize("kind", ["dangling", "symlink", "hardlink"])
def test_a_sample_copy_never_goes_through_a_link_in_the_way(tmp_path: Path, kind: str) -> None:
    from tracker.store.fresh_copy import fresh_copy

    sample = basic_file(tmp_path, "sample.toml")
    folder = tmp_path / "encounters"
    folder.mkdir()
    now = datetime(2026, 11, 27, 18, 0)
    bashrc = victim(tmp_path)
    if kind == "dangling":
        bashrc.unlink()
    planted = folder / "sample-20261127-180000.toml"
    plant("symlink" if kind == "dangling" else kind, planted, bashrc)
    copy = fresh_copy(sample, folder, now)
    assert copy.name == "sample-20261127-180000-2.toml"
    assert copy.read_bytes() == sample.read_bytes()
    assert not bashrc.exists() if kind == "dangling" else bashrc.read_bytes() == PRECIOUS


# ------------------------------------------------------------------ temp files, sweep


def _stale(path: Path, hexes: str = "0123456789ab", age: float = 3600) -> Path:
    temp = path.with_name(f".{path.name}.{hexes}.tmp")
    temp.write_bytes(b"half a rewrite")
    when = time.time() - age
    os.utime(temp, (when, when))
    return temp


def test_stale_temp_files_of_a_journal_go_at_its_next_write(tmp_path: Path, capsys: Capsys) -> None:
    path = basic_file(tmp_path)
    old = _stale(path)
    fresh = _stale(path, "ba9876543210", age=0)  # held lock: no rewrite can be running
    other = _stale(tmp_path / "other.toml")  # another file's: not ours to remove
    ok(capsys, "do", path, "start")
    assert not old.exists() and not fresh.exists()
    assert other.exists()


NAMES = st.sampled_from(
    [
        ".fight.toml.0123456789ab.tmp",  # the only kind the sweep may take
        ".fight.toml.0123456789ab.tmp.bak",
        ".fight.toml.0123456789a.tmp",
        ".fight.toml.0123456789AB.tmp",
        "fight.toml.0123456789ab.tmp",
        ".fight.tomlx.0123456789ab.tmp",
        ".xfight.toml.0123456789ab.tmp",
        ".fight.toml.torn-20261127T180000Z",
        "fight.toml.lock",
        "notes.md",
    ]
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=st.sets(NAMES, max_size=6), link=st.booleans())
def test_the_sweep_removes_only_the_files_own_old_temp_files(
    tmp_path_factory: pytest.TempPathFactory, names: set[str], link: bool
) -> None:
    folder = tmp_path_factory.mktemp("sweep")
    bashrc = victim(folder)
    for name in names:
        if link:
            (folder / name).symlink_to(bashrc)
        else:
            os.replace(_stale(folder / "x"), folder / name)  # an old, dead temp file
    removed = {p.name for p in remove_stale_temps(folder / "fight.toml")}
    ours = {".fight.toml.0123456789ab.tmp"} & names
    assert removed == (set() if link else ours)
    assert {p.name for p in folder.iterdir()} == (names - removed) | {"home"}
    assert bashrc.read_bytes() == PRECIOUS


def test_a_link_named_like_a_temp_file_is_left_alone(tmp_path: Path, capsys: Capsys) -> None:
    path = basic_file(tmp_path)
    bashrc = victim(tmp_path)
    trap = tmp_path / ".fight.toml.0123456789ab.tmp"
    trap.symlink_to(bashrc)
    ok(capsys, "do", path, "start")
    assert trap.is_symlink() and bashrc.read_bytes() == PRECIOUS


def test_settings_sweep_only_temp_files_old_enough_to_be_dead(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    path.parent.mkdir()
    Settings(theme="nerv").save(path)
    old, fresh = _stale(path), _stale(path, "ba9876543210", age=1)
    Settings(theme="alien").save(path)
    assert not old.exists()
    assert fresh.exists()  # maybe another tracker's save in progress
    assert Settings.load(path).theme == "alien"


@pytest.mark.parametrize("kind", LINKS)
def test_saving_settings_replaces_a_link_and_never_writes_through_it(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "config" / "settings.toml"
    path.parent.mkdir()
    bashrc = victim(tmp_path)
    plant(kind, path, bashrc)
    Settings(theme="nerv").save(path)
    assert bashrc.read_bytes() == PRECIOUS
    assert not path.is_symlink() and Settings.load(path).theme == "nerv"


@pytest.mark.parametrize("kind", LINKS)
def test_saving_a_block_replaces_a_linked_bestiary_and_never_writes_through_it(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "bestiary" / "basic.toml"
    path.parent.mkdir()
    bashrc = victim(tmp_path)
    plant(kind, path, bashrc)
    with pytest.raises(Exception, match="basic.toml"):  # not TOML: nothing written
        save_blocks("basic", [cast(Block, {"id": "orc", "name": "Orc"})], path)
    assert bashrc.read_bytes() == PRECIOUS
    bashrc.write_bytes(b"")  # now valid (empty) TOML: the save replaces the name only
    path.unlink()
    plant(kind, path, bashrc)
    save_blocks("basic", [cast(Block, {"id": "orc", "name": "Orc", "stats": {"hp": 5}})], path)
    assert bashrc.read_bytes() == b"" and "orc" in path.read_text()


# -------------------------------------------------------------------- torn-tail aside


@pytest.mark.parametrize("kind", LINKS)
def test_a_link_in_the_way_of_the_torn_tail_copy_is_skipped(tmp_path: Path, kind: str) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", _dice())
    with open(path, "ab") as file:
        file.write(b'[[events]]\nseq = 2\ntype = "turn')
    torn = read_journal(path).torn
    assert torn is not None
    now = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
    bashrc = victim(tmp_path)
    plant(kind, tmp_path / "fight.toml.torn-20261127T180000Z", bashrc)
    side = repair_torn(path, torn, now)
    assert side.name == "fight.toml.torn-20261127T180000Z-2"
    assert side.read_bytes() == torn.data
    assert bashrc.read_bytes() == PRECIOUS


def _dice() -> Dice:
    return Dice(seed=3)
