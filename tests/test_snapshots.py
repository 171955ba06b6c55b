"""Journal snapshots: a long fight opens from the newest snapshot that checks out, and the
state is always the one the events fold to (a damaged, torn, stale or lying snapshot is
ignored)."""

from __future__ import annotations

import random
import tomllib
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.codec import to_table
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.fold import replay
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.core.state_codec import state_data, state_from_data
from tracker.store import encounter_file
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.journal import read_journal, write_document
from tracker.store.snapshot import MARK, head_bytes, snapshot_line

from .conftest import ROSTER, basic_encounter

COMMANDS = ("next", "dmg {who} {n}", "heal {who} {n}", "ail {who} Prone rounds=2", "note n {n}")
WHO = [str(entry["id"]) for entry in ROSTER]


def played(events_wanted: int, seed: int = 1) -> Encounter:
    """The basic test fight played by seeded random commands, undo and redo among them in
    its last 1,000 events (each undo replays from a checkpoint: kept short)."""
    fight = basic_encounter([{**e, "stats": {"hp": 999_999, "init": 1}} for e in ROSTER])
    rng, dice = random.Random(seed), Dice(seed=seed)
    fight.run("start", dice)
    while len(fight.events) < events_wanted:
        roll = rng.random() if len(fight.events) > events_wanted - 1000 else 1.0
        line = "undo" if roll < 0.03 else "redo" if roll < 0.04 else rng.choice(COMMANDS)
        try:
            fight.run(line.format(who=rng.choice(WHO), n=rng.randint(1, 9)), dice)
        except RuleError:
            pass
    return fight


def written(fight: Encounter, folder: Path, snapshot_after: int = 0) -> Path:
    """The fight as a file, with a snapshot after its first ``snapshot_after`` events (0:
    none; it must be the end of a command)."""
    head = {"format": 2, "encounter": {"title": "Test", "ruleset": "basic"}, "combatants": []}
    head["combatants"] = [
        {"id": c.id, "name": c.name, "side": c.side, "stats": dict(c.stats)}
        for c in fight.initial.combatants.values()
    ]
    events = fight.events
    tables = [to_table(e) for e in events]
    for index, table in enumerate(tables):
        if index + 1 == len(tables) or events[index + 1].batch != events[index].batch:
            table["batch_end"] = True
    path = folder / "fight.toml"
    if not snapshot_after:
        write_document(path, head, tables)
        return path
    write_document(path, head, tables[:snapshot_after])
    state = replay(fight.initial, events[:snapshot_after])
    with path.open("ab") as file:
        file.write(snapshot_line(snapshot_after, state, head_bytes(path)))
    rest = folder / "rest.toml"
    write_document(rest, {}, tables[snapshot_after:])
    with path.open("ab") as file:
        file.write(rest.read_bytes())
    rest.unlink()
    return path


def command_end(fight: Encounter, near: int) -> int:
    """The count of events at the end of the command that ends nearest before ``near``."""
    events = fight.events
    return max(i for i in range(1, near) if events[i].batch != events[i - 1].batch)


def full_state(path: Path) -> EncounterState:
    """The state the file's events fold to, read with every snapshot line taken out."""
    plain = path.with_name("plain.toml")
    lines = path.read_bytes().splitlines(keepends=True)
    plain.write_bytes(b"".join(line for line in lines if not line.startswith(MARK)))
    return load(plain).encounter.state


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


def lying_file(folder: Path) -> tuple[Encounter, Path, int]:
    """(the fight, its file with a snapshot whose state is a lie, the snapshot's seq)."""
    fight = played(500)
    at = command_end(fight, 450)
    path = written(fight, folder)
    true = replay(fight.initial, fight.events[:at])
    orc = true.combatants["orc"]
    lie = replace(true, combatants={**true.combatants, "orc": replace(orc, tracks={"hp": 1})})
    data = path.read_bytes()
    blocks = data.split(b"\n[[events]]\n")
    cut = len(b"\n[[events]]\n".join(blocks[: at + 1])) + 1
    line = snapshot_line(at, lie, data[: data.index(b"\n[[events]]\n") + 1])
    path.write_bytes(data[:cut] + line + data[cut:])
    return fight, path, at


def test_a_lying_snapshot_is_found_out_and_ignored(tmp_path: Path) -> None:
    fight, path, at = lying_file(tmp_path)
    loaded = load(path)
    encounter = loaded.encounter
    assert encounter.taken_up_at == at  # its crc holds: taken up, not yet trusted
    encounter.read_earlier()  # what opening does when idle
    assert encounter.state == fight.state
    assert encounter.state.combatants["orc"].tracks != {"hp": 1}
    assert encounter.notes and f"event {at} disagrees" in encounter.notes[0]


def test_check_and_play_say_that_a_snapshot_lied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight, path, at = lying_file(tmp_path)
    assert main(["check", str(path)]) == 0
    said = capsys.readouterr()
    assert f"{len(fight.events)} events" in said.out
    assert f"event {at} disagrees with the events" in said.err
    with EncounterFile(path) as play:
        play.read_all()  # what the table app does once the file is open
        assert play.encounter.state == fight.state
        assert any("disagrees" in line for line in play.repaired)


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


def test_a_torn_snapshot_line_is_ignored_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encounter_file, "EVERY", 20)
    path = written(played(30), tmp_path)
    with EncounterFile(path) as play:
        play.execute("note hello", Dice(seed=1))
    whole = path.read_bytes()
    start, end = _snapshot_span(whole)
    assert end == len(whole)  # the snapshot is the last line
    truth = load(path).encounter.state
    for cut in sorted({start + 1, start + 5, (start + end) // 2, end - 2, end - 1}):
        path.write_bytes(whole[:cut])  # a crash while the line was written
        assert load(path).encounter.state == truth
        with EncounterFile(path) as play:
            assert play.recovered is None  # nothing to move aside: a comment
            play.execute("note after", Dice(seed=1))
        after = load(path)
        assert after.encounter.count == truth.seq + 1
        assert zlib.crc32(path.read_bytes()[:start]) == zlib.crc32(whole[:start])
