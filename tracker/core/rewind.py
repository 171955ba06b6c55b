"""Looking back: the board as it stood at the start of each turn of the fight.

A moment is a turn as the fight finally went (commands later undone are left out, so
a mistake taken back never shows), taken after the whole command that began the turn:
start-of-turn effects (a shake-off reminder, burning damage) are on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.flow import possessive
from tracker.core.fold import replay, undone_batches
from tracker.core.model import EncounterState


@dataclass(frozen=True)
class Moment:
    """The start of one turn: the last event of the command that began it."""

    seq: int
    round: int
    who: str
    name: str

    @property
    def label(self) -> str:
        """``Round 2 · Rei's turn``."""
        return f"Round {self.round} · {possessive(self.name)} turn"


def moments(initial: EncounterState, events: Sequence[ev.Event]) -> list[Moment]:
    """Every turn start of the fight as it stands, oldest first."""
    undone = undone_batches(events)
    ends: dict[int, int] = {}
    for event in events:
        ends[event.batch] = event.seq
    names = {c.id: c.name for c in initial.combatants.values()}
    found: list[Moment] = []
    round_no = 0
    for event in events:
        if event.batch in undone or isinstance(event, ev.HISTORY_TYPES):
            continue
        if isinstance(event, ev.CombatantAdded):
            names[event.id] = event.name
        elif isinstance(event, ev.CombatantRenamed):
            names[event.who] = event.name
        elif isinstance(event, ev.RoundStarted):
            round_no = event.round
        elif isinstance(event, ev.TurnStarted):
            owner = event.who.partition("@")[0]
            name = names.get(owner, owner)
            found.append(Moment(ends[event.batch], round_no, event.who, name))
    return found


def board_at(initial: EncounterState, events: Sequence[ev.Event], moment: Moment) -> EncounterState:
    """The state at ``moment``: the journal replayed up to its last event, undone commands
    stepped over (not left out: the fold needs every seq), so the board is the one the GM
    saw when that turn began."""
    return replay(initial, events[: moment.seq])
