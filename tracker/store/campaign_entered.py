"""What each PC entered a campaign fight with, read back from the fight's own journal.

A PC of the first roster entered with the fight's first command (the carry-in that
``campaign fight`` wrote); a PC brought in by ``add party`` entered with the command that
added them. The board right after that command, taken out of the fight as the campaign
keeps a PC (``Downtime.carry_out``), is what the write-back compares the fight's end
with when the campaign moved on in the meantime (:mod:`tracker.core.campaign_merge`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tracker.core import events as ev
from tracker.core.campaign import Lasting, PartyMember
from tracker.core.fold import replay
from tracker.core.journal_events import undone_batches
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.downtime import Downtime


def entered_with(
    encounter: Encounter, downtime: Downtime, party: Mapping[str, PartyMember]
) -> dict[str, Lasting]:
    """Each PC of ``party`` in the fight, as they entered it (``party``: the campaign's
    PCs today, whose healing timers and drawbacks the fight does not touch)."""
    events = encounter.events
    ends = _entering_ends(events)
    found: dict[str, Lasting] = {}
    boards: dict[int, EncounterState] = {}
    for who, member in party.items():
        first = ends.get("") if who in encounter.initial.combatants else None
        end = ends.get(who) or first
        if end is None:
            continue
        if end not in boards:
            boards[end] = replay(encounter.initial, events[:end])
        fighter = boards[end].combatants.get(who)
        if fighter is not None:
            found[who] = downtime.carry_out(fighter, member.lasting)
    return found


def _entering_ends(events: Sequence[ev.Event]) -> dict[str, int]:
    """The seq that ends the command each PC entered with: ``""`` for the first roster
    (the first command), a combatant's id for the last ``add`` that stands."""
    undone = undone_batches(e for e in events if isinstance(e, ev.HISTORY_TYPES))
    last_of: dict[int, int] = {}
    for event in events:
        last_of[event.batch] = event.seq
    ends: dict[str, int] = {"": last_of[events[0].batch]} if events else {}
    for event in events:
        if isinstance(event, ev.CombatantAdded) and event.batch not in undone:
            ends[event.id] = last_of[event.batch]
    return ends
