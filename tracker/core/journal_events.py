"""What both journals are made of — an encounter's and a campaign's: events with a stable
``type`` tag kept in a registry per journal, and undo/redo as events naming a batch.

Every event carries ``seq`` (1, 2, 3 … no gaps), ``at`` (aware UTC), ``batch`` (the seq of
the command that produced it: undo works on batches) and ``text``, its log line. Undone
commands stay in the journal; a replay steps over their events, advancing ``seq`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import ClassVar, Protocol, TypeVar

from tracker.core.errors import FoldError
from tracker.core.frozen_record import FrozenRecord, event_record
from tracker.core.model import evolve

J = TypeVar("J", bound="JournalEvent")


@event_record
class JournalEvent(FrozenRecord):
    """Base of every event of every journal (encounter or campaign)."""

    TYPE: ClassVar[str] = ""
    seq: int
    at: datetime
    batch: int = 0
    text: str = ""


def registrar(registry: dict[str, type[J]]) -> Callable[[str], Callable[[type[J]], type[J]]]:
    """A class decorator maker registering event classes in ``registry`` under their tag
    (each tag once: a second class under a tag already taken is a ValueError)."""

    def under(tag: str) -> Callable[[type[J]], type[J]]:
        def register(cls: type[J]) -> type[J]:
            if tag in registry:
                raise ValueError(f"event type {tag!r} registered twice")
            cls.TYPE = tag
            registry[tag] = cls
            return cls

        return register

    return under


# --- undo and redo -------------------------------------------------------------------

UNDONE_TAG, REDONE_TAG = "history.undone", "history.redone"
"""The tags of undo and redo, the same in both journals."""


@event_record
class BatchUndone(JournalEvent):
    """The command whose batch is ``target`` is undone (nothing is deleted)."""

    target: int


@event_record
class BatchRedone(JournalEvent):
    """An undone command (batch ``target``) is restored."""

    target: int


def undone_batches(events: Iterable[JournalEvent]) -> frozenset[int]:
    """The batches that are undone at the end of ``events``."""
    undone: set[int] = set()
    for event in events:
        if isinstance(event, BatchUndone):
            undone.add(event.target)
        elif isinstance(event, BatchRedone):
            undone.discard(event.target)
    return frozenset(undone)


class Sequenced(Protocol):
    """A journal's state: it knows the seq of the last event folded in."""

    @property
    def seq(self) -> int:
        """The seq of the last event folded in (0: none yet)."""


class Undoable(Sequenced, Protocol):
    """A journal's state that keeps the batches undone."""

    @property
    def undone(self) -> frozenset[int]:
        """The batches undone so far."""


S = TypeVar("S", bound=Sequenced)
U = TypeVar("U", bound=Undoable)


def check_follows(state: Sequenced, event: JournalEvent) -> None:
    """FoldError unless ``event`` is the next one after ``state`` in sequence."""
    if event.seq != state.seq + 1:
        raise FoldError(f"event {event.seq} ({event.TYPE}) does not follow event {state.seq}")


def skip(state: S, event: JournalEvent) -> S:
    """Advance past an undone event without applying it."""
    if event.seq != state.seq + 1:
        raise FoldError(f"event {event.seq} does not follow event {state.seq}")
    return evolve(state, seq=event.seq)


def mark_history(event: BatchUndone | BatchRedone, state: U) -> U:
    """``state`` with the batch ``event`` names undone (an undo) or in force again (a redo)."""
    if isinstance(event, BatchUndone):
        return evolve(state, undone=state.undone | {event.target})
    return evolve(state, undone=state.undone - {event.target})
