"""What a clause of the contract says: it holds, it is broken, skipped or a warning."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tracker.core.errors import TrackerError
from tracker.rules.base import Ruleset


class ContractBroken(TrackerError):
    """A clause of the contract does not hold; the sentence says what and where."""


class Skipped(TrackerError):
    """A clause that cannot be checked here; the sentence says why."""


class Warned(TrackerError):
    """A clause that holds, with something the author should know; the sentence says
    what (a verb that declares no options is handed a typo'd one in silence)."""


Check = Callable[[Ruleset, Path], None]


@dataclass(frozen=True)
class Clause:
    """One promise a ruleset keeps: its name and the check (``ContractBroken`` if not)."""

    name: str
    check: Check


@dataclass(frozen=True)
class Verdict:
    """A clause's outcome for one ruleset: ``ok``, ``skipped`` or ``FAILED`` and why."""

    clause: str
    outcome: str
    why: str = ""


def broken(what: str) -> ContractBroken:
    """The clause does not hold: ``what`` says why."""
    return ContractBroken(what)
