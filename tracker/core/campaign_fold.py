"""The campaign fold: ``apply`` one campaign event, ``replay`` a journal with undo/redo,
and :class:`Campaign`, the journal in memory with the commands every ruleset shares.

Rules live elsewhere: events that change PCs already carry each PC's new lasting state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from functools import singledispatch
from typing import Any, TypeVar

from tracker.core import campaign_events as ce
from tracker.core.campaign import (
    CampaignState,
    Fight,
    Lasting,
    PartyMember,
    lasting_from,
    lasting_table,
)
from tracker.core.errors import FoldError, RuleError
from tracker.core.journal_events import check_follows, mark_history, skip, undone_batches
from tracker.core.model import evolve
from tracker.core.name_match import matching

E = TypeVar("E", bound=ce.CampaignEvent)


def apply(state: CampaignState, event: ce.CampaignEvent) -> CampaignState:
    """The state after ``event``; it must be the next one in sequence."""
    check_follows(state, event)
    return evolve(_mutate(event, state), seq=event.seq)


def replay(initial: CampaignState, events: Sequence[ce.CampaignEvent]) -> CampaignState:
    """Fold ``events`` onto ``initial``, stepping over undone commands."""
    undone = undone_batches(events)
    state = initial
    for event in events:
        state = skip(state, event) if event.batch in undone else apply(state, event)
    return state


@singledispatch
def _mutate(event: ce.CampaignEvent, state: CampaignState) -> CampaignState:
    """Events with no effect on the party only advance ``seq``."""
    return state


def _with_party(state: CampaignState, party: Mapping[str, Any]) -> CampaignState:
    members = dict(state.party)
    for who, table in party.items():
        if who not in members:
            raise FoldError(f"no PC {who!r} in the party")
        lasting = lasting_from(table, f"the state of {who}")
        members[who] = evolve(members[who], lasting=lasting)
    return evolve(state, party=members)


@_mutate.register
def _(event: ce.PcJoined, state: CampaignState) -> CampaignState:
    if event.who in state.party:
        raise FoldError(f"PC {event.who!r} is already in the party")
    others = sorted(set(event.party) - {event.who})
    if others:  # the state a PC joins with is theirs alone
        raise FoldError(f"PC {event.who!r} joins with the state of {others[0]!r}")
    lasting = lasting_from(event.party.get(event.who, {}), f"the state of {event.who}")
    name = str(event.entry.get("name", event.who))
    member = PartyMember(event.who, name, event.entry, lasting)
    return evolve(state, party={**state.party, event.who: member})


@_mutate.register
def _(event: ce.PcRenamed, state: CampaignState) -> CampaignState:
    member = _member(state, event.who)
    renamed = evolve(member, name=event.name, entry={**member.entry, "name": event.name})
    return evolve(state, party={**state.party, event.who: renamed})


@_mutate.register
def _(event: ce.PcLeft, state: CampaignState) -> CampaignState:
    _member(state, event.who)
    return evolve(state, party={k: m for k, m in state.party.items() if k != event.who})


def _member(state: CampaignState, who: str) -> PartyMember:
    if who not in state.party:
        raise FoldError(f"no PC {who!r} in the party")
    return state.party[who]


@_mutate.register
def _(event: ce.ReadingChosen, state: CampaignState) -> CampaignState:
    return evolve(state, options={**state.options, event.key: event.value})


@_mutate.register
def _(event: ce.FightMade, state: CampaignState) -> CampaignState:
    fight = Fight(event.link, event.file, event.title, fight_id=event.fight_id)
    return evolve(state, fights=(*state.fights, fight))


@_mutate.register
def _(event: ce.WrittenBack, state: CampaignState) -> CampaignState:
    fights = tuple(evolve(f, written=True) if f.link == event.link else f for f in state.fights)
    return _with_party(evolve(state, fights=fights), event.party)


@_mutate.register(ce.Rested)
@_mutate.register(ce.LastingSet)
@_mutate.register(ce.Treated)
def _(event: ce.PartyChanged, state: CampaignState) -> CampaignState:
    return _with_party(state, event.party)


_mutate.register(ce.Undone, mark_history)
_mutate.register(ce.Redone, mark_history)


def now_utc() -> datetime:
    """The current time, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


class Campaign:
    """The campaign journal in memory and the state it folds to."""

    def __init__(self, initial: CampaignState, events: Sequence[ce.CampaignEvent] = ()) -> None:
        """Replay ``events`` onto ``initial`` (FoldError if they do not fit)."""
        self.initial = initial
        self.events: list[ce.CampaignEvent] = list(events)
        self.state = replay(initial, self.events)

    def make(self, kind: type[E], at: datetime | None = None, /, **fields: Any) -> E:
        """The next event (one command: its own batch), checked to fold; not yet kept."""
        seq = self.state.seq + 1
        event = kind(seq=seq, at=at or now_utc(), batch=seq, **fields)
        apply(self.state, event)
        return event

    def commit(self, event: ce.CampaignEvent) -> None:
        """Accept an event (already stored by the caller, if it stores)."""
        self.events.append(event)
        self.state = replay(self.initial, self.events)

    def member(self, who: str) -> PartyMember:
        """The PC with id ``who``, or the one whose name starts with it (case-insensitive)."""
        return find_member(self.state, who)

    def undo(self) -> ce.Undone:
        """An event undoing the latest command still in force; RuleError if none."""
        for event in reversed(self.events):
            if isinstance(event, ce.HISTORY) or event.batch in self.state.undone:
                continue
            return self.make(ce.Undone, target=event.batch, text=f"Undone: {event.text}")
        raise RuleError("nothing to undo")

    def redo(self) -> ce.Redone:
        """An event restoring the last undone command since the last new one."""
        stack: list[int] = []
        for event in self.events:
            if isinstance(event, ce.Undone):
                stack.append(event.target)
            elif isinstance(event, ce.Redone) and event.target in stack:
                stack.remove(event.target)
            elif not isinstance(event, ce.HISTORY):
                stack.clear()
        if not stack:
            raise RuleError("nothing to redo")
        text = next(e.text for e in self.events if e.seq == stack[-1])
        return self.make(ce.Redone, target=stack[-1], text=f"Redone: {text}")


def find_member(state: CampaignState, who: str) -> PartyMember:
    """The PC ``who`` names, found as a fight finds a combatant (``core.name_match``):
    the id, the whole name or its start as typed (``Ann`` is Ann, not Anna), then with
    punctuation, spacing and accents dropped (``jean luc``, ``obrien``, ``zoe``)."""
    found = matching({m.id: m.name for m in state.party.values()}, who)
    if len(found) == 1:
        return state.party[found[0]]
    names = ", ".join(state.party) or "nobody yet"
    what = "more than one PC" if found else "no PC"
    raise RuleError(f"{what} matches {who!r} — the party: {names}")


def party_tables(changed: Mapping[str, Lasting]) -> dict[str, Any]:
    """The ``party`` field of an event: each changed PC's lasting state as a table."""
    return {who: lasting_table(lasting) for who, lasting in changed.items()}
