"""Keep Python's garbage collections away from the keys.

With a 5,000-event journal in memory a full (generation 2) collection takes 10–20 ms,
long enough to make a key press feel late. While the app runs, the journal is frozen
out of collections, and full passes are only made when the GM has paused for a moment.
A command leaves some thousand young objects (a turn's new strips and their caches): at
Python's threshold of 700 they were gone over during nearly every key, and the middle
generation (some 5,000 objects, 2-8 ms) every tenth; now the young generations are
collected once the command's frame is on the screen, and Python's own young collection
only steps in when far more have piled up. The same threshold holds while the file is read
(its objects all stay), without freezing them. Everything is restored when the app ends.
Other work a key should not wait for (the journal's next snapshot) is handed ``paused``
and done at the same moment, before the full pass.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

IDLE_SECONDS = 1.0
NEVER = 1_000_000
YOUNG = 20_000
"""New objects Python lets pile up before it collects them itself while the app runs
(commands leave theirs to ``after_frame``; a replay or a burst of keys still triggers it)."""


class IdleCollector:
    """Full collections only while nobody is pressing keys."""

    def __init__(self, paused: Callable[[], object] | None = None) -> None:
        self.paused = paused
        """Called once the GM pauses after commands (before the full pass)."""
        self.saved = gc.get_threshold()
        self.last_command = time.monotonic()
        self.pending = False
        self.running = False
        self.frames = 0
        """Frames after which the young objects were collected."""
        self.due = False
        """A collection after the coming frame is asked for."""

    def before_reading(self) -> None:
        """The file is about to be read (its objects all stay): Python's own young
        collection waits for as many new objects as while the app runs, and full passes
        wait, so the reading's objects are not gone over again and again. Nothing is
        frozen yet (:meth:`start` does that once the fight is open); :meth:`stop`
        restores Python's settings."""
        if not self.running:
            young, middle, _ = self.saved
            gc.set_threshold(max(young, YOUNG), middle, NEVER)

    def start(self) -> None:
        """Freeze what exists (the journal, the states) and hold back full passes."""
        if self.running:
            return
        gc.freeze()
        young, middle, _ = self.saved
        gc.set_threshold(max(young, YOUNG), middle, NEVER)
        self.running = True

    def frame_due(self) -> bool:
        """Whether a collection after the coming frame should be asked for (once a frame:
        True only if none is asked for yet)."""
        if not self.running or self.due:
            return False
        self.due = True
        return True

    def after_frame(self) -> None:
        """A key's frame is on the screen: collect the young objects it left (the middle
        generation too every so often, as Python would), before the next key rather than
        during it."""
        self.due = False
        if self.running:
            self.frames += 1
            gc.collect(1 if self.frames % max(1, self.saved[1]) == 0 else 0)

    def command_ran(self) -> None:
        """A command ran: a full pass will be due once the GM pauses."""
        self.last_command = time.monotonic()
        self.pending = True

    def tick(self) -> None:
        """Called now and then: collect fully if due and the GM has been idle."""
        idle = time.monotonic() - self.last_command >= IDLE_SECONDS
        if self.running and self.pending and idle:
            self.pending = False
            if self.paused is not None:
                self.paused()
            gc.collect()
        elif self.running and gc.get_count()[0] > self.saved[0]:
            gc.collect(0)  # what the clock, the mouse and the like left

    def stop(self) -> None:
        """Back to Python's own collection schedule."""
        gc.set_threshold(*self.saved)
        if self.running:
            gc.unfreeze()
            self.running = False
