"""The next snapshot of a journal in play: when it is due, built ahead while the GM pauses,
and handed to the command that writes it in front of its events.

What a snapshot line holds and how it is read back is :mod:`tracker.store.snapshot`; which
file it goes to, and how its line is made, is the caller's (``EncounterFile``).
"""

from __future__ import annotations

from collections.abc import Callable


class NextSnapshot:
    """A journal's next snapshot: due once the newest is ``every`` events behind; built
    ahead when the GM pauses (:meth:`prepare`), so that no key waits for one, and taken
    by the next command (:meth:`take`), which writes it in front of its events.

    ``build(count)`` makes the snapshot line of the state after ``count`` events (b"": it
    cannot be made). A snapshot is only a shortcut: failing to make one is silent.
    """

    def __init__(self, newest: int, every: int, build: Callable[[int], bytes]) -> None:
        self.newest = newest
        """How many events the newest snapshot in the file folds in (0: it has none)."""
        self.every = every
        """How many events behind the newest a snapshot is due."""
        self._build = build
        self._ahead: tuple[int, bytes] | None = None
        """The snapshot line :meth:`prepare` built, and the count it holds."""

    def prepare(self, count: int) -> bool:
        """Build the snapshot that is due for the state after ``count`` events, ahead of
        the next command; whether one is ready (a state that cannot be written makes
        none)."""
        if count - self.newest < self.every:
            return False
        if self._ahead is None or self._ahead[0] != count:
            self._ahead = (count, self._build(count))
        return bool(self._ahead[1])

    def take(self, count: int, *, built_ahead_only: bool = False) -> bytes:
        """The snapshot line to write before the next command's events, the state being
        after ``count`` events (b"": none is due, or it cannot be made). It holds the state
        before the command, so that the file's last command is after it, and undoing it
        needs nothing earlier. ``built_ahead_only``: only one :meth:`prepare` built for
        this state (a key's command builds none). Tried once each time."""
        ahead, self._ahead = self._ahead, None
        if count - self.newest < self.every:
            return b""
        if ahead is not None and ahead[0] == count:
            line = ahead[1]
        elif built_ahead_only:
            return b""
        else:
            line = self._build(count)
        self.newest = count
        return line

    def forget(self) -> None:
        """Drop the snapshot built ahead (the file's head was rewritten: a snapshot holds
        the crc of the head it was built after)."""
        self._ahead = None
