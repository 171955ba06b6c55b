"""The round log: every event with text as a readable line, placed in its round and turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.model import EncounterState, slot_owner
from tracker.export.timeline import Beat, Timeline


@dataclass(frozen=True)
class LogLine:
    """One line of the log: where it happened, what happened, whether it still stands.

    ``gm_only`` marks what only the GM reads (a GM note, a roll behind the screen);
    ``hidden`` a line about (or naming) a combatant hidden from the players at that
    moment; ``hidden_turn`` a line in the turn of someone hidden then (the players read
    it, but not whose turn it was). ``actor`` is whose turn it was, ``target`` whom the
    event concerns (names; ``actor_id``/``target_id`` are the ids).
    """

    seq: int
    batch: int
    round: int
    turn: str
    text: str
    type: str
    undone: bool = False
    gm_only: bool = False
    actor: str = ""
    target: str = ""
    hidden: bool = False
    actor_id: str = ""
    target_id: str = ""
    hidden_turn: bool = False

    @property
    def for_the_gm(self) -> bool:
        """Whether only the GM reads this line: a GM note, a note kept on a combatant, a
        roll behind the screen, a reminder raised or dismissed, or a line about someone
        hidden at the time."""
        reminders = (ev.ReminderRaised.TYPE, ev.ReminderResolved.TYPE)
        return self.gm_only or self.hidden or self.type in reminders

    @property
    def marked_gm_only(self) -> bool:
        """Whether the GM's copy marks this line "GM only" (a GM note has its label)."""
        return self.for_the_gm and self.type != ev.NoteAdded.TYPE


def log_lines(initial: EncounterState, events: Sequence[ev.Event]) -> list[LogLine]:
    """Every event with text as a LogLine, in journal order."""
    return lines_of(Timeline(initial, events))


def lines_of(timeline: Timeline) -> list[LogLine]:
    """The LogLines of an already walked timeline (events with text only)."""
    return [_line(beat, timeline) for beat in timeline.beats if beat.event.text]


def _line(beat: Beat, timeline: Timeline) -> LogLine:
    event = beat.event
    actor = slot_owner(beat.turn) if beat.turn else ""
    target = _target(event)
    name = timeline.names.get(actor, actor)
    return LogLine(
        seq=event.seq,
        batch=event.batch,
        round=beat.round,
        turn=name,
        text=event.text,
        type=event.TYPE,
        undone=not beat.live,
        gm_only=ev.gm_only(event),
        actor=timeline.names.get(actor, ""),
        target=timeline.names.get(target, ""),
        hidden=beat.secret,
        actor_id=actor,
        target_id=target,
        hidden_turn=beat.hidden_turn,
    )


def _target(event: ev.Event) -> str:
    """Whom the event is about: its ``who``, or the combatant who joins the fight."""
    who = getattr(event, "who", "") or (event.id if isinstance(event, ev.CombatantAdded) else "")
    return slot_owner(who) if isinstance(who, str) and who else ""


def visible(
    lines: Iterable[LogLine], *, with_undone: bool = False, gm: bool = True
) -> list[LogLine]:
    """Lines filtered for an audience: undone and GM-only lines left out unless asked.

    Without ``gm``, GM notes and lines about hidden combatants are left out.
    """
    return [
        line
        for line in lines
        if (with_undone or not line.undone) and (gm or not (line.gm_only or line.hidden))
    ]


def plain_text(lines: Iterable[LogLine]) -> str:
    """The log as plain text: a heading per round, an indented line per event."""
    out: list[str] = []
    current: int | None = None
    for line in lines:
        if line.type == "round.started" and not line.undone:
            continue
        if line.round != current:
            current = line.round
            out.append("Before the fight" if current == 0 else f"Round {current}")
        mark = " (undone)" if line.undone else ""
        out.append(f"  {line.text}{mark}")
    return "\n".join(out) + ("\n" if out else "")
