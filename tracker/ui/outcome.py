"""What running a command line gave: applied (with its log sentences) or refused (why)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """``ok`` when the command was applied and saved; ``message`` is what to show."""

    ok: bool
    message: str


Runner = Callable[[str], Outcome]
"""Runs one command line through the encounter file (the app's ``run_line``)."""
