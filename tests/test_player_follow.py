"""Following the GM's file: new events once, blocks in progress unseen, rewrites survived,
and never a lock or a write."""

from __future__ import annotations

import os
from pathlib import Path

from tests.player_helpers import compact, copy_sample, play
from tracker.core.codec import to_table
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.follow import FileFollower
from tracker.store.journal import format_event

BANDITS = "basic-bandits-at-the-ford.toml"


def bandits(tmp_path: Path) -> Path:
    """A fresh copy of the basic sample (captain has 22 HP)."""
    return copy_sample(BANDITS, tmp_path)


def test_the_first_look_reads_the_whole_file(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start")
    follower = FileFollower(path)
    catch = follower.poll()
    assert catch.reloaded and not catch.problem
    assert [e.seq for e in catch.events] == [e.seq for e in load(path).encounter.events]


def test_appended_events_come_back_once_and_in_order(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    follower = FileFollower(path)
    follower.poll()
    play(path, "start")
    started = follower.poll()
    assert not started.reloaded
    assert [e.seq for e in started.events] == list(range(1, len(started.events) + 1))
    play(path, "dmg captain 5")
    hit = follower.poll()
    assert [e.text for e in hit.events] == ["Bandit captain: HP 22 → 17"]
    assert follower.poll().events == ()
    assert follower.loaded is not None
    assert follower.loaded.encounter.state.combatant("captain").track("hp") == 17


def test_only_the_new_bytes_are_read(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start", *["dmg captain 1", "heal captain 1"] * 40)
    follower = FileFollower(path)
    follower.poll()
    before, size = follower.bytes_read, path.stat().st_size
    play(path, "dmg captain 2")
    follower.poll()
    grown = path.stat().st_size - size
    head = path.read_bytes().index(b"[[events]]")
    assert size > 10 * (grown + head)
    assert follower.bytes_read - before <= grown + head + 64  # new blocks, the head, no more


def test_a_block_still_being_written_is_not_seen_yet(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start")
    follower = FileFollower(path)
    follower.poll()
    with EncounterFile(path) as gm:
        event = gm.encounter.decide("dmg captain 3", Dice(seed=1))[0]
    block = format_event(to_table(event)).encode()
    for cut in (5, len(block) // 2, len(block) - 1):  # header, middle, crc without its newline
        with open(path, "ab") as file:
            file.write(block[:cut])
        assert follower.poll().events == ()
        assert not follower.poll().problem
        with open(path, "rb+") as file:
            file.truncate(path.stat().st_size - cut)
    with open(path, "ab") as file:
        file.write(block[:40])
    follower.poll()
    with open(path, "ab") as file:
        file.write(block[40:])
    assert [e.text for e in follower.poll().events] == ["Bandit captain: HP 22 → 19"]


def test_a_torn_tail_repaired_by_the_gm_is_followed_past(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start")
    follower = FileFollower(path)
    follower.poll()
    with open(path, "ab") as file:
        file.write(b'[[events]]\nseq = 99\ntype = "note.added"\n')  # a crash mid-append
    assert follower.poll().events == ()
    said = play(path, "dmg captain 4")  # the GM reopens: the torn bytes are moved aside
    catch = follower.poll()
    assert [e.text for e in catch.events] == said
    assert follower.loaded is not None
    assert len(follower.loaded.encounter.events) == len(load(path).encounter.events)


def test_compaction_reloads_and_following_goes_on(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start", "dmg captain 5")
    follower = FileFollower(path)
    count = len(follower.poll().events)
    compact(path)
    again = follower.poll()
    assert again.reloaded and len(again.events) == count
    play(path, "dmg captain 1")
    after = follower.poll()
    assert not after.reloaded
    assert [e.text for e in after.events] == ["Bandit captain: HP 17 → 16"]


def test_a_rewritten_head_is_read_again(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start")
    follower = FileFollower(path)
    follower.poll()
    compact(path, title="Bandits at dusk")
    assert follower.poll().reloaded
    assert follower.loaded is not None
    assert follower.loaded.encounter.state.title == "Bandits at dusk"


def test_undo_reaches_the_follower(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start", "dmg captain 5")
    follower = FileFollower(path)
    follower.poll()
    play(path, "undo")
    assert follower.poll().events
    assert follower.loaded is not None
    assert follower.loaded.encounter.state.combatant("captain").track("hp") == 22


def test_the_follower_takes_no_lock_and_writes_nothing(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start")
    with EncounterFile(path) as gm:  # the GM holds the writer lock the whole time
        follower = FileFollower(path)
        assert not follower.poll().problem
        gm.execute("dmg captain 2", Dice(seed=1))
        stat, files = path.stat(), sorted(os.listdir(tmp_path))
        data = path.read_bytes()
        for _ in range(3):
            follower.poll()
        assert follower.loaded is not None
        assert follower.loaded.encounter.state.combatant("captain").track("hp") == 20
        assert path.read_bytes() == data
        assert path.stat().st_mtime_ns == stat.st_mtime_ns
        assert sorted(os.listdir(tmp_path)) == files


def test_a_damaged_file_keeps_the_last_good_state_and_says_why(tmp_path: Path) -> None:
    path = bandits(tmp_path)
    play(path, "start", "dmg captain 5")
    follower = FileFollower(path)
    follower.poll()
    good = path.read_bytes()
    broken = tmp_path / "broken.toml"
    broken.write_bytes(good.replace(b"[encounter]", b"[encounter", 1))
    os.replace(broken, path)
    catch = follower.poll()
    assert catch.problem.startswith(str(path)) and "\n" not in catch.problem
    assert follower.loaded is not None
    assert follower.loaded.encounter.state.combatant("captain").track("hp") == 17
    fixed = tmp_path / "fixed.toml"
    fixed.write_bytes(good)
    os.replace(fixed, path)
    assert follower.poll().reloaded and not follower.poll().problem


def test_a_missing_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    catch = FileFollower(tmp_path / "nowhere.toml").poll()
    assert "nowhere.toml" in catch.problem and not catch.events
