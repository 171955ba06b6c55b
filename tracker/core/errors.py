"""Errors the domain raises: every message is one sentence a GM understands."""

from __future__ import annotations


class TrackerError(Exception):
    """Base of every error the tracker reports as a one-line message (rules, file, CLI)."""


def one_line(err: BaseException | str) -> str:
    """An error (or any text) as the single line a GM reads: an OS error names its file,
    line breaks and runs of spaces fold to one space."""
    if isinstance(err, OSError) and err.filename and not isinstance(err, TrackerError):
        text = f"{err.filename}: {err.strerror or err}"
    else:
        text = str(err) or (type(err).__name__ if isinstance(err, BaseException) else "")
    return " ".join(text.split())


class RuleError(TrackerError):
    """A command that the rules (or the state of the fight) do not allow."""


class Answer(RuleError):
    """A command that asks rather than changes (``reading`` alone lists the readings):
    ``lines`` are shown to the GM and nothing is recorded. Anything that does not know
    it takes it for a refusal, which records nothing either."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(" · ".join(lines))
        self.lines = lines


class FoldError(TrackerError):
    """An event that cannot be applied to the state (a broken or foreign journal)."""


class EventFormatError(TrackerError):
    """A stored event table that does not describe a known event."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key
