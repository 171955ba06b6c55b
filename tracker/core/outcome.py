"""What running a command line gave: applied (with its log sentences) or refused (why)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """``ok`` when the command was applied and saved; ``message`` is what to show."""

    ok: bool
    message: str
