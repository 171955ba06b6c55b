"""Reading a long fight ahead while the table's screen starts.

The screen's first frame and the reading of a file's newest snapshot are both Python
work, and one process runs one of them at a time; a child process forked as the app is
made reads the snapshot's parts (:mod:`tracker.store.taken_up`) on the other core while
the screen starts, and sends them back pickled through a pipe. The app, once it holds
the writer lock, reads the file itself and takes the parts only if they were read from
the very same bytes (their length and crc32 agree): anything else — a file changed in
between, a child that failed, was killed, or did not answer within ``WAIT`` seconds —
and the file is read as it would have been without it.

Only where forking is sound: on Linux, and while the process runs one thread (a child
forked beside other threads may find a lock one of them held, held for ever); only for a
file big enough to hold a snapshot. The child reads and never writes a file.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import sys
import threading
import time
import zlib
from pathlib import Path
from typing import NoReturn

from tracker.store.journal import read_bytes
from tracker.store.taken_up import SnapshotParts, take_up

SMALLEST = 64 * 1024
"""Files smaller than this (bytes) are read in place: a snapshot is written only after
hundreds of events, and a small file reads in a few milliseconds anyway."""

WAIT = 1.0
"""Seconds the app waits for the child's answer before reading the file itself."""


class ReadAhead:
    """A child process reading a file's snapshot parts; :meth:`take` them (once), or
    :meth:`close` to give up on them."""

    def __init__(self, pid: int, answer: int) -> None:
        self.pid = pid
        self._answer: int | None = answer
        """The pipe's end the child's answer comes from (None once read or given up)."""

    @classmethod
    def start(cls, path: Path, *, alone: bool | None = None) -> ReadAhead | None:
        """Fork a child reading ``path`` ahead, or None where that is not done (see the
        module). ``alone``: whether this process runs one thread (asked if None)."""
        if sys.platform != "linux" or not (
            threading.active_count() == 1 if alone is None else alone
        ):
            return None
        try:
            if os.stat(path).st_size < SMALLEST:
                return None
            answer, sending = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            os.close(answer)
            os.close(sending)
            return None
        if pid == 0:
            _read_in_child(Path(path), answer, sending)
        os.close(sending)
        return cls(pid, answer)

    def __call__(self, data: bytes) -> SnapshotParts | None:
        """The parts read ahead, if read from ``data`` (None otherwise); the child is
        done with either way."""
        payload = self._receive()
        if payload is None:
            return None
        try:
            size, crc, parts = pickle.loads(payload)
        except Exception:  # noqa: BLE001 (a child cut off mid-answer: read in place)
            return None
        if size != len(data) or crc != zlib.crc32(data) or not isinstance(parts, SnapshotParts):
            return None
        return parts

    def close(self) -> None:
        """Give up on the answer: the child is stopped if it still runs, and reaped."""
        if self._answer is None:
            return
        os.close(self._answer)
        self._answer = None
        _stop(self.pid)

    def _receive(self) -> bytes | None:
        """The child's whole answer, if it exits cleanly within ``WAIT`` seconds."""
        if self._answer is None:
            return None
        chunks, deadline = [], time.monotonic() + WAIT
        waiting = select.poll()
        waiting.register(self._answer, select.POLLIN)
        while (left := deadline - time.monotonic()) > 0:
            if not waiting.poll(left * 1000):
                continue
            chunk = os.read(self._answer, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        else:
            self.close()
            return None
        os.close(self._answer)
        self._answer = None
        return b"".join(chunks) if _exited_cleanly(self.pid) else None


def _read_in_child(path: Path, answer: int, sending: int) -> NoReturn:
    """The child's whole life: read ``path``'s snapshot parts, send them, exit (never
    returning into the app's code, whatever happens)."""
    status = 1
    try:
        os.close(answer)
        data = read_bytes(path)
        taken = take_up(path, data)
        parts = None if taken is None else taken.parts
        payload = pickle.dumps((len(data), zlib.crc32(data), parts), pickle.HIGHEST_PROTOCOL)
        view = memoryview(payload)
        while view:
            view = view[os.write(sending, view) :]
        status = 0
    except BaseException:  # noqa: BLE001, S110 (the app reads the file itself)
        pass
    finally:
        os._exit(status)


def _exited_cleanly(pid: int) -> bool:
    """Wait for the child that has sent its answer; whether it exited with status 0."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:  # reaped by someone else: its answer stands on its own
        return True
    return os.waitstatus_to_exitcode(status) == 0


def _stop(pid: int) -> None:
    """Kill the child if it still runs, and reap it."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
