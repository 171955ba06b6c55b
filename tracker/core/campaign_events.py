"""Campaign events: the only thing a campaign file stores. Frozen dataclasses, stable tags.

Every event carries ``seq`` (1, 2, 3 … no gaps), ``at`` (aware UTC), ``batch`` (the seq
of its command: each campaign command is one event) and ``text``, the log line. Events
that change PCs carry ``party``: each changed PC's whole lasting state as it now stands
(the deciding code did the rules; the fold only replaces), so replay needs no ruleset.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from datetime import datetime
from typing import Any

from tracker.core.codec import event_fields, to_table
from tracker.core.errors import EventFormatError
from tracker.core.frozen_record import event_record
from tracker.core.journal_events import BatchRedone, BatchUndone, JournalEvent, registrar


@event_record
class CampaignEvent(JournalEvent):
    """Base of every campaign event."""


CAMPAIGN_EVENTS: dict[str, type[CampaignEvent]] = {}

campaign_event = registrar(CAMPAIGN_EVENTS)
"""Class decorator: register a campaign event class under its type tag."""


@event_record
class PartyChanged(CampaignEvent):
    """Base of the events that set PCs' lasting state: ``party`` maps PC id → state table."""

    party: dict[str, Any] = field(default_factory=dict)


@campaign_event("pc.joined")
@event_record
class PcJoined(PartyChanged):
    """A PC joins the party with a roster ``entry`` (``party`` holds their starting state)."""

    who: str
    entry: dict[str, Any]


@campaign_event("pc.renamed")
@event_record
class PcRenamed(CampaignEvent):
    """The PC ``who`` goes by ``name`` from now on (their id stays; fights made before
    keep the name they were played with)."""

    who: str
    name: str


@campaign_event("pc.left")
@event_record
class PcLeft(CampaignEvent):
    """The PC ``who`` leaves the party (the player left the table): gone from the party,
    the next fights, rests and write-backs; undo brings them back as they were."""

    who: str


@campaign_event("fight.made")
@event_record
class FightMade(CampaignEvent):
    """An encounter file was made from the party as it stood (``link``: its number).

    ``fight_id`` is written into the encounter's header too: the campaign records the
    fight before the encounter is made, so a fight whose file is missing or holds another
    id was cut short while it was being made (old fights have none); ``who``: the PCs it
    took, so that such a file can be made again."""

    link: int
    file: str
    title: str = ""
    fight_id: str = ""
    who: tuple[str, ...] = ()


@campaign_event("fight.written_back")
@event_record
class WrittenBack(PartyChanged):
    """The GM confirmed what fight ``link`` left on the PCs in ``party`` (``skipped``:
    PCs the GM left as they were)."""

    link: int
    skipped: tuple[str, ...] = ()


@campaign_event("party.rested")
@event_record
class Rested(PartyChanged):
    """Downtime or rest of ``kind`` (short, long, stretch, shift …) as the ruleset states."""

    kind: str


@campaign_event("pc.set")
@event_record
class LastingSet(PartyChanged):
    """The GM typed a change (``key`` = ``value``) where the text is silent."""

    who: str
    key: str
    value: str


@campaign_event("injury.treated")
@event_record
class Treated(PartyChanged):
    """The GM records treatment: ``injury`` is healed, with a ``note``."""

    who: str
    injury: str
    note: str = ""


@campaign_event("reading.chosen")
@event_record
class ReadingChosen(CampaignEvent):
    """The campaign reads the open rule ``key`` as ``value`` from now on (its fights and
    rests alike)."""

    key: str
    value: str


@campaign_event("history.undone")
@event_record
class Undone(CampaignEvent, BatchUndone):
    """The command whose batch is ``target`` is undone (nothing is deleted)."""


@campaign_event("history.redone")
@event_record
class Redone(CampaignEvent, BatchRedone):
    """An undone command is restored."""


HISTORY = (Undone, Redone)

# --- tables ------------------------------------------------------------------------------

event_table = to_table
"""The event as a flat journal table (defaults left out; TOML has no null)."""


_KINDS: dict[Any, tuple[type, ...]] = {
    int: (int,),
    str: (str,),
    datetime: (datetime,),
    dict[str, Any]: (dict,),
    tuple[str, ...]: (list,),
}


def event_from(table: dict[str, Any]) -> CampaignEvent:
    """Rebuild a campaign event from its table; EventFormatError names the offending key."""
    tag = table.get("type")
    if not isinstance(tag, str):  # missing, or a number, a list … (no Python repr of it)
        raise EventFormatError("a campaign event needs a 'type' in quotes", "type")
    cls = CAMPAIGN_EVENTS.get(tag)
    if cls is None:
        raise EventFormatError(f"unknown campaign event type {tag!r}", "type")
    known = {name: (hint, default) for name, hint, default in event_fields(cls)}
    values: dict[str, Any] = {"batch": table.get("seq", 0)}
    for key, value in table.items():
        if key == "type":
            continue
        if key not in known:
            raise EventFormatError(f"unknown key {key!r} in a {tag} event", key)
        kinds = _KINDS.get(known[key][0], (object,))
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            raise EventFormatError(f"{key!r} of a {tag} event has the wrong type", key)
        values[key] = tuple(value) if isinstance(value, list) else value
    for name, (_hint, default) in known.items():
        if name not in values and default is dataclasses.MISSING:
            raise EventFormatError(f"a {tag} event needs {name!r}", name)
    return cls(**values)
