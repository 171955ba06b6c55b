"""The first command on a format-1 file is all-or-nothing: the file is upgraded first.

A format-1 journal has no batch marks, so before the fix a crash inside the first command
appended to one left a fight half started (some initiative rolled, still in setup).
"""

from __future__ import annotations

import os
import random
import re
import zlib
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.dice import Dice
from tracker.store import durable, format_upgrade
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, read_journal

SAMPLE = Path(__file__).resolve().parent.parent / "encounters" / "basic-bandits-at-the-ford.toml"
_BATCH_END = re.compile(rb"^batch_end = true\n", re.M)


def unmarked(data: bytes) -> bytes:
    """``data`` as a format-1 tracker wrote it: no batch marks (crcs made anew)."""
    first = HEADER_RE.search(data)
    end = first.start() if first else len(data)
    head = data[:end].replace(b"\nformat = 2\n", b"\nformat = 1\n")
    starts = [m.start() for m in HEADER_RE.finditer(data)] + [len(data)]
    blocks: list[bytes] = []
    for a in starts[:-1]:
        body = _BATCH_END.sub(b"", data[a : data.index(b"\ncrc = ", a) + 1])
        blocks.append(body + b"crc = %d\n" % zlib.crc32(body))
    return head + b"".join(blocks)


def format1(tmp_path: Path, *commands: str) -> Path:
    """A format-1 copy of the sample, with ``commands`` played on it as format 1 did."""
    path = tmp_path / "ford.toml"
    path.write_bytes(SAMPLE.read_bytes())
    if commands:
        with EncounterFile(path) as gm:
            for line in commands:
                gm.execute(line, Dice(seed=3))
    path.write_bytes(unmarked(path.read_bytes()))
    assert b"\nformat = 1\n" in path.read_bytes()
    return path


def fight(path: Path) -> tuple[str, int, dict[str, float], int]:
    """What a GM sees of a file: phase, round, initiative, events."""
    state = load(path).encounter.state
    return state.phase, state.round, dict(state.initiative), len(load(path).encounter.events)


def side_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "ford.toml")


