"""Immutable encounter state: combatants, their tracks, conditions and injuries, the order.

State objects are frozen dataclasses. Mappings inside them are plain dicts that are
never mutated after construction: every change builds a new object with ``evolve``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, TypeVar

from tracker.core.frozen_record import FrozenRecord, frozen_record

T = TypeVar("T")

Scalar = str | int | float | bool

SIDES = ("pc", "ally", "enemy", "neutral")
STATUSES = ("active", "down", "dead", "removed")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (faster than ``replace``)."""
    new = object.__new__(type(obj))
    values = dict(obj.__dict__)
    values.update(changes)
    new.__dict__.update(values)
    return new


def slot_owner(slot: str) -> str:
    """The combatant id behind an initiative slot (``"alien@2"`` is Alien's second card)."""
    return slot.partition("@")[0]


@frozen_record
class Condition(FrozenRecord):
    """An ailment, condition or effect on a combatant.

    ``rounds`` counts down (0 means it lasts until removed); ``level`` is the
    ruleset's number for it (failed shake-offs, Hindered X, Burning damage …).
    """

    name: str
    category: str = ""
    rounds: int = 0
    level: int = 0
    source: str = ""
    since_round: int = 0


@frozen_record
class Injury(FrozenRecord):
    """A lasting injury or critical result, read from a chart by the ruleset."""

    location: str
    score: int
    name: str
    effect: str = ""
    lethal: bool = False
    seq: int = 0


TRAIT_KINDS = ("ability", "talent", "keyword", "weapon", "rule")
"""What a trait is: an ability, a talent, a keyword, a weapon (and its qualities) or a
special rule."""


@frozen_record
class Trait(FrozenRecord):
    """A structured note on a combatant, kept whole: an ability, talent, keyword, weapon
    or special rule with its name and its text (which may run over several lines)."""

    name: str
    text: str = ""
    kind: str = "rule"

    def as_table(self) -> dict[str, str]:
        """The trait as the roster and the journal write it (``name``, ``text``, ``kind``)."""
        table = {"name": self.name}
        if self.text:
            table["text"] = self.text
        table["kind"] = self.kind
        return table


@frozen_record
class Reminder(FrozenRecord):
    """Something the GM should resolve (a shake-off test, a death roll, a Blood Loss test)."""

    who: str
    key: str
    text: str
    seq: int = 0


@frozen_record
class Combatant(FrozenRecord):
    """One creature, pilot, robot or horde in the fight.

    ``tracks`` hold current values (``"wounds"``, ``"wounds@head"``, ``"stress"``,
    ``"fate"`` …) and ``limits`` their maxima; what they mean is the ruleset's business.
    """

    id: str
    name: str
    side: str = "enemy"
    kind: str = "character"
    stats: Mapping[str, int] = field(default_factory=dict)
    armour: Mapping[str, int] = field(default_factory=dict)
    extras: Mapping[str, Any] = field(default_factory=dict)
    tracks: Mapping[str, int] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()
    injuries: tuple[Injury, ...] = ()
    spent: tuple[str, ...] = ()
    status: str = "active"
    hidden: bool = False
    notes: str = ""
    traits: tuple[Trait, ...] = ()

    def track(self, name: str, default: int = 0) -> int:
        """The current value of a track, or ``default`` if it has none."""
        return self.tracks.get(name, default)

    def condition(self, name: str) -> Condition | None:
        """The condition called ``name`` (case-insensitive), if the combatant has it."""
        wanted = name.casefold()
        for condition in self.conditions:
            if condition.name.casefold() == wanted:
                return condition
        return None

    def in_category(self, category: str) -> Condition | None:
        """The condition held in ``category``, if any."""
        for condition in self.conditions:
            if condition.category == category:
                return condition
        return None

    @property
    def out_of_fight(self) -> bool:
        """True when the combatant is dead or removed."""
        return self.status in ("dead", "removed")


@frozen_record
class RoundOrder(FrozenRecord):
    """The order one round was played in, as play left it: its slots, their initiative
    (a card, a roll) and tie-breaks, and those delaying. Kept per round so that ``prev``
    back into it (and ``next`` forward into a round already begun) shows that round as it
    was, even when the ruleset deals the order afresh every round."""

    order: tuple[str, ...] = ()
    initiative: Mapping[str, float] = field(default_factory=dict)
    tiebreak: Mapping[str, int] = field(default_factory=dict)
    delayed: tuple[str, ...] = ()


@frozen_record
class EncounterState(FrozenRecord):
    """Everything the tracker knows about the fight after folding the journal up to ``seq``."""

    title: str = ""
    ruleset: str = "basic"
    seq: int = 0
    phase: str = "setup"
    round: int = 0
    current: str | None = None
    combatants: Mapping[str, Combatant] = field(default_factory=dict)
    order: tuple[str, ...] = ()
    initiative: Mapping[str, float] = field(default_factory=dict)
    tiebreak: Mapping[str, int] = field(default_factory=dict)
    delayed: tuple[str, ...] = ()
    surprised: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    reminders: tuple[Reminder, ...] = ()
    tracks: Mapping[str, int] = field(default_factory=dict)
    undone: frozenset[int] = frozenset()
    options: Mapping[str, Any] = field(default_factory=dict)
    rounds: Mapping[int, RoundOrder] = field(default_factory=dict)
    """Each round's order as play left it (at its end, or when ``prev`` stepped back out
    of it), by round number; a round played in the same order as the next is kept once,
    at the later one (:meth:`order_of_round`)."""

    stepped_over: tuple[tuple[int, str, str], ...] = ()
    """Turn starts and ends ``(round, slot, "start" | "end")`` whose triggers fired before
    ``prev`` stepped back over them, and not yet crossed again: crossing one again fires
    nothing, so a correction never deals a turn's effects and reminders twice."""

    def round_order(self) -> RoundOrder:
        """The order of the round in play, as :class:`RoundOrder` keeps it."""
        return RoundOrder(self.order, self.initiative, self.tiebreak, self.delayed)

    def order_of_round(self, number: int) -> RoundOrder | None:
        """The order round ``number`` was played in, as play left it (None: not kept)."""
        later = [n for n in self.rounds if n >= number]
        return self.rounds[min(later)] if later else None

    def combatant(self, cid: str) -> Combatant:
        """The combatant with id (or slot) ``cid``; KeyError if there is none."""
        return self.combatants[slot_owner(cid)]

    @property
    def active(self) -> tuple[Combatant, ...]:
        """Combatants still in the fight (not removed), in roster order."""
        return tuple(c for c in self.combatants.values() if c.status != "removed")

    @property
    def acting(self) -> Combatant | None:
        """The combatant whose turn it is."""
        return self.combatant(self.current) if self.current else None

    def reminders_for(self, cid: str) -> tuple[Reminder, ...]:
        """Open reminders about one combatant."""
        return tuple(r for r in self.reminders if r.who == cid)
