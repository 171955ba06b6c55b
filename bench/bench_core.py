"""Core speed goals, measured as ratios in one run (the machine is shared and noisy).

(a) load + replay of a generated 10,000-event encounter vs tomllib parsing the same
    file alone — goal <= 1.3x
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


def write(fight: Encounter, folder: Path) -> Path:
    """The fight as an encounter file."""
    head = {
        "format": 1,
        "encounter": {"title": "Bench", "ruleset": "basic"},
        "combatants": [
            {"id": c.id, "name": c.name, "side": c.side, "hidden": c.hidden, "stats": dict(c.stats)}
            for c in fight.initial.combatants.values()
        ],
    }
    path = folder / "bench.toml"
    write_document(path, head, [to_table(e) for e in fight.events])
    return path


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
    many = generate(100_000, fighters=40, seed=2)
    fold_time = min(timed(lambda: replay(many.initial, many.events)) for _ in range(3))
    rate = len(many.events) / fold_time
    print(
        f"(c) fold {len(many.events)} events: {fold_time * 1000:.0f} ms, "
        f"{rate:,.0f} events/s (goal >= 200,000/s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
