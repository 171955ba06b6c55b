"""An fsync under way while the caller goes on: the screen is drawn while the disk syncs.

The fsync runs on one thread kept for the purpose. Python lets only one thread run
Python code at a time, and a thread that has just been woken waits up to 5 ms for its
turn; so ``start`` waits until the thread has begun its fsync (which lets the others
run) before it returns. The caller must call ``Syncing.wait`` before it writes, closes
or hands the file on, or takes the next command: until then the batch may not be on
disk (the screen paints the command's frame meanwhile: a frame shown a few milliseconds
before its command is on disk, never a command taken before the one ahead of it is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tracker.store.durable import fsync_file

if TYPE_CHECKING:
    import threading
    from concurrent.futures import Future, ThreadPoolExecutor


class BackgroundSync:
    """The thread that fsyncs a journal's appends (started on first use)."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None

    def start(self, fd: int) -> Syncing:
        """Begin ``fsync(fd)`` on the sync thread; return once it is under way."""
        import threading  # a read-only command never syncs

        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # only a drawing screen needs it

            self._pool = ThreadPoolExecutor(1, thread_name_prefix="tracker-fsync")
        begun = threading.Event()
        syncing = Syncing(self._pool.submit(_sync, fd, begun))
        begun.wait()
        return syncing

    def close(self) -> None:
        """Let the thread finish what it has and end (idempotent)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True)


class Syncing:
    """An fsync under way."""

    def __init__(self, future: Future[None]) -> None:
        self._future = future

    def wait(self) -> None:
        """Return once the data is on disk; raise the fsync's OSError if it failed."""
        self._future.result()


def _sync(fd: int, begun: threading.Event) -> None:
    begun.set()
    fsync_file(fd)
