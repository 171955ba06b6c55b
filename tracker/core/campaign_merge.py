"""A fight written back onto a party that moved on while it was played.

A PC can be in two fights at once (the party split up), or rest between the making of a
fight and its write-back. What the fight *did* to them — Stress gained, an injury taken,
a condition ended — is then laid on the PC as the campaign has them now, instead of the
fight's end state replacing theirs: the other fight's injuries and the rest stay.

Three states of one PC, each as the campaign keeps it (``Lasting``): ``entered``, what
they entered the fight with; ``left``, what the fight left on them; ``now``, the
campaign's PC today.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import replace
from typing import TypeVar

from tracker.core.campaign import CarriedInjury, Lasting
from tracker.core.model import Condition

Item = TypeVar("Item", CarriedInjury, Condition)


def laid_on(now: Lasting, entered: Lasting, left: Lasting) -> Lasting:
    """``now`` with what the fight changed between ``entered`` and ``left``: a track the
    fight moved moves by as much (within 0 and its maximum), an injury or condition it
    brought is added, one it ended is gone (drawbacks, healing times and a death are
    ``now``'s: a death in the fight is the write-back's to add)."""
    limits = {**now.limits, **_moved(entered.limits, left.limits)}
    tracks = dict(now.tracks)
    for name, value in left.tracks.items():
        before = entered.tracks.get(name, value)
        if name not in tracks:
            tracks[name] = value
        elif value != before:
            tracks[name] = _within(tracks[name] + value - before, limits.get(name))
    return replace(
        now,
        tracks=tracks,
        limits=limits,
        injuries=_kept(now.injuries, entered.injuries, left.injuries, _injury_key),
        conditions=_kept(now.conditions, entered.conditions, left.conditions, _condition_key),
    )


def _moved(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    """The entries of ``after`` that differ from ``before``."""
    return {key: value for key, value in after.items() if before.get(key) != value}


def _within(value: int, top: int | None) -> int:
    value = max(0, value)
    return value if top is None or top < 0 else min(value, top)


def _kept(
    now: tuple[Item, ...],
    entered: Iterable[Item],
    left: Iterable[Item],
    key: Callable[[Item], Hashable],
) -> tuple[Item, ...]:
    """``now`` without what the fight ended, with what it brought (once)."""
    had = {key(item) for item in entered}
    ended = had - {key(item) for item in left}
    kept: list[Item] = [item for item in now if key(item) not in ended]
    present = {key(item) for item in kept}
    kept += [item for item in left if key(item) not in had and key(item) not in present]
    return tuple(kept)


def _injury_key(injury: CarriedInjury) -> Hashable:
    """An injury is the same injury where it is, at its score, by its name."""
    return (injury.location, injury.score, injury.name)


def _condition_key(condition: Condition) -> Hashable:
    return condition.name.casefold()