@pytest.mark.parametrize("before", [(), ("note the ferry is late", "init mara 12")])
def test_a_crash_anywhere_in_the_first_command_leaves_it_whole_or_absent(
    tmp_path: Path, before: tuple[str, ...]
) -> None:
    path = format1(tmp_path, *before)
    old = fight(path)
    assert main(["do", "--seed", "4", str(path), "start"]) == 0
    data = path.read_bytes()
    assert b"\nformat = 2\n" in data
    started = fight(path)
    assert started[0] == "running" and started[3] > old[3] + 1
    batch_at = [m.start() for m in HEADER_RE.finditer(data)][old[3]]
    standing = data.rindex(b"\n# standing ") + 1  # the write's last line: a comment
    blocks = data[batch_at : standing - 1]
    line_cuts = [batch_at] + [batch_at + m.end() for m in re.finditer(rb"\n", blocks)]
    byte_cuts = random.Random(7).sample(range(batch_at, standing - 1), 150)  # not the last \n
    for cut in sorted({*line_cuts, *byte_cuts}):
        path.write_bytes(data[:cut])
        assert len(read_journal(path).events) == old[3], cut
        if cut in line_cuts:
            assert fight(path) == old, cut
    for cut in range(standing, len(data), 7):  # cut in the standing line: the command is whole
        path.write_bytes(data[:cut])
        assert fight(path) == started, cut
    path.write_bytes(data)
    assert fight(path) == started
    path.write_bytes(data[: line_cuts[len(line_cuts) // 2]])
    assert main(["do", "--seed", "4", str(path), "start"]) == 0  # the torn command goes aside
    assert fight(path) == started
    assert [n.split(".toml.")[1][:5] for n in side_files(tmp_path)] == ["torn-"]


def test_the_upgrade_keeps_the_head_as_written_and_marks_old_commands(tmp_path: Path) -> None:
    path = format1(tmp_path, "note one", "start", "next")
    old_bytes = path.read_bytes()
    old = fight(path)
    assert main(["do", str(path), "note two"]) == 0
    new = path.read_bytes()
    head_end = HEADER_RE.search(old_bytes)
    assert head_end is not None
    assert new[: head_end.start()] == old_bytes[: head_end.start()].replace(
        b"\nformat = 1\n", b"\nformat = 2\n"
    )  # the GM's comments and layout stay
    assert fight(path)[:3] == old[:3] and fight(path)[3] == old[3] + 1
    tables = read_journal(path)
    assert len(tables.events) == old[3] + 1 and tables.torn is None
    assert new.count(b"\nbatch_end = true\n") == 4  # note one, start, next, note two
    assert side_files(tmp_path) == []  # the old copy goes once the upgrade is in


def test_a_refused_first_command_leaves_a_format1_file_as_it_was(tmp_path: Path) -> None:
    path = format1(tmp_path)
    before = path.read_bytes()
    assert main(["do", str(path), "dmg", "nobody", "3"]) == 1
    assert path.read_bytes() == before and side_files(tmp_path) == []


class Crash(Exception):
    """A crash at one system call of the upgrade."""


@pytest.mark.parametrize("call", ["write", "fsync", "replace", "open"])
def test_a_crash_at_each_step_of_the_upgrade_leaves_the_old_file_or_the_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    path = format1(tmp_path, "note one", "init mara 12")
    old_bytes, old = path.read_bytes(), fight(path)
    upgraded = format_upgrade.upgraded_bytes(path, old_bytes, 1)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=4))
    started = fight(path)
    real = getattr(os, call)
    outcomes: set[bool] = set()
    for nth in range(1, 12):
        path.write_bytes(old_bytes)
        for extra in tmp_path.iterdir():
            if extra != path:
                extra.unlink()
        seen = [0]

        def crash(
            *args: object, real: object = real, nth: int = nth, seen: list[int] = seen, **kw: object
        ) -> object:
            seen[0] += 1
            if seen[0] == nth:
                raise Crash(f"{call} #{nth}")
            return real(*args, **kw)  # type: ignore[operator]

        with EncounterFile(path) as gm:
            monkeypatch.setattr(os, call, crash)
            try:
                gm.execute("start", Dice(seed=4))
            except (Crash, JournalError):
                pass
            finally:
                monkeypatch.undo()
        now = path.read_bytes()
        assert now in (old_bytes, upgraded) or now.startswith(upgraded), (call, nth)
        assert fight(path) in (old, started), (call, nth)
        events = fight(path)[3]
        assert main(["do", str(path), "note", "the ferry"]) == 0  # the next command works
        assert fight(path)[3] == events + 1
        outcomes.add(now == old_bytes)
        if seen[0] < nth:
            break  # every call of the command has been crashed once
    assert outcomes == {True, False}  # crashed inside the upgrade, and after it


def test_the_old_copy_is_written_before_the_file_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = format1(tmp_path, "note one")
    old_bytes = path.read_bytes()
    seen: list[list[str]] = []

    def replace(src: str, dst: Path) -> None:
        seen.append(side_files(tmp_path))
        kept = [tmp_path / n for n in seen[-1] if ".format1-" in n]
        assert [p.read_bytes() for p in kept] == [old_bytes]
        raise Crash("power cut at the rename")

    monkeypatch.setattr(durable, "_replace", replace)
    with EncounterFile(path) as gm, pytest.raises(Crash):
        gm.execute("note two", Dice(seed=1))
    assert path.read_bytes() == old_bytes and seen


def test_a_format_line_written_oddly_is_upgraded_by_rewriting_the_head(tmp_path: Path) -> None:
    path = format1(tmp_path, "note one")
    path.write_bytes(path.read_bytes().replace(b"\nformat = 1\n", b"\nformat = 0x1\n"))
    old = fight(path)
    assert main(["do", str(path), "note two"]) == 0
    data = path.read_bytes()
    assert data.startswith(b"format = 2\n") and b"# A ready-to-play" not in data
    assert fight(path)[:3] == old[:3] and fight(path)[3] == old[3] + 1
    assert data.count(b"\nbatch_end = true\n") == 2 and side_files(tmp_path) == []


def test_through_a_symlink_the_file_it_names_is_upgraded_and_the_link_stays(
    tmp_path: Path,
) -> None:
    path = format1(tmp_path, "note one")
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    old = fight(path)
    assert main(["do", "--seed", "4", str(link), "start"]) == 0
    assert link.is_symlink() and link.resolve() == path.resolve()
    assert b"\nformat = 2\n" in path.read_bytes() and fight(path)[0] == "running"
    assert fight(link) == fight(path) and fight(path)[3] > old[3]
    assert side_files(tmp_path) == ["link.toml"]


def test_a_hard_linked_format1_file_keeps_its_links(tmp_path: Path) -> None:
    path = format1(tmp_path, "note one")
    other = tmp_path / "other.toml"
    os.link(path, other)
    assert main(["do", str(other), "note two"]) == 0
    assert os.path.samefile(path, other) and fight(path)[3] == 2
    assert b"\nformat = 1\n" in path.read_bytes()  # not replaced: that would part the names


STAMP = ".format1-20261128T101500Z"


@pytest.mark.parametrize("command", [["check", "--repair"], ["do", "note two"]], ids=" ".join)
def test_a_copy_left_by_an_upgrade_killed_after_the_rename_goes_on_the_next_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A kill between the rename and the copy's removal left ``ford.toml.format1-STAMP``
    for good: the next opening for writing (a command, `tracker check --repair`) sees the
    file holds all of it, removes it and says so; `tracker check` says it is there."""
    path = format1(tmp_path, "note one")
    old_bytes = path.read_bytes()
    assert main(["do", str(path), "note upgraded"]) == 0
    (tmp_path / f"ford.toml{STAMP}").write_bytes(old_bytes)  # as the kill left it
    capsys.readouterr()
    assert main([command[0], str(path), *command[1:]]) == 0
    assert side_files(tmp_path) == []
    assert f"ford.toml{STAMP}: removed" in capsys.readouterr().err


def test_a_copy_left_by_an_upgrade_killed_before_the_rename_goes_too(tmp_path: Path) -> None:
    path = format1(tmp_path, "note one")
    (tmp_path / f"ford.toml{STAMP}").write_bytes(path.read_bytes())
    events = fight(path)[3]
    assert main(["do", str(path), "note two"]) == 0
    assert side_files(tmp_path) == [] and fight(path)[3] == events + 1


@pytest.mark.parametrize(
    "name", [f"ford.toml{STAMP}", "ford.toml.format1-notes", f"other.toml{STAMP}"]
)
def test_a_copy_the_file_does_not_hold_is_kept(tmp_path: Path, name: str) -> None:
    """The only copy of a fight is never lost: a copy whose events the file does not
    start with (a file rewritten since, another fight's copy, a name of the GM's) stays."""
    path = format1(tmp_path, "note one")
    kept = tmp_path / name
    kept.write_bytes(path.read_bytes() + b"# a line the file does not hold\n")
    assert main(["do", str(path), "note two"]) == 0
    assert kept.exists()


def test_check_names_a_copy_left_and_how_to_remove_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = format1(tmp_path, "note one")
    old_bytes = path.read_bytes()
    assert main(["do", str(path), "note upgraded"]) == 0
    copy = tmp_path / f"ford.toml{STAMP}"
    copy.write_bytes(old_bytes)
    capsys.readouterr()
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "plays, with an upgrade's copy left" in out
    assert f"{copy}: the copy a format upgrade cut short left; ford.toml holds it all" in err
    assert f"`tracker check --repair {path}` removes it" in err and copy.exists()
