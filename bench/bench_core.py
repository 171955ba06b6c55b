"""Core speed goals, measured as ratios in one run (the machine is shared and noisy).

(a) load + replay of a generated 10,000-event encounter without snapshots (every event
    read and replayed) vs tomllib parsing the same file alone — goal <= 1.3x
(b) the same file with snapshots (issue 32), its newest one as far behind as play leaves
    it (``snapshot.EVERY - 1`` events) and right at the end: load + replay (from the
    snapshot) vs tomllib parsing the whole file — goal <= 0.5x; and a 100,000-event file
    the same way
(c) folding 100,000 in-memory events — goal >= 200,000 events/s

Run: python bench/bench_core.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path

from tracker.core.codec import to_table
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.fold import replay
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import load
from tracker.store.journal import write_document
from tracker.store.snapshot import EVERY, head_bytes, snapshot_line

COMMANDS = [
    "next",
    "dmg {who} {n}",
    "heal {who} {n}",
    "ail {who} Prone rounds=2",
    "cure {who} Prone",
    "note round note {n}",
    "roll 2d6+{n}",
]


def generate(
    events_wanted: int,
    fighters: int = 12,
    seed: int = 1,
    commands: Sequence[str] = COMMANDS,
    hidden: int = -1,
) -> Encounter:
    """A basic-ruleset fight played by random ``commands`` until it has enough events
    (combatant number ``hidden`` starts hidden from the players)."""
    rules = load_ruleset("basic")
    roster = {
        f"c{i}": rules.prepare(
            {
                "id": f"c{i}",
                "name": f"Fighter {i}",
                "side": "pc" if i % 2 else "enemy",
                "hidden": i == hidden,
                "stats": {"hp": 10_000, "init": i % 5},
            }
        )
        for i in range(fighters)
    }
    fight = Encounter(EncounterState(title="Bench", ruleset="basic", combatants=roster), rules)
    rng, dice = random.Random(seed), Dice(seed=seed)
    fight.run("start", dice)
    while len(fight.events) < events_wanted:
        line = rng.choice(commands).format(who=f"c{rng.randrange(fighters)}", n=rng.randint(1, 9))
        try:
            fight.run(line, dice)
        except RuleError:
            pass
    return fight


def write(fight: Encounter, folder: Path, snapshot_after: int = 0, name: str = "bench") -> Path:
    """The fight as an encounter file (with a snapshot after the command that ends nearest
    before event ``snapshot_after``, as play writes them, if that is not 0)."""
    head = {
        "format": 2 if snapshot_after else 1,
        "encounter": {"title": "Bench", "ruleset": "basic"},
        "combatants": [
            {"id": c.id, "name": c.name, "side": c.side, "hidden": c.hidden, "stats": dict(c.stats)}
            for c in fight.initial.combatants.values()
        ],
    }
    path = folder / f"{name}.toml"
    events = fight.events
    tables = [to_table(e) for e in events]
    if not snapshot_after:
        write_document(path, head, tables)
        return path
    for index, table in enumerate(tables):
        if index + 1 == len(tables) or events[index + 1].batch != events[index].batch:
            table["batch_end"] = True
    at = max(i for i in range(1, snapshot_after + 1) if tables[i - 1].get("batch_end"))
    write_document(path, head, tables[:at])
    with path.open("ab") as file:
        file.write(snapshot_line(at, replay(fight.initial, events[:at]), head_bytes(path)))
    rest = folder / "rest.toml"
    write_document(rest, {}, tables[at:])
    with path.open("ab") as file:
        file.write(rest.read_bytes())
    rest.unlink()
    return path


def snapshot_ratios(fight: Encounter, folder: Path, label: str) -> None:
    """Print (b) for ``fight``: its newest snapshot far behind, and at the end."""
    count = len(fight.events)
    for behind, words in ((EVERY - 1, f"{EVERY - 1} events behind"), (0, "at the end")):
        path = write(fight, folder, count - behind, name=f"snap{behind}")
        data = path.read_bytes()
        parse, opened = interleaved(
            lambda d=data: tomllib.loads(d.decode("utf-8")), lambda p=path: load(p), 5
        )
        check = load(path).encounter
        assert check.taken_up_at and check.state == fight.state
        print(
            f"(b) {label}, snapshot {words}: tomllib parse {parse * 1000:.0f} ms, "
            f"load+replay {opened * 1000:.1f} ms, ratio {opened / parse:.3f}x (goal <= 0.5x)"
        )


def timed(fn: Callable[[], object]) -> float:
    """Wall time of one call."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def interleaved(
    first: Callable[[], object], second: Callable[[], object], repeat: int
) -> tuple[float, float]:
    """Best times of two functions run turn about, so both meet the same machine load."""
    a, b = [], []
    for _ in range(repeat):
        a.append(timed(first))
        b.append(timed(second))
    return min(a), min(b)


def main() -> int:
    fight = generate(10_000)
    with tempfile.TemporaryDirectory() as folder:
        path = write(fight, Path(folder))
        data = path.read_bytes()
        events = len(fight.events)
        parse, full = interleaved(
            lambda: tomllib.loads(data.decode("utf-8")), lambda: load(path), 7
        )
        print(
            f"(a) {events} events: tomllib parse {parse * 1000:.0f} ms, "
            f"load+validate+replay {full * 1000:.0f} ms, ratio {full / parse:.2f}x (goal <= 1.3x)"
        )
        snapshot_ratios(fight, Path(folder), f"{events} events")
    many = generate(100_000, fighters=40, seed=2)
    with tempfile.TemporaryDirectory() as folder:
        snapshot_ratios(many, Path(folder), f"{len(many.events)} events")
    fold_time = min(timed(lambda: replay(many.initial, many.events)) for _ in range(3))
    rate = len(many.events) / fold_time
    print(
        f"(c) fold {len(many.events)} events: {fold_time * 1000:.0f} ms, "
        f"{rate:,.0f} events/s (goal >= 200,000/s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
