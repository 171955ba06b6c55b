"""Events: the only thing ever stored. Frozen dataclasses with a stable ``type`` tag.

Every event carries ``seq`` (1, 2, 3 … no gaps), ``at`` (aware UTC time) and ``batch``
(the seq of the first event of the command that produced it: undo works on batches).
``text`` is the log sentence the deciding code wrote; an empty text is a silent event.
Dice rolled are recorded in the event (``rolls``) so replay never rolls again.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from tracker.core.frozen_record import event_record
from tracker.core.journal_events import BatchRedone, BatchUndone, JournalEvent, registrar


@event_record
class Event(JournalEvent):
    """Base of every encounter event."""


EVENT_TYPES: dict[str, type[Event]] = {}

event_type = registrar(EVENT_TYPES)
"""Class decorator: register an event class under its stable type tag."""


# --- encounter and round/turn flow -------------------------------------------------


@event_type("encounter.started")
@event_record
class EncounterStarted(Event):
    """The fight begins; ``surprised`` lose their first turn."""

    surprised: tuple[str, ...] = ()


@event_type("encounter.ended")
@event_record
class EncounterEnded(Event):
    """The fight is over."""


@event_type("round.started")
@event_record
class RoundStarted(Event):
    """A new round begins."""

    round: int


@event_type("round.ended")
@event_record
class RoundEnded(Event):
    """The round is over."""

    round: int


@event_type("turn.started")
@event_record
class TurnStarted(Event):
    """It is now ``who``'s turn (a slot: ``id`` or ``id@2``)."""

    who: str


@event_type("turn.ended")
@event_record
class TurnEnded(Event):
    """``who``'s turn is over."""

    who: str


@event_type("turn.skipped")
@event_record
class TurnSkipped(Event):
    """``who`` loses this turn (surprised, stunned …)."""

    who: str


@event_type("turn.rewound")
@event_record
class TurnRewound(Event):
    """The GM steps back to an earlier turn (no triggers fire)."""

    who: str
    round: int


@event_type("turn.delayed")
@event_record
class TurnDelayed(Event):
    """``who`` holds their turn and leaves the order until they act."""

    who: str


@event_type("turn.resumed")
@event_record
class TurnResumed(Event):
    """A delayed ``who`` re-enters the order right after ``after`` (or first)."""

    who: str
    after: str = ""


@event_type("initiative.set")
@event_record
class InitiativeSet(Event):
    """``who`` (a slot) has initiative ``value``; ``tiebreak`` is a recorded roll-off."""

    who: str
    value: float
    rolls: tuple[int, ...] = ()
    tiebreak: int = 0


@event_type("initiative.cleared")
@event_record
class InitiativeCleared(Event):
    """Initiative slots are dropped (cards handed back at the end of a round)."""

    slots: tuple[str, ...] = ()


@event_type("order.set")
@event_record
class OrderSet(Event):
    """The initiative order is now exactly ``order`` (slots)."""

    order: tuple[str, ...]


# --- combatants --------------------------------------------------------------------


@event_type("combatant.added")
@event_record
class CombatantAdded(Event):
    """A combatant joins mid-fight (reinforcements, an ejected pilot on foot)."""

    id: str
    name: str
    side: str = "enemy"
    kind: str = "character"
    stats: dict[str, int] = field(default_factory=dict)
    armour: dict[str, int] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)
    hidden: bool = False
    traits: tuple[dict[str, Any], ...] = ()
    """Abilities, talents, keywords, weapons, rules: ``{name, text, kind}`` tables."""


@event_type("combatant.renamed")
@event_record
class CombatantRenamed(Event):
    """``who`` is now called ``name`` (the first Bandit becomes Bandit (1) when Bandit (2)
    joins); the id stays."""

    who: str
    name: str


@event_type("combatant.status")
@event_record
class StatusChanged(Event):
    """``who`` is now active, down, dead or removed."""

    who: str
    status: str


@event_type("combatant.revealed")
@event_record
class Revealed(Event):
    """A hidden combatant is shown to the players (or hidden again)."""

    who: str
    hidden: bool = False


