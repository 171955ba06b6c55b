"""Benchmark listing a folder of encounters (``tracker ls``, the launcher) against the floor.

Not a test: prints figures measured in the same run (the machine is noisy, so only the
ratios mean much).

The folder: FILES encounter files of EVENTS events each, made by playing the bundled
samples (basic, nerv-d100, wrath-glory, alien-evolved) through ``EncounterFile`` with
seeded dice (turns, damage, notes, rolls, undo/redo, a reinforcement), some to the end
of the fight, then copied under varied names and modification times.

* floor:  ``os.stat`` + open + read 4 KB of every file;
* cold:   ``list_folder(cache=False)``: every file read (what the first listing of a
          folder costs): a file our writer left ending in a standing line by its first
          8 KB and last 4 KB, any other by its head and journal;
* full:   the cold listing with the standing lines not read (how older files list);
* warm:   ``list_folder()`` with the listing cache: unchanged files are not read
          (every listing after the first: the launcher, ``tracker ls``).

Best of REPEAT runs each, interleaved. Goals (issue 14): listing <= 300 ms, and
<= 2x the floor; (issue 32) cold <= 3x the floor. Also printed: how many heads the quick
head reader (``store/listing_head.py``, no TOML parser) read, the rest parsed in full.

Usage: python bench/bench_ls.py [--files 500] [--events 1000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tracker.store.listing as listing  # noqa: E402
import tracker.store.writer as writer_module  # noqa: E402
from tracker.core.dice import Dice  # noqa: E402
from tracker.core.errors import TrackerError  # noqa: E402
from tracker.paths import bundled_dir  # noqa: E402
from tracker.store.encounter_file import EncounterFile  # noqa: E402
from tracker.store.listing import list_folder  # noqa: E402
from tracker.store.listing_head import quick_head  # noqa: E402
from tracker.store.snapshot import head_bytes  # noqa: E402
from tracker.store.standing_read import read_standing  # noqa: E402

SAMPLES = (
    "basic-bandits-at-the-ford.toml",
    "nerv-sachiel.toml",
    "wrath-ork-boarding.toml",
    "alien-operations-deck.toml",
)
T0 = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


def command(rng: random.Random, ids: list[str]) -> str:
    """One command a GM might type mid-fight."""
    who = rng.choice(ids)
    roll = rng.random()
    if roll < 0.30:
        return "next"
    if roll < 0.60:
        return f"dmg {who} {rng.randint(1, 6)}"
    if roll < 0.70:
        return f"note {who} takes cover"
    if roll < 0.81:
        return "roll 2d6"
    if roll < 0.85:
        return "undo"
    if roll < 0.86:
        return "redo"
    if roll < 0.87:
        return f"add Reinforcement {rng.randint(1, 99)}"
    return f"heal {who} 1"


def play_sample(sample: Path, target: Path, events: int, seed: int, end: bool) -> None:
    """Play a copy of ``sample`` until it holds about ``events`` events."""
    shutil.copyfile(sample, target)
    rng, dice = random.Random(seed), Dice(seed=seed)
    with EncounterFile(target) as play:
        play.execute("start", dice, T0)
        step = 0
        while len(play.encounter.events) < events - (2 if end else 0):
            step += 1
            ids = [c.id for c in play.encounter.state.active]
            try:
                play.execute(command(rng, ids), dice, T0 + timedelta(seconds=step))
            except TrackerError:
                continue
        if end:
            play.execute("end", dice, T0 + timedelta(seconds=step + 1))


def make_folder(folder: Path, files: int, events: int) -> None:
    """``files`` encounter files of about ``events`` events each, varied names and mtimes."""
    real_fsync = writer_module.fsync_file
    writer_module.fsync_file = lambda fd: None  # generating, not measuring appends
    try:
        bases = []
        for index, name in enumerate(SAMPLES * 2):
            base = folder / f".base-{index}.toml"
            play_sample(bundled_dir("encounters") / name, base, events, index, end=index >= 6)
            bases.append(base)
    finally:
        writer_module.fsync_file = real_fsync
    rng = random.Random(1)
    for number in range(files):
        path = folder / f"fight-{number:04d}-{rng.choice(SAMPLES)}"
        shutil.copyfile(bases[number % len(bases)], path)
        stamp = T0.timestamp() - rng.randint(0, 90 * 86400)
        os.utime(path, (stamp, stamp))
    for base in bases:
        base.unlink()


def floor(folder: Path) -> None:
    """stat and read the first 4 KB of every encounter file."""
    for entry in os.scandir(folder):
        if entry.name.endswith(".toml"):
            os.stat(entry.path)
            with open(entry.path, "rb") as file:
                file.read(4096)


def full_way(folder: Path) -> None:
    """The cold listing as files without standing lines (older ones) are read."""
    real = listing.read_standing
    listing.read_standing = lambda path: None
    try:
        list_folder(folder, cache=False)
    finally:
        listing.read_standing = real


def best(fns: list[Callable[[], object]], repeat: int) -> list[float]:
    """The fastest of ``repeat`` calls of each of ``fns``, in seconds, the calls taken in
    turn (a burst of load on a shared machine then slows all of them alike)."""
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for fn, spent in zip(fns, times, strict=True):
            start = time.perf_counter()
            fn()
            spent.append(time.perf_counter() - start)
    return [min(spent) for spent in times]


def main() -> None:
    """Make the folder, then time the floor and both listings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-ls-") as name:
        os.environ["XDG_CACHE_HOME"] = str(Path(name) / "cache")  # the user's cache untouched
        folder = Path(name) / "encounters"
        folder.mkdir()
        started = time.perf_counter()
        make_folder(folder, args.files, args.events)
        size = sum(p.stat().st_size for p in folder.iterdir()) / len(list(folder.iterdir()))
        print(
            f"folder  {args.files} files, ~{args.events} events, {size / 1e3:.0f} KB each "
            f"(made in {time.perf_counter() - started:.1f} s)"
        )
        listed = list_folder(folder)
        assert len(listed) == args.files and not [s for s in listed if s.problem]
        statuses = sorted({s.status.split(",")[0] for s in listed})
        print(f"status  {', '.join(statuses)}")
        quick = sum(quick_head(head_bytes(s.path).decode()) is not None for s in listed)
        print(f"heads   {quick} of {len(listed)} read quickly (no TOML parser)")
        fast = sum(read_standing(s.path) is not None for s in listed)
        print(f"lines   {fast} of {len(listed)} listed from their standing line (8 KB + 4 KB read)")
        list_folder(folder)  # the cache written: every warm listing below reads it
        base, cold, warm, full = best(
            [
                lambda: floor(folder),
                lambda: list_folder(folder, cache=False),
                lambda: list_folder(folder),
                lambda: full_way(folder),
            ],
            args.repeat,
        )
        print(f"floor   stat + read 4 KB       {base * 1e3:7.1f} ms")
        print(f"cold    list, no cache         {cold * 1e3:7.1f} ms  {cold / base:5.1f}x floor")
        print(f"warm    list, cache            {warm * 1e3:7.1f} ms  {warm / base:5.1f}x floor")
        print(f"full    cold, lines not read   {full * 1e3:7.1f} ms  {full / base:5.1f}x floor")
        ok = warm <= 0.3 and warm <= 2 * base and cold <= 0.3
        print(
            f"goals   <= 300 ms and <= 2x floor (warm), cold <= 300 ms: {'met' if ok else 'MISSED'}"
        )
        print(f"goal    cold <= 3x floor (issue 32): {'met' if cold <= 3 * base else 'MISSED'}")


if __name__ == "__main__":
    main()
