"""A disk that fills up (the file-size limit ``ulimit -f`` sets, as EFBIG) under commands
that first repair the file: what was repaired is said, not only the refusal. A file
system that cannot flush a folder (EINVAL): files are still made and rewritten there; one
that cannot lock (ENOLCK): one sentence."""

from __future__ import annotations

import errno
import fcntl
import os
import resource
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.campaign_helpers import cli
from tests.ui_helpers import basic_file


@contextmanager
def disk_full_at(size: int) -> Iterator[None]:
    """No file may grow past ``size`` bytes meanwhile (writes past it: EFBIG)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def test_a_command_the_full_disk_refuses_says_the_torn_end_it_moved_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = basic_file(tmp_path)
    assert cli(capsys, "do", path, "start")[0] == 0
    whole = path.read_bytes()
    path.write_bytes(whole + b'\n[[events]]\nseq = 99\ntype = "note.added"\n')  # a torn end
    with disk_full_at(len(whole)):
        code, out, err = cli(capsys, "do", path, "note", "the disk is full")
    (side,) = tmp_path.glob("fight.toml.torn-*")
    lines = err.splitlines()
    assert code == 1 and out == "" and len(lines) == 2, err
    assert "the last command was cut off by a crash" in lines[0] and str(side) in lines[0]
    assert lines[1].startswith(f"tracker: {path}: cannot save the command (nothing of it was")
    assert path.read_bytes().rstrip(b"\n") == whole.rstrip(b"\n")


def folders_cannot_be_synced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system (a network or FUSE mount) that answers EINVAL to a folder's fsync."""
    real = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def test_a_file_system_that_cannot_sync_folders_still_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folders_cannot_be_synced(monkeypatch)
    path = tmp_path / "fight.toml"
    assert cli(capsys, "new", path, "--ruleset", "basic")[0] == 0
    assert cli(capsys, "do", path, "add", "Orc", "hp=8")[0] == 0
    code, _, err = cli(capsys, "log", path, "-o", tmp_path / "fight.md")
    assert (code, err) == (0, "") and (tmp_path / "fight.md").exists()
    camp = tmp_path / "camp.toml"
    assert cli(capsys, "campaign", "new", camp, "--ruleset", "basic")[0] == 0
    assert cli(capsys, "campaign", "add-pc", camp, "Hero", "hp=10")[0] == 0
    assert cli(capsys, "campaign", "fight", camp, tmp_path / "f1.toml")[0] == 0


def test_a_file_system_without_locks_is_one_sentence_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    before = path.read_bytes()

    def flock(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", flock)
    code, _, err = cli(capsys, "do", path, "start")
    assert code == 1 and err == (
        "tracker: fight.toml: cannot be locked here (No locks available): its folder does "
        "not lock files (a network drive?) — copy it to a local folder to play it\n"
    )
    assert path.read_bytes() == before
