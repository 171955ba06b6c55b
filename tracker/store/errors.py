"""Errors raised by the file layer of ``tracker.store``; every message is one line."""

from __future__ import annotations

from os import PathLike

from tracker.core.errors import TrackerError, one_line


class StoreError(TrackerError):
    """Base class of every store error; ``str()`` is always exactly one line."""

    def __str__(self) -> str:
        """Return the message collapsed to one line."""
        return one_line(super().__str__())


class JournalError(StoreError):
    """A problem with an encounter file, rendered as ``PATH:LINE:COL: message``.

    Without a position the text is ``PATH: message`` (``PATH:LINE: message`` when
    only the line is known).
    """

    def __init__(
        self,
        path: str | PathLike[str],
        message: str,
        line: int | None = None,
        col: int | None = None,
    ) -> None:
        """Record the file, what is wrong and, when known, where (1-based)."""
        super().__init__(path, message, line, col)
        self.path = path
        self.message = message
        self.line = line
        self.col = col

    def __str__(self) -> str:
        """Return ``PATH:LINE:COL: message`` (or a shorter form) on one line."""
        where = str(self.path)
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return one_line(f"{where}: {self.message}")


class NotAJournal(JournalError):
    """A file that is clearly no journal (a README given as the encounter): the message
    names the file itself and says where the TOML went wrong, so it is said as it is."""

    def __str__(self) -> str:
        """Return the message alone, on one line."""
        return one_line(self.message)


class LockedError(StoreError):
    """Another process holds the writer lock of an encounter file.

    ``pid``, ``host`` and ``since`` describe the holder when its lock file could
    be read (else ``None``).
    """

    def __init__(
        self,
        message: str,
        pid: int | None = None,
        host: str | None = None,
        since: str | None = None,
    ) -> None:
        """Keep the one-line message and whatever is known about the holder."""
        super().__init__(message)
        self.pid = pid
        self.host = host
        self.since = since
