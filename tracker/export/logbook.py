"""The round log: every event with text as a readable line, placed in its round and turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tracker.core import events as ev
from tracker.core.fold import undone_batches
from tracker.core.model import EncounterState, slot_owner


@dataclass(frozen=True)
class LogLine:
    """One line of the log: where it happened, what happened, whether it still stands."""

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


def log_lines(initial: EncounterState, events: Sequence[ev.Event]) -> list[LogLine]:
    """Every event with text as a LogLine, in journal order."""
    undone = undone_batches(e for e in events if isinstance(e, ev.HISTORY_TYPES))
    names = {c.id: c.name for c in initial.combatants.values()}
    round_no, turn = 0, ""
    lines: list[LogLine] = []
    for event in events:
        if isinstance(event, ev.CombatantAdded):
            names[event.id] = event.name
        live = event.batch not in undone
        if live and isinstance(event, ev.RoundStarted):
            round_no, turn = event.round, ""
        elif live and isinstance(event, (ev.TurnStarted, ev.TurnRewound)):
            turn = slot_owner(event.who)
            if isinstance(event, ev.TurnRewound):
                round_no = event.round
        if not event.text:
            continue
        lines.append(LogLine(
            seq=event.seq, batch=event.batch, round=round_no,
            turn=names.get(turn, turn), text=event.text, type=event.TYPE,
            undone=not live, gm_only=isinstance(event, ev.NoteAdded) and event.gm_only,
            actor=names.get(turn, ""), target=_target(event, names),
        ))
    return lines


def _target(event: ev.Event, names: dict[str, str]) -> str:
    who = getattr(event, "who", "")
    return names.get(slot_owner(who), "") if isinstance(who, str) and who else ""


def visible(lines: Iterable[LogLine], *, with_undone: bool = False,
            gm: bool = True) -> list[LogLine]:
    """Lines filtered for an audience: undone and GM-only lines left out unless asked."""
    return [line for line in lines
            if (with_undone or not line.undone) and (gm or not line.gm_only)]


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