@event_type("combatant.noted")
@event_record
class CombatantNoted(Event):
    """The GM's standing note on ``who`` now reads ``notes`` (empty: none). GM only."""

    who: str
    notes: str = ""


@event_type("track.set")
@event_record
class TrackSet(Event):
    """A numeric track now reads ``value`` (``who`` empty: an encounter-wide pool)."""

    who: str
    track: str
    value: int
    limit: int = -1


@event_type("condition.applied")
@event_record
class ConditionApplied(Event):
    """``who`` gains (or has replaced) a condition."""

    who: str
    name: str
    category: str = ""
    rounds: int = 0
    level: int = 0
    source: str = ""


@event_type("condition.changed")
@event_record
class ConditionChanged(Event):
    """A condition's countdown or level changes."""

    who: str
    name: str
    rounds: int = 0
    level: int = 0


@event_type("condition.removed")
@event_record
class ConditionRemoved(Event):
    """A condition ends (shaken off, cured, expired)."""

    who: str
    name: str


@event_type("injury.added")
@event_record
class InjuryAdded(Event):
    """An injury or critical result read from a chart."""

    who: str
    location: str
    score: int
    name: str
    effect: str = ""
    lethal: bool = False


@event_type("injury.removed")
@event_record
class InjuryRemoved(Event):
    """An injury is healed (``name`` at ``location``)."""

    who: str
    location: str
    name: str


@event_type("action.used")
@event_record
class ActionUsed(Event):
    """``who`` spends an action this turn (the ruleset's action economy)."""

    who: str
    action: str


@event_type("reminder.raised")
@event_record
class ReminderRaised(Event):
    """Something for the GM to resolve about ``who`` (``key`` names it)."""

    who: str
    key: str


@event_type("reminder.resolved")
@event_record
class ReminderResolved(Event):
    """The reminder ``key`` about ``who`` is dealt with."""

    who: str
    key: str


# --- the table ---------------------------------------------------------------------


@event_type("note.added")
@event_record
class NoteAdded(Event):
    """A GM note or ruling; ``gm_only`` notes never reach players or exports."""

    gm_only: bool = False


@event_type("log.said")
@event_record
class Said(Event):
    """A log line the rules wrote (an explanation, a tie-break, a ruling shown);
    ``gm_only`` lines (what the GM is to type next) never reach the players."""

    who: str = ""
    gm_only: bool = False


@event_type("dice.rolled")
@event_record
class DiceRolled(Event):
    """A roll made through the tracker, faces recorded; ``gm_only`` rolls (``gm-roll``)
    are made behind the screen and never reach players or their exports."""

    who: str = ""
    expr: str
    rolls: tuple[int, ...] = ()
    total: int = 0
    purpose: str = ""
    gm_only: bool = False


@event_type("template.saved")
@event_record
class TemplateSaved(Event):
    """The GM kept a combatant as the stat block ``block`` (its id: ``key``) in the
    bestiary. The store writes the block; the fight's state is unchanged. GM only."""

    who: str
    key: str
    block: dict[str, Any]


@event_type("option.set")
@event_record
class OptionSet(Event):
    """An encounter option (e.g. ``turn_order = "chosen"``) is set."""

    key: str
    value: Any


@event_type("history.undone")
@event_record
class HistoryUndone(Event, BatchUndone):
    """The command whose batch is ``target`` is undone (nothing is deleted)."""


@event_type("history.redone")
@event_record
class HistoryRedone(Event, BatchRedone):
    """An undone command is restored."""


HISTORY_TYPES = (HistoryUndone, HistoryRedone)


def gm_only(event: Event) -> bool:
    """Whether only the GM may read this event: a GM note, a note kept on a combatant,
    a stat block saved, a roll made behind the screen, a line telling the GM what to type."""
    return isinstance(event, CombatantNoted | TemplateSaved) or (
        isinstance(event, NoteAdded | DiceRolled | Said) and event.gm_only
    )
