"""The round log as the players may read it.

Starts from the public log (undone commands, GM notes and lines about combatants hidden
at the time are left out, as in every players' export), leaves out the undo and redo
lines (``Undone: …`` repeats the very line that was taken back; a redone command's own
lines show again) and the reminders the GM is to resolve (the command to type, often:
the players read what comes of it), then:

* drops every line about, or naming, a combatant who is hidden *now* (a GM who hides
  someone mid-fight wants them off the table's screen);
* unless the encounter says ``reveal = true``, guards the numbers of everyone who is
  not an ally. A line that concerns such a combatant, or names one, and holds a number
  (outside the names themselves) is not shown as written: it becomes what players could
  see — ``Bandit captain: wounded`` (the ruleset's ``player_summary`` after the command,
  only when those words changed), ``Sachiel: Graze (body)`` for an injury, the ailment's
  name for an ailment, ``Ork Nob rolls initiative`` — or it is left out (rolls about
  it, an ally's attack naming it: the words line says how it went);
* reads a line of a journal played before commands went into the GM's own lines without
  the command it quotes (``… (if killed: 'dead rei')``: :mod:`tracker.export.gm_commands`).

The walk is generic over event types: it never reads what a ruleset's tracks mean.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.fold import apply, skip, undone_batches
from tracker.core.hidden_names import names_pattern
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.verbs import core_verbs
from tracker.export.gm_commands import without_commands
from tracker.export.player_view import in_full
from tracker.export.timeline import TURN_OPENERS, Beat, Timeline
from tracker.rules.base import Ruleset

FLOW_TYPES = (
    ev.RoundStarted,
    ev.RoundEnded,
    ev.TurnStarted,
    ev.TurnEnded,
    ev.TurnSkipped,
    ev.TurnRewound,
    ev.TurnDelayed,
    ev.TurnResumed,
    ev.EncounterStarted,
    ev.EncounterEnded,
)
"""Round and turn sentences the core writes: they never hold anyone's health."""

GMS_WORDS = (ev.NoteAdded, ev.CombatantNoted)
"""Lines in the GM's own words, read as written (a quote in them is the GM's)."""

BETWEEN_TURNS = "Between turns"
"""The heading over lines in the turn of someone hidden from the players (a PC hurt in it):
what happened, not whose turn it was."""

_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class PlayerLine:
    """One line of the players' log: ``kind`` is ``round``, ``turn`` or ``line``."""

    seq: int
    round: int
    kind: str
    text: str


def player_log(
    initial: EncounterState, events: Sequence[ev.Event], rules: Ruleset, reveal: bool = False
) -> list[PlayerLine]:
    """Every line of the journal the players may read, in order."""
    timeline = Timeline(initial, events)
    after, final = _states_after_batches(initial, events)
    reader = _Reader(rules, final, initial, reveal)
    reader.told_falls(events)
    verbs = {*core_verbs(rules), *rules.verbs(), "undo", "redo"}
    lines: list[PlayerLine] = []
    opener: Beat | None = None  # a hidden one's turn, until a line in it is shown
    for beat in timeline.beats:
        if beat.live and isinstance(beat.event, TURN_OPENERS):
            opener = beat if beat.secret else None
        if beat.event.text and beat.live and not beat.secret and not _not_for_players(beat.event):
            text = reader.line(beat.event, after[beat.event.batch])
            if not isinstance(beat.event, GMS_WORDS):
                text = without_commands(text, verbs)
            if text and opener is not None and beat.hidden_turn:
                lines.append(PlayerLine(opener.event.seq, beat.round, "turn", BETWEEN_TURNS))
                opener = None
            if text:
                lines.append(PlayerLine(beat.event.seq, beat.round, _kind(beat), text))
    return lines


def _not_for_players(event: ev.Event) -> bool:
    """GM notes, lines for the GM alone (the command to type next), undo and redo, and
    reminders raised or dismissed (what the GM is to resolve, often with the command to
    type: the players read what comes of it)."""
    reminders = (ev.ReminderRaised, ev.ReminderResolved)
    return ev.gm_only(event) or isinstance(event, (*ev.HISTORY_TYPES, *reminders))


