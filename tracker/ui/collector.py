"""Keep Python's full garbage collections away from the keys.

With a 5,000-event journal in memory a full (generation 2) collection takes 10–20 ms,
long enough to make a key press feel late. While the app runs, the journal is frozen
out of collections, full passes are only made when the GM has paused for a moment, and
the young generations are collected as usual. Everything is restored when the app ends.
"""

from __future__ import annotations

import gc
import time

IDLE_SECONDS = 1.0
NEVER = 1_000_000


class IdleCollector:
    """Full collections only while nobody is pressing keys."""

    def __init__(self) -> None:
        self.saved = gc.get_threshold()
        self.last_command = time.monotonic()
        self.pending = False
        self.running = False

    def start(self) -> None:
        """Freeze what exists (the journal, the states) and hold back full passes."""
        if self.running:
            return
        gc.freeze()
        young, middle, _ = self.saved
        gc.set_threshold(young, middle, NEVER)
        self.running = True

    def command_ran(self) -> None:
        """A command ran: a full pass will be due once the GM pauses."""
        self.last_command = time.monotonic()
        self.pending = True

    def tick(self) -> None:
        """Called now and then: collect fully if due and the GM has been idle."""
        idle = time.monotonic() - self.last_command >= IDLE_SECONDS
        if self.running and self.pending and idle:
            self.pending = False
            gc.collect()

    def stop(self) -> None:
        """Back to Python's own collection schedule."""
        if self.running:
            gc.set_threshold(*self.saved)
            gc.unfreeze()
            self.running = False
