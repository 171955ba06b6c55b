"""Errors the domain raises: every message is one sentence a GM understands."""

from __future__ import annotations


class TrackerError(Exception):
    """Base of every error the tracker reports as a one-line message."""


class RuleError(TrackerError):
    """A command that the rules (or the state of the fight) do not allow."""


class FoldError(TrackerError):
    """An event that cannot be applied to the state (a broken or foreign journal)."""


class EventFormatError(TrackerError):
    """A stored event table that does not describe a known event."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key
