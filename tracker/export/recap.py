"""A recap: the round log of an encounter cut to an audience and a range of rounds.

``build_recap`` walks the journal once (``Timeline``), keeps the lines the audience may
read (GM notes and hidden combatants only with ``gm``; undone commands and the
undo/redo lines only with ``with_undone``), groups them by round and turn, and adds the
encounter summary. Every export format renders a ``Recap``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tracker.core import events as ev
from tracker.core.errors import TrackerError
from tracker.core.flow import possessive
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.export.logbook import LogLine, lines_of, visible
from tracker.export.player_log import BETWEEN_TURNS, player_log
from tracker.export.player_view import reveals
from tracker.export.summary import EncounterSummary, carried_in, summarise
from tracker.export.timeline import Beat, Timeline
from tracker.rules.base import Ruleset

HISTORY_LINES = ("history.undone", "history.redone")
TURN_HEADINGS = ("turn.started", "turn.rewound")


class RoundsError(TrackerError):
    """Rounds asked for that cannot be exported (bad range, never fought)."""


@frozen_record
class ExportOptions(FrozenRecord):
    """Which rounds (``first``..``last``, None: all) and for whom the recap is cut."""

    first: int | None = None
    last: int | None = None
    gm: bool = False
    with_undone: bool = False

    def covers(self, round_no: int) -> bool:
        """Whether a line of round ``round_no`` (0: before the fight) is in range."""
        if self.first is None:
            return True
        return self.first <= round_no <= (self.last if self.last is not None else self.first)

    @property
    def label(self) -> str:
        """``round 2`` / ``rounds 2–4`` / "" for the whole fight."""
        if self.first is None:
            return ""
        if self.last is None or self.last == self.first:
            return f"round {self.first}"
        return f"rounds {self.first}–{self.last}"


def parse_rounds(text: str) -> tuple[int | None, int | None]:
    """``"2"`` → (2, 2), ``"2-4"`` → (2, 4), ``""``/``"all"`` → (None, None)."""
    cleaned = text.strip().casefold().replace("–", "-").replace(" ", "")
    if cleaned in ("", "all"):
        return None, None
    first, dash, last = cleaned.partition("-")
    if not cleaned.isascii() or not first.isdigit() or (dash and not last.isdigit()):
        raise RoundsError(f"rounds are a number or a range like 2-4 (or 'all'), not {text!r}")
    low, high = int(first), int(last) if dash else int(first)
    if low < 1:
        raise RoundsError(
            f"rounds count from 1, not {text!r}: write a round number, or a range like 2-4"
        )
    if high < low:
        raise RoundsError(
            f"rounds {text!r} make no range: write the first round, a dash, "
            "then a later one, e.g. 2-4"
        )
    return low, high


@dataclass(frozen=True)
class TurnBlock:
    """One turn: its heading (``Orc's turn``) and what happened in it."""

    heading: str
    actor: str
    lines: tuple[LogLine, ...]
    hidden: bool = False


@frozen_record
class RoundBlock(FrozenRecord):
    """One round: lines before its first turn, then its turns (round 0: before the fight)."""

    round: int
    lines: tuple[LogLine, ...]
    turns: tuple[TurnBlock, ...]

    @property
    def heading(self) -> str:
        """``Round 3`` or ``Before the fight``."""
        return f"Round {self.round}" if self.round else "Before the fight"


@frozen_record
class Recap(FrozenRecord):
    """Everything an export format needs: title, rounds of lines, the summary."""

    title: str
    ruleset_id: str
    ruleset_title: str
    theme: str
    date: str
    options: ExportOptions
    blocks: tuple[RoundBlock, ...]
    summary: EncounterSummary
    lines: tuple[LogLine, ...] = ()
    head: Mapping[str, Any] = field(default_factory=dict)

    @property
    def heading(self) -> str:
        """``The Bridge at Kell — round log`` (or ``— round 2``, ``— rounds 2–3``)."""
        return f"{self.title} — {self.options.label or 'round log'}"

    @property
    def byline(self) -> str:
        """``Basic … · 2026-11-21 · 3 rounds fought`` (and ``GM copy`` when it is one)."""
        fought = self.summary.rounds_fought
        parts = [
            self.ruleset_title,
            self.date,
            f"{fought} round{'s' if fought != 1 else ''} fought" if fought else "not started",
        ]
        if self.options.gm:
            parts.append("GM copy")
        return " · ".join(p for p in parts if p)


def build_recap(
    encounter: Encounter, rules: Ruleset, head: Mapping[str, Any], options: ExportOptions
) -> Recap:
    """Cut the encounter's log to ``options`` and summarise it."""
    timeline = Timeline(encounter.initial, encounter.events)
    options = _checked(options, timeline.last_round)
    lines = [
        line
        for line in visible(whole_history(timeline), with_undone=options.with_undone, gm=options.gm)
        if options.covers(line.round) and (options.with_undone or line.type not in HISTORY_LINES)
    ]
    reveal = options.gm or reveals(head)
    if not options.gm:
        lines = _players_lines(encounter, rules, reveal, lines)
    rounds = _rounds(options, timeline.last_round)
    summary = summarise(
        timeline,
        encounter.initial,
        _end_state(encounter, timeline, options),
        rules,
        _counter(options),
        rounds,
        gm=options.gm,
        reveal=reveal,
        carried=carried_in(head, encounter.events),
    )
    table = head.get("encounter", {}) if isinstance(head.get("encounter"), dict) else {}
    return Recap(
        title=str(table.get("title") or encounter.state.title or "Encounter"),
        ruleset_id=rules.id,
        ruleset_title=rules.title,
        theme=str(table.get("theme") or rules.theme),
        date=_date(timeline, options),
        options=options,
        blocks=group(lines),
        summary=summary,
        lines=tuple(lines),
        head=head,
    )


def whole_history(timeline: Timeline) -> list[LogLine]:
    """Every line, an undo or redo saying in full what it took back or restored (the
    journal keeps a sentence cut to a hundred characters, ending in ``…``)."""
    lines = lines_of(timeline)
    said: dict[int, list[str]] = {}
    for line in lines:
        if line.type not in HISTORY_LINES:
            said.setdefault(line.batch, []).append(line.text)
    targets = {
        beat.event.seq: beat.event.target
        for beat in timeline.beats
        if isinstance(beat.event, ev.HISTORY_TYPES)
    }
    return [_in_full(line, said.get(targets.get(line.seq, -1), [])) for line in lines]


def _in_full(line: LogLine, taken: list[str]) -> LogLine:
    if line.type not in HISTORY_LINES or not taken:
        return line
    word = line.text.split(":", 1)[0]
    return replace(line, text=f"{word}: {'; '.join(taken)}")


def _players_lines(
    encounter: Encounter, rules: Ruleset, reveal: bool, lines: list[LogLine]
) -> list[LogLine]:
    """The players' copy says what the players' view says: words for the numbers of those
    not shown in full, nothing about anyone hidden (from their first line on)."""
    told = {
        line.seq: line.text
        for line in player_log(encounter.initial, encounter.events, rules, reveal)
    }
    fighters = encounter.state.combatants
    unseen = {cid for cid, fighter in fighters.items() if fighter.hidden}
    return [
        replace(line, text=told[line.seq], actor="", actor_id="", turn="")
        if line.actor_id in unseen or line.hidden_turn
        else replace(line, text=told[line.seq])
        for line in lines
        if line.seq in told
    ]


def _checked(options: ExportOptions, last_round: int) -> ExportOptions:
    if options.first is None:
        return options
    if last_round == 0:
        raise RoundsError("the fight has not started: there are no rounds to export yet")
    if options.first > last_round:
        raise RoundsError(
            f"round {options.first} was never fought — rounds fought: "
            f"{'1' if last_round == 1 else f'1–{last_round}'}"
        )
    last = min(options.last if options.last is not None else options.first, last_round)
    return ExportOptions(options.first, last, options.gm, options.with_undone)


def _rounds(options: ExportOptions, last_round: int) -> tuple[int, ...]:
    if options.first is None:
        return tuple(range(1, last_round + 1))
    return tuple(range(options.first, (options.last or options.first) + 1))


def _counter(options: ExportOptions) -> Callable[[Beat], bool]:
    def counts(beat: Beat) -> bool:
        return beat.live and options.covers(beat.round) and (options.gm or not beat.secret)

    return counts


def _end_state(encounter: Encounter, timeline: Timeline, options: ExportOptions) -> EncounterState:
    """The state when the last round shown is over (the current state for the whole fight)."""
    if options.last is None or options.last >= timeline.last_round:
        return encounter.state
    last_seq = max((b.event.seq for b in timeline.beats if b.round <= options.last), default=0)
    return encounter.state_at(last_seq)


def _date(timeline: Timeline, options: ExportOptions) -> str:
    """The day (UTC) the first event shown happened, ``2026-11-21``."""
    for beat in timeline.beats:
        if beat.live and options.covers(beat.round):
            return beat.event.at.date().isoformat()
    return ""


def group(lines: list[LogLine]) -> tuple[RoundBlock, ...]:
    """Lines grouped into rounds and turns, in journal order."""
    rounds: list[_RoundDraft] = []
    for line in lines:
        if not rounds or line.round != rounds[-1].round:
            rounds.append(_RoundDraft(line.round))
        rounds[-1].add(line)
    return tuple(r.block() for r in rounds)


class _RoundDraft:
    """A round being filled line by line."""

    def __init__(self, round_no: int) -> None:
        self.round = round_no
        self.loose: list[LogLine] = []
        self.turns: list[tuple[str, str, bool, list[LogLine]]] = []

    def add(self, line: LogLine) -> None:
        """Place one line: a turn opener starts a turn, anything else joins one."""
        if line.undone or line.type in HISTORY_LINES:
            self._into_current(line)
        elif line.type == "round.started":
            return
        elif line.type in TURN_HEADINGS:
            self.turns.append((line.text, line.actor, line.hidden, []))
        elif line.type == "turn.skipped":
            self.turns.append((f"{possessive(line.actor)} turn", line.actor, line.hidden, [line]))
        else:
            self._into_own_turn(line)

    def _into_own_turn(self, line: LogLine) -> None:
        current = self.turns[-1][1] if self.turns else ""
        if line.actor != current and (line.actor or self.turns):
            heading = f"{possessive(line.actor)} turn" if line.actor else BETWEEN_TURNS
            self.turns.append((heading, line.actor, line.hidden, []))
        self._into_current(line)

    def _into_current(self, line: LogLine) -> None:
        (self.turns[-1][3] if self.turns else self.loose).append(line)

    def block(self) -> RoundBlock:
        """The finished round. A turn that began hidden is the GM's only while none of
        its lines is the players' once its owner is seen (a combatant revealed in it
        gives them its turn; a PC hurt in it is theirs to read, not whose turn it was)."""
        turns = tuple(
            TurnBlock(h, a, tuple(ls), hidden and not any(map(_players_own, ls)))
            for h, a, hidden, ls in self.turns
        )
        return RoundBlock(self.round, tuple(self.loose), turns)


def _players_own(line: LogLine) -> bool:
    """Whether the players' copy holds this line under its turn's heading."""
    return _players_read(line) and not line.hidden_turn


def _players_read(line: LogLine) -> bool:
    """Whether the players' copy holds this line (in some words)."""
    return not (line.for_the_gm or line.undone or line.type in HISTORY_LINES)
