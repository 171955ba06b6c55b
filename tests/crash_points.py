"""Crash points for the all-or-nothing tests.

Every ``os.write``, ``os.fsync``, ``os.replace`` and ``os.ftruncate`` a command makes is
counted; at call N the process dies (in a forked child, with ``os._exit``: no ``finally``,
no cleanup, as SIGKILL would) or the call fails (ENOSPC, EIO for an fsync).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from tracker.cli import main

CALLS = ("write", "fsync", "replace", "ftruncate")
KILLED = 137
"""The exit status of a child killed at its crash point."""


class CrashPoints:
    """Counts the calls; at call ``at`` dies (``how="die"``), fails (``how="fail"``) or
    raises ``stop`` (``how="stop"``: Ctrl+C or ``sys.exit`` landing inside the call)."""

    def __init__(
        self, at: int | None = None, how: str = "count", stop: type[BaseException] = SystemExit
    ) -> None:
        self.at, self.how, self.count, self.stop = at, how, 0, stop

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Patch the os functions for the rest of the monkeypatch's life."""
        for name in CALLS:
            monkeypatch.setattr(os, name, self._wrapped(name, getattr(os, name)))

    def _wrapped(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.count += 1
            if self.count == self.at:
                if self.how == "die":
                    os._exit(KILLED)
                if self.how == "stop":
                    raise self.stop()
                code = errno.EIO if name == "fsync" else errno.ENOSPC
                raise OSError(code, os.strerror(code))
            return real(*args)

        return call


def run_cli(args: Sequence[object]) -> int:
    """``tracker ARGS`` in this process; its exit status."""
    return main([str(a) for a in args])


def count_points(args: Sequence[object]) -> int:
    """How many crash points ``tracker ARGS`` passes (it runs, for real)."""
    points = CrashPoints()
    with pytest.MonkeyPatch.context() as patch:
        points.install(patch)
        status = run_cli(args)
    assert status == 0
    return points.count


def killed_at(at: int, args: Sequence[object]) -> int:
    """Run ``tracker ARGS`` in a forked child that dies at crash point ``at``; its status."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 3  # it raised instead of exiting
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            with pytest.MonkeyPatch.context() as patch:
                CrashPoints(at, "die").install(patch)
                status = run_cli(args)
        finally:
            os._exit(status)
    _, code = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(code)


def failing_at(
    at: int, args: Sequence[object], capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    """Run ``tracker ARGS`` here with crash point ``at`` failing; (status, stderr)."""
    capsys.readouterr()
    with pytest.MonkeyPatch.context() as patch:
        CrashPoints(at, "fail").install(patch)
        status = run_cli(args)
    return status, capsys.readouterr().err


def stopped_at(at: int, args: Sequence[object], stop: type[BaseException]) -> int | None:
    """Run ``tracker ARGS`` here with ``stop`` raised at crash point ``at`` (before the
    call); its exit status, or None when ``stop`` came out of it (``SystemExit``)."""
    with pytest.MonkeyPatch.context() as patch:
        CrashPoints(at, "stop", stop).install(patch)
        try:
            return run_cli(args)
        except stop:
            return None


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by its path from there, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
