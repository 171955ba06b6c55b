"""One turn a round (seed 000, 001 and 004, Structured Time: "Each character gets one Turn
per Round"): the start and end of a combatant's turn take effect once a round.

The tracker begins a turn again in two cases where it is still the same turn:
- a combatant who delays after its turn began, then acts (``delay`` … ``act``): its
  actions spent before the delay stay spent, and what happens "at the start of the turn"
  (Shocked's Stress, fresh actions, Defend lapsing) does not happen twice;
- ``prev`` back over turns already played, then ``next`` again (a correction): their
  start and end were played once and are not played again (an Ego Fracture's grace, a
  duration counted down at the end of the turn). The core already skips the turn hooks
  of the edges ``prev`` stepped back over (``EncounterState.stepped_over``); the marks
  here are what the hooks themselves check, and the delay's case needs them.

Each combatant carries the round its turn last began and last ended in (the tracks
``turn@began`` and ``turn@ended``, set silently), and the rulesets' turn hooks ask here
before they act.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import slot_owner

BEGAN, ENDED = "turn@began", "turn@ended"
"""The tracks holding the round a combatant's turn last began, and last ended, in."""


def first_start(draft: Draft, slot: str) -> bool:
    """Whether ``slot``'s turn begins for the first time this round — marked if so; a
    turn taken up again (after a delay, or ``prev``) is said in the log instead."""
    return _first(draft, slot, BEGAN, "goes on with the turn begun this round (one turn a round)")


def first_end(draft: Draft, slot: str) -> bool:
    """Whether ``slot``'s turn ends for the first time this round — marked if so."""
    return _first(draft, slot, ENDED, "")


def _first(draft: Draft, slot: str, track: str, again: str) -> bool:
    fighter = draft.state.combatant(slot_owner(slot))
    if fighter.track(track) == draft.state.round:
        if again:
            draft.say(f"{fighter.name} {again}")
        return False
    draft.emit(ev.TrackSet, who=fighter.id, track=track, value=draft.state.round)
    return True
