"""Long fights for the snapshot tests: played by seeded commands, written as files with a
snapshot where wanted, and the state a file's events fold to with its snapshots taken out."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from tracker.core.codec import to_table
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.fold import replay
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.store.encounter_file import load
from tracker.store.journal import write_document
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


def long_fight(folder: Path, combatants: int = 40, events: int = 600) -> Path:
    """A basic fight of ``combatants`` with long names, ``events`` events, no snapshot."""
    roster = [
        {
            "id": f"c{i}",
            "name": f"Fighter with a long name {i}",
            "side": "pc" if i % 4 == 0 else "enemy",
            "stats": {"hp": 1000, "init": i % 5},
        }
        for i in range(combatants)
    ]
    fight: Encounter = basic_encounter(roster)
    dice, pick = Dice(seed=1), random.Random(2)
    fight.run("start", dice)
    while len(fight.events) < events:
        who = f"c{pick.randrange(combatants)}"
        fight.run(pick.choice([f"dmg {who} 1", "next", f"heal {who} 1"]), dice)
    return written(fight, folder)


def full_state(path: Path) -> EncounterState:
    """The state the file's events fold to, read with every snapshot line taken out."""
    plain = path.with_name("plain.toml")
    lines = path.read_bytes().splitlines(keepends=True)
    plain.write_bytes(b"".join(line for line in lines if not line.startswith(MARK)))
    return load(plain).encounter.state
