"""Fork server for tests/test_journal_crash.py: appending children to be SIGKILLed.

Usage: python append_child.py PROJECT_ROOT

Imports the store once, then for every stdin line ``FILE FIRST_SEQ SEED`` forks a
child and prints ``pid PID``. The child takes the writer lock, opens a
JournalWriter, prints ``ready``, then appends events ``FIRST_SEQ, FIRST_SEQ+1, …``
until killed (at most LIFETIME seconds), printing each seq (one write: atomic on
a pipe) only after ``append`` has returned. When the child is dead the server prints
``exit STATUS`` (the raw wait status). Paying interpreter start-up once keeps a
hundred kills fast.
"""

from __future__ import annotations

import os
import random
import sys
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path

LIFETIME = 5.0  # seconds a child appends before giving up on being killed


def say(line: str) -> None:
    """Print one line to stdout in a single write (atomic on a pipe, never interleaved)."""
    os.write(1, f"{line}\n".encode())


def append_forever(path: Path, first: int, seed: int) -> None:
    """Append numbered events until killed (or LIFETIME), reporting each one when durable."""
    from tracker.store.lock import WriterLock
    from tracker.store.writer import JournalWriter

    rng = random.Random(seed)
    give_up = time.monotonic() + LIFETIME
    with WriterLock(path), JournalWriter(path) as writer:
        say("ready")
        seq = first
        while time.monotonic() < give_up:  # never outlive a parent that forgot to kill us
            size = rng.choice([0, 10, 100, 3000])
            writer.append(
                {
                    "seq": seq,
                    "type": "test.tick",
                    "at": datetime.now(UTC),
                    "amount": rng.randrange(1000),
                    "note": "é" * size,
                    "hit": {"where": "head", "rolls": [rng.randrange(10), 3]},
                }
            )
            say(str(seq))
            seq += 1


def serve() -> None:
    """Fork one appending child per request line and report how it ended."""
    for line in sys.stdin:
        file, first, seed = line.split()
        pid = os.fork()
        if pid == 0:
            try:
                append_forever(Path(file), int(first), int(seed))
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(1)
        say(f"pid {pid}")
        _, status = os.waitpid(pid, 0)
        say(f"exit {status}")


if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])
    import tracker.store.journal  # noqa: F401  (import once, before forking)
    import tracker.store.lock  # noqa: F401

    serve()
