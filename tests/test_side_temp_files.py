"""Side files cannot be turned against the GM (issues 25 and 26), part two: new files and
sample copies never go through a link in the way, stale temp files are swept, settings,
bestiary and kept-aside torn tails replace a link rather than write through it. The lock,
the runtime folder and read-only folders: tests/test_side_files.py."""

from __future__ import annotations

import errno
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.campaign_helpers import ok, refused
from tests.side_helpers import LINKS, PRECIOUS, Capsys, plant, victim
from tests.ui_helpers import basic_file
from tracker.core.dice import Dice
from tracker.core.library import Block
from tracker.store.bestiary import save_blocks, user_bestiary_file
from tracker.store.durable import remove_stale_temps
from tracker.store.encounter_file import EncounterFile
from tracker.store.errors import JournalError
from tracker.store.journal import read_journal, repair_torn
from tracker.store.settings import Settings

# --------------------------------------------------------------------------- creating


def test_new_refuses_a_dangling_link_and_creates_nothing_through_it(
    tmp_path: Path, capsys: Capsys
) -> None:
    target = tmp_path / "home" / "planted.toml"
    target.parent.mkdir()
    link = tmp_path / "fight.toml"
    link.symlink_to(target)
    err = refused(capsys, [], "new", link, "--ruleset", "basic")
    assert "is a symbolic link" in err
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


def test_a_bestiary_that_links_to_itself_is_refused_in_one_line(
    tmp_path: Path, capsys: Capsys
) -> None:
    """`ln -s basic.toml basic.toml` in the bestiary folder: save-template said
    `tracker: [Errno 40] Too many levels of symbolic links: '…'` (Python's words)."""
    path = user_bestiary_file("basic")
    path.parent.mkdir(parents=True)
    path.symlink_to(path)
    with pytest.raises(JournalError, match="basic.toml: cannot be read: Too many levels"):
        save_blocks("basic", [cast(Block, {"id": "orc", "name": "Orc"})], path)
    fight = basic_file(tmp_path)
    err = refused(capsys, [fight], "do", fight, "save-template", "orc", "as", "brute")
    loop = os.strerror(errno.ELOOP)
    assert err == f"tracker: {path}: cannot be read: {loop} — the command was not saved\n"
    assert path.is_symlink()


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
