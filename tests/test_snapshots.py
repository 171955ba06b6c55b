"""Journal snapshots: a long fight opens from the newest snapshot that checks out, and the
state is always the one the events fold to (a damaged, torn, stale or lying snapshot is
ignored)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.dice import Dice
from tracker.core.fold import replay
from tracker.core.model import Trait
from tracker.core.state_codec import state_data, state_from_data
from tracker.store import encounter_file
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.follow import FileFollower
from tracker.store.journal import read_journal
from tracker.store.snapshot import MARK, snapshot_line

from .snapshot_helpers import WHO, command_end, full_state, lying_file, played, written


def test_a_100000_event_fight_opens_from_its_snapshot_to_the_state_of_a_full_replay(
    tmp_path: Path,
) -> None:
    fight = played(100_000)
    at = command_end(fight, len(fight.events) - 40)
    path = written(fight, tmp_path, snapshot_after=at)
    loaded = load(path)
    encounter = loaded.encounter
    assert encounter.taken_up_at == at  # only the events after the snapshot were read
    assert encounter.count == len(fight.events)
    assert encounter.state == fight.state
    assert encounter.events == fight.events  # the earlier events, read when asked for
    assert encounter.taken_up_at == 0 and encounter.notes == []
    assert encounter.state == fight.state


def test_a_file_with_snapshots_reads_as_before_without_them(tmp_path: Path) -> None:
    fight = played(300)
    path = written(fight, tmp_path, snapshot_after=command_end(fight, 200))
    parsed = tomllib.loads(path.read_text("utf-8"))  # any TOML reader: a comment
    assert len(parsed["events"]) == len(fight.events)
    assert len(read_journal(path).events) == len(fight.events)
    assert full_state(path) == fight.state


def test_the_state_codec_gives_back_an_equal_state() -> None:
    fight = played(400)
    assert state_from_data(state_data(fight.state)) == fight.state
    carried = Trait("Hideous Strength", "Two extra dice in melee.", "ability")
    fighter = next(iter(fight.state.combatants.values()))
    traited = replace(fighter, traits=(carried,))
    state = replace(fight.state, combatants={**fight.state.combatants, fighter.id: traited})
    assert state_from_data(state_data(state)) == state  # an imported threat's traits
    with pytest.raises(ValueError):
        state_from_data({"c": "EncounterState", "v": {"no_such_field": 1}})
    with pytest.raises(ValueError):
        state_from_data({"c": "Path", "v": {}})


def _snapshot_span(data: bytes) -> tuple[int, int]:
    at = data.index(b"\n" + MARK) + 1
    return at, data.index(b"\n", at) + 1


@pytest.mark.parametrize("where", [0.1, 0.5, 0.9])
def test_a_damaged_snapshot_is_ignored(tmp_path: Path, where: float) -> None:
    fight = played(500)
    path = written(fight, tmp_path, snapshot_after=command_end(fight, 450))
    data = bytearray(path.read_bytes())
    start, end = _snapshot_span(bytes(data))
    flip = start + len(MARK) + int((end - start - len(MARK) - 1) * where)
    data[flip] = ord("7") if data[flip] != ord("7") else ord("8")
    path.write_bytes(bytes(data))
    loaded = load(path)
    assert loaded.encounter.taken_up_at == 0  # every event replayed
    assert loaded.encounter.state == fight.state


def test_a_lying_snapshot_is_found_out_and_ignored(tmp_path: Path) -> None:
    fight, path, at = lying_file(tmp_path)
    loaded = load(path)
    encounter = loaded.encounter
    assert encounter.taken_up_at == at  # its crc holds: taken up, not yet trusted
    encounter.read_earlier()  # what opening does when idle
    assert encounter.state == fight.state
    assert encounter.state.combatants["orc"].tracks != {"hp": 1}
    assert encounter.notes and f"event {at} disagrees" in encounter.notes[0]


def test_check_says_that_a_snapshot_lied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight, path, at = lying_file(tmp_path)
    assert main(["check", str(path)]) == 0
    said = capsys.readouterr()
    assert f"{len(fight.events)} events" in said.out
    assert f"event {at} disagrees with the events" in said.err


def test_a_snapshot_of_another_head_is_stale(tmp_path: Path) -> None:
    fight = played(400)
    path = written(fight, tmp_path, snapshot_after=command_end(fight, 350))
    text = path.read_text("utf-8").replace('title = "Test"', 'title = "Renamed"', 1)
    path.write_text(text, "utf-8")
    loaded = load(path)
    assert loaded.encounter.taken_up_at == 0
    assert loaded.encounter.state.title == "Renamed"


def test_play_writes_snapshots_and_undo_redo_cross_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encounter_file, "EVERY", 25)
    path = written(played(10), tmp_path)
    dice = Dice(seed=3)
    with EncounterFile(path) as play:
        for n in range(40):
            play.execute(f"dmg {WHO[n % 4]} {n % 5 + 1}" if n % 3 else "next", dice)
    lines = path.read_bytes().splitlines()
    seqs = [int(line.split()[2]) for line in lines if line.startswith(MARK)]
    assert len(seqs) >= 2 and all(b - a >= 25 for a, b in zip(seqs, seqs[1:], strict=False))
    with EncounterFile(path) as play:
        assert play.encounter.taken_up_at == seqs[-1]
        for _ in range(38):  # back past every snapshot
            play.execute("undo", dice)
        assert play.encounter.state.seq > seqs[-1] and play.encounter.taken_up_at == 0
        for _ in range(12):
            play.execute("redo", dice)
        state = play.encounter.state
    assert full_state(path) == state
    reopened = load(path)
    assert reopened.encounter.state == state


def test_a_crash_while_a_snapshot_and_its_command_were_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encounter_file, "EVERY", 20)
    path = written(played(30), tmp_path)
    with EncounterFile(path) as play:
        before = play.encounter.state
        play.execute("note hello", Dice(seed=1))  # the snapshot is written with it
    whole = path.read_bytes()
    start, end = _snapshot_span(whole)
    assert whole[end:].startswith(b"[[events]]\n")  # the command follows its snapshot
    standing = whole.rindex(b"\n# standing ") + 1  # after the command: a cut in it keeps it
    cuts = {start + 1, start + 5, (start + end) // 2, end - 1, end, end + 3, standing - 5}
    for cut in sorted(cuts):
        path.write_bytes(whole[:cut])  # a crash during the one write of both
        assert load(path).encounter.state == before  # the command is not there
        with EncounterFile(path) as play:
            assert play.encounter.state == before
            play.execute("note after", Dice(seed=1))
        after = load(path).encounter
        assert after.count == before.seq + 1
        assert after.events[-1].text.endswith("after")
        assert path.read_bytes()[:start] == whole[:start]


def test_undo_right_after_opening_needs_nothing_before_the_snapshot(tmp_path: Path) -> None:
    fight = played(2000)
    at = len(fight.events)
    dice = Dice(seed=5)
    fight.run("note the last command", dice)
    path = written(fight, tmp_path, snapshot_after=at)  # as play writes it: before the last
    encounter = load(path).encounter
    assert encounter.run("undo", dice)[0].text == fight.run("undo", dice)[0].text
    assert encounter.taken_up_at == at  # nothing before the snapshot was read
    assert encounter.state == fight.state
    assert encounter.run("redo", dice)[0].text == fight.run("redo", dice)[0].text
    assert encounter.taken_up_at == at and encounter.state == fight.state


def test_undo_and_redo_look_at_the_last_commands_before_a_snapshot(tmp_path: Path) -> None:
    fight = played(2000)
    path = written(fight, tmp_path, snapshot_after=len(fight.events))  # the last line
    encounter = load(path).encounter
    assert encounter.recent_events == []
    target = fight.undo_target()
    assert target is not None
    assert encounter.undo_target() == target
    assert encounter.describe_batch(target) == fight.describe_batch(target)
    assert encounter.redo_target() == fight.redo_target()
    assert encounter.taken_up_at == len(fight.events)  # answered without reading more
    dice = Dice(seed=5)
    assert encounter.run("undo", dice)[0].text == fight.run("undo", dice)[0].text
    assert encounter.state == fight.state  # the state before the last command: read


@pytest.mark.parametrize(
    "name", ["Orc\x1b[31m", "Orc\u202e", "x" * 5000], ids=["escape", "bidi", "long"]
)
def test_a_snapshot_with_text_a_file_may_not_hold_is_ignored(tmp_path: Path, name: str) -> None:
    fight = played(300)
    at = command_end(fight, 250)
    path = written(fight, tmp_path)
    true = replay(fight.initial, fight.events[:at])
    orc = replace(true.combatants["orc"], name=name)
    bad = replace(true, combatants={**true.combatants, "orc": orc})
    data = path.read_bytes()
    cut = len(b"\n[[events]]\n".join(data.split(b"\n[[events]]\n")[: at + 1])) + 1
    line = snapshot_line(at, bad, data[: data.index(b"\n[[events]]\n") + 1])
    path.write_bytes(data[:cut] + line + data[cut:])
    loaded = load(path)
    assert loaded.encounter.taken_up_at == 0  # the one text check refused it
    assert loaded.encounter.state == fight.state


def test_a_player_view_follows_a_file_as_snapshots_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encounter_file, "EVERY", 10)
    path = written(played(5), tmp_path)
    follower = FileFollower(path)
    assert follower.poll().reloaded
    dice = Dice(seed=2)
    with EncounterFile(path) as play:
        for n in range(30):
            play.execute(f"dmg {WHO[n % 4]} 1" if n % 2 else "next", dice)
            caught = follower.poll()
            assert not caught.problem
            assert follower.loaded is not None
            assert follower.loaded.encounter.state == play.encounter.state
    assert path.read_bytes().count(b"\n" + MARK) >= 3
