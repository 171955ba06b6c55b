"""What stands where an export is to be written: a named pipe (read or not), a folder, a
disk, a missing or read-only folder. Each export the GM names a file for (`log -o`,
`campaign recap -o`) says it in one line with exit 1 and writes nothing, and never
waits for ever on a pipe nobody reads."""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.campaign_helpers import cli, ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import basic_file

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")


@pytest.fixture(params=["log", "recap"])
def export(request: pytest.FixtureRequest, tmp_path: Path, capsys: Capsys) -> list[object]:
    """The command line of an export, ``-o`` last (its target follows)."""
    if request.param == "log":
        return ["log", basic_file(tmp_path), "-f", "md", "-o"]
    camp = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", camp, "--ruleset", "basic")
    ok(capsys, "campaign", "add-pc", camp, "Ann", "hp=10")
    return ["campaign", "recap", camp, "-o"]


def in_time(run: Callable[[], Any], seconds: float = 20.0) -> Any:
    """``run()``'s result; fails (rather than hanging the suite) if it never returns."""
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(run()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert result, "the command is still waiting"
    return result[0]


def test_a_named_pipe_nobody_reads_is_refused_at_once(
    tmp_path: Path, capsys: Capsys, export: list[object]
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    code, _, err = in_time(lambda: cli(capsys, *export, pipe))
    assert code == 1 and err.count("\n") == 1
    assert "named pipe no program is reading" in err and "nothing was written" in err


def test_a_named_pipe_with_a_reader_gets_the_whole_recap(
    tmp_path: Path, capsys: Capsys, export: list[object]
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    for _ in range(200):  # until the reader is in open(): then a writer gets through
        code, _, err = in_time(lambda: cli(capsys, *export, pipe))
        if code == 0 or "no program is reading" not in err:
            break
        time.sleep(0.05)
    assert code == 0, err
    reader.join(20)
    assert got and got[0].startswith(b"#")


@pytest.mark.parametrize("where", ["folder", "missing folder", "file as folder"])
def test_a_folder_or_a_missing_folder_is_said_and_nothing_made(
    tmp_path: Path, capsys: Capsys, export: list[object], where: str
) -> None:
    """A log to `missing/recap.md` made the folder; a recap into a folder said Python's
    "Is a directory"."""
    if where == "folder" and export[0] == "log":
        pytest.skip("`log -o DIR` writes one recap per encounter into DIR")
    (tmp_path / "plain").write_text("a file\n")
    target = {
        "folder": tmp_path,
        "missing folder": tmp_path / "missing" / "recap.md",
        "file as folder": tmp_path / "plain" / "recap.md",
    }[where]
    before = sorted(tmp_path.rglob("*"))
    err = refused(capsys, [], *export, target)
    said = "is a folder" if where == "folder" else "does not exist"
    assert said in err or "is not a folder" in err, err
    assert sorted(tmp_path.rglob("*")) == before


def test_a_log_into_a_folder_named_with_a_slash_still_makes_it(
    tmp_path: Path, capsys: Capsys
) -> None:
    fight = basic_file(tmp_path)
    ok(capsys, "log", fight, "-o", f"{tmp_path / 'recaps'}/")
    assert (tmp_path / "recaps" / f"{fight.stem}.md").read_text().startswith("#")


def test_a_disk_is_never_written(tmp_path: Path, capsys: Capsys, export: list[object]) -> None:
    disk = tmp_path / "disk"
    try:
        os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 250))
    except (PermissionError, AttributeError):
        pytest.skip("making a block device needs root")
    for target in (disk, tmp_path / "link-to-disk"):
        if target != disk:
            target.symlink_to(disk)
        err = refused(capsys, [], *export, target)
        assert "block device" in err or "symbolic link" in err, err


def test_a_read_only_folder_is_said(
    tmp_path: Path, capsys: Capsys, export: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any, **kw: Any) -> int:
        if str(path).startswith(str(folder)) and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kw)

    monkeypatch.setattr(os, "open", read_only)
    err = refused(capsys, [], *export, folder / "recap.md")
    assert "is not writable" in err and list(folder.iterdir()) == []


@pytest.mark.parametrize("command", [["new"], ["campaign", "new"]], ids=" ".join)
@pytest.mark.parametrize("what", ["pipe", "folder", "dangling link", "missing folder"])
def test_a_new_file_where_no_file_can_be_says_what_is_there(
    tmp_path: Path, capsys: Capsys, command: list[str], what: str
) -> None:
    """`tracker new` on a pipe or a folder said "already exists — pick another name or
    open it with `tracker`", which cannot open either."""
    target = tmp_path / "fight.toml"
    if what == "pipe":
        os.mkfifo(target)
    elif what == "folder":
        target.mkdir()
    elif what == "dangling link":
        target.symlink_to(tmp_path / "nowhere.toml")
    else:
        target = tmp_path / "missing" / "fight.toml"
    before = sorted(tmp_path.rglob("*"))
    err = refused(capsys, [], *command, target, "--ruleset", "basic")
    said = {
        "pipe": "is a named pipe, not a file",
        "folder": "is a folder",
        "dangling link": "is a symbolic link",
        "missing folder": "does not exist",
    }[what]
    assert said in err and "open it with" not in err, err
    assert sorted(tmp_path.rglob("*")) == before
