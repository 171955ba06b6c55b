"""Whether the command being run is on disk yet, so the exit status tells the truth.

A writing subcommand calls :func:`saved` the moment its change is on disk; if printing
fails after that (a full disk under ``> out.txt``, a closed terminal), the command is
still saved: ``main`` says so in one line on stderr and exits 0, so a script that retries
on failure never applies it twice.
"""

from __future__ import annotations

_SAVED: list[bool] = []


def saved() -> None:
    """The command's change is on disk."""
    _SAVED.append(True)


def forget() -> None:
    """A new command starts: nothing of it is saved yet."""
    _SAVED.clear()


def is_saved() -> bool:
    """Whether the command being run has saved its change."""
    return bool(_SAVED)
