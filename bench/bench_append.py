"""Benchmark the journal against the bare system calls it is built on.

Not a test: prints figures measured in the same run (the machine is noisy, so
only the ratios mean much).

* append: ``JournalWriter.append`` of one event vs a bare ``os.write`` + ``os.fsync``
  of the same bytes, N times each, interleaved; medians and their ratio (goal <= 2x).
* read: ``read_journal`` of a generated 10,000-event file vs ``tomllib.loads`` of the
  same bytes alone; best of a few runs each, and their ratio.

Usage: python bench/bench_append.py [--dir FOLDER] [-n 500] [--events 10000]
FOLDER should be on the disk encounters live on (the default is the current folder;
a tmpfs makes fsync free and the append ratio meaningless).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tracker.store.journal import (  # noqa: E402
    format_event,
    read_journal,
    write_document,
)
from tracker.store.writer import JournalWriter  # noqa: E402

HEAD: dict[str, Any] = {
    "format": 1,
    "encounter": {"title": "Bench", "ruleset": "basic"},
    "combatants": [{"id": f"c{i}", "name": f"C{i}", "stats": {"grace": 40 + i}} for i in range(8)],
}
T0 = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)


def event(seq: int) -> dict[str, Any]:
    """A typical event: a damage roll with a few fields and an inline table."""
    return {
        "seq": seq,
        "type": "damage.applied",
        "at": T0 + timedelta(seconds=seq),
        "actor": "unit01",
        "target": "sachiel",
        "amount": 12,
        "rolls": [7, 3],
        "hit": {"location": "core", "wounds": 2},
        "note": "AT field down",
    }


def timed(fn: Callable[[], object]) -> float:
    """Seconds one call of ``fn`` takes."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bare_append(fd: int, data: bytes) -> None:
    """The floor: one write and one fsync of the same bytes."""
    os.write(fd, data)
    os.fsync(fd)


def bench_append(folder: Path, n: int) -> None:
    """Median append time through JournalWriter vs bare write+fsync, interleaved."""
    path, bare = folder / "bench.toml", folder / "bare.toml"
    write_document(path, HEAD, [])
    bare.write_bytes(path.read_bytes())
    fd = os.open(bare, os.O_WRONLY | os.O_APPEND)
    ours: list[float] = []
    base: list[float] = []
    with JournalWriter(path) as writer:
        for seq in range(1, n + 1):
            table = event(seq)
            data = format_event({**table, "batch_end": True}).encode("utf-8")  # its own batch
            ours.append(timed(partial(writer.append, table)))
            base.append(timed(partial(bare_append, fd, data)))
    os.close(fd)
    assert path.read_bytes() == bare.read_bytes()
    mo, mb = statistics.median(ours), statistics.median(base)
    print(f"append  N={n}: JournalWriter.append median {mo * 1e6:8.1f} us")
    print(f"append  N={n}: os.write+os.fsync    median {mb * 1e6:8.1f} us")
    print(f"append  ratio {mo / mb:.2f}x  (goal <= 2x)")


def bench_read(folder: Path, count: int, repeat: int = 5) -> None:
    """Best-of-``repeat`` read_journal vs tomllib.loads of the same bytes."""
    path = folder / "big.toml"
    write_document(path, HEAD, [event(seq) for seq in range(1, count + 1)])
    data = path.read_bytes()
    journal_times: list[float] = []
    toml_times: list[float] = []
    for _ in range(repeat):
        journal_times.append(timed(lambda: read_journal(path)))
        toml_times.append(timed(lambda: tomllib.loads(data.decode("utf-8"))))
    got = read_journal(path)
    assert len(got.events) == count and got.torn is None
    bj, bt = min(journal_times), min(toml_times)
    print(f"read    {count} events, {len(data) / 1e6:.2f} MB:")
    print(f"read    read_journal  best {bj * 1e3:8.1f} ms")
    print(f"read    tomllib.loads best {bt * 1e3:8.1f} ms")
    print(f"read    ratio {bj / bt:.2f}x")


def main() -> None:
    """Parse arguments and run both benchmarks in a temp folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path.cwd(), help="where to put the files")
    parser.add_argument("-n", type=int, default=500, help="appends per variant")
    parser.add_argument("--events", type=int, default=10_000, help="events in the read file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix=".bench-journal-") as name:
        print(f"folder  {name}")
        bench_append(Path(name), args.n)
        bench_read(Path(name), args.events)


if __name__ == "__main__":
    main()