def _kind(beat: Beat) -> str:
    if isinstance(beat.event, ev.RoundStarted):
        return "round"
    if isinstance(beat.event, (ev.TurnStarted, ev.TurnRewound)):
        return "turn"
    return "line"


def _states_after_batches(
    initial: EncounterState, events: Sequence[ev.Event]
) -> tuple[dict[int, EncounterState], EncounterState]:
    """The state after each command (batch), and the final state, in one fold."""
    undone = undone_batches(e for e in events if isinstance(e, ev.HISTORY_TYPES))
    after: dict[int, EncounterState] = {}
    state = initial
    for event in events:
        state = skip(state, event) if event.batch in undone else apply(state, event)
        after[event.batch] = state
    return after, state


class _Reader:
    """Decides, line by line, what the players read (remembering the words they last saw)."""

    def __init__(
        self, rules: Ruleset, final: EncounterState, initial: EncounterState, reveal: bool
    ) -> None:
        self.rules = rules
        self.final = final
        self.reveal = reveal
        fighters = final.combatants.values()
        self.hidden = names_pattern(c.name for c in fighters if c.hidden)
        self.guarded = names_pattern(c.name for c in fighters if not in_full(c, reveal))
        self.any_name = names_pattern(c.name for c in fighters)
        self.words = {c.id: rules.player_summary(c) for c in initial.combatants.values()}
        self.falls: dict[tuple[int, str], str] = {}

    def told_falls(self, events: Sequence[ev.Event]) -> None:
        """Remember the falls (``Goblin is down``) shown as written, by command: the words
        a lost track comes to (``Goblin: down``) would only say them twice."""
        for event in events:
            if isinstance(event, ev.StatusChanged) and not self._has_number(event.text):
                self.falls[(event.batch, slot_owner(event.who))] = event.status

    def line(self, event: ev.Event, after: EncounterState) -> str:
        """The players' sentence for ``event`` ("" to leave it out)."""
        who = _who(event)
        target = self.final.combatants.get(who) if who else None
        if isinstance(event, ev.CombatantAdded) and event.id in after.combatants:
            self.words[event.id] = self.rules.player_summary(after.combatants[event.id])
        if (target is not None and target.hidden) or _finds(self.hidden, event.text):
            return ""
        if self.reveal or isinstance(event, FLOW_TYPES) or not self._has_number(event.text):
            return event.text
        if target is not None and not in_full(target, self.reveal):
            return self._guarded(event, target, after)
        return "" if _finds(self.guarded, event.text) else event.text

    def _has_number(self, text: str) -> bool:
        bare = self.any_name.sub("", text) if self.any_name is not None else text
        return _DIGIT.search(bare) is not None

    def _guarded(self, event: ev.Event, target: Combatant, after: EncounterState) -> str:
        """What players learn from a line holding a non-ally's numbers."""
        name = target.name
        if isinstance(event, ev.InitiativeSet):
            return f"{name} rolls initiative"
        if isinstance(event, ev.InjuryAdded):
            where = f" ({event.location})" if event.location else ""
            return f"{name}: {event.name}{where}" if not self._has_number(event.name) else ""
        if isinstance(event, ev.ConditionApplied):
            return f"{name}: {event.name}"
        if isinstance(event, ev.ConditionRemoved):
            return f"{name}: {event.name} ends"
        if isinstance(event, (ev.ConditionChanged, ev.DiceRolled)):
            return ""
        if target.id not in after.combatants:
            return ""
        words = self.rules.player_summary(after.combatants[target.id])
        if words == self.words.get(target.id):
            return ""
        self.words[target.id] = words
        return "" if words == self.falls.get((event.batch, target.id)) else f"{name}: {words}"


def _who(event: ev.Event) -> str:
    """The combatant id an event concerns ("" for none)."""
    who = getattr(event, "who", "") or (event.id if isinstance(event, ev.CombatantAdded) else "")
    return slot_owner(who) if isinstance(who, str) and who else ""


def _finds(pattern: re.Pattern[str] | None, text: str) -> bool:
    return pattern is not None and pattern.search(text) is not None
