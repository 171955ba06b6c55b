"""What running a command line gave (``tracker.core.outcome``), and how a dialog runs one."""

from __future__ import annotations

from collections.abc import Callable

from tracker.core.outcome import Outcome

__all__ = ["Outcome", "Runner"]

Runner = Callable[[str], Outcome]
"""Runs one command line through the encounter file (the app's ``run_line``)."""
