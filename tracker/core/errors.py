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


class RulesetFault(RuleError):
    """A command whose code (a ruleset's handler or hook) failed with a Python error: it
    is refused like any other, in one line naming where the code failed, and nothing is
    recorded, so the fight goes on and the file stays as it was."""

    @classmethod
    def of(cls, line: str, err: Exception) -> RulesetFault:
        """The fault of ``line``, ``err`` its Python error."""
        return cls(
            f"'{line}' failed in the ruleset's code ({failure(err)}); nothing was recorded "
            "— tell the ruleset's author"
        )


def failure(err: Exception) -> str:
    """``ZeroDivisionError: division by zero at lantern/__init__.py:147``: a Python error
    in one line, with the file (its folder and name) and line where it was raised."""
    import traceback  # only when some code has failed

    frames = traceback.extract_tb(err.__traceback__)
    where = ""
    if frames:
        parts = frames[-1].filename.replace("\\", "/").split("/")
        where = f" at {'/'.join(parts[-2:])}:{frames[-1].lineno}"
    return f"{type(err).__name__}: {one_line(err)}{where}"
