"""An encounter in play: the journal in memory, its state, deciding and committing commands.

No file I/O here: ``tracker.store`` persists what ``commit`` accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from itertools import takewhile
from typing import Protocol

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError, RulesetFault, TrackerError
from tracker.core.fold import Checkpoints, apply, fold_on, replay
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.grammar import Command, each_target, parse_command
from tracker.core.hidden_names import guard_public_lines
from tracker.core.library import EmptyLibrary, Library
from tracker.core.model import EncounterState
from tracker.core.protocol import DiceLike, Rules, Verb
from tracker.core.verb_options import refuse_unknown
from tracker.core.verbs import core_verbs


def _reading_verbs(rules: Rules) -> Mapping[str, Verb]:
    """The ruleset's ``reading`` verbs (``tracker.rules.Ruleset.reading_verbs``); none for a
    ruleset that is not built on that base."""
    verbs: Callable[[], Mapping[str, Verb]] | None = getattr(rules, "reading_verbs", None)
    return verbs() if verbs is not None else {}


def now_utc() -> datetime:
    """The current time, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


@frozen_record
class Resume(FrozenRecord):
    """Where a journal is taken up from a snapshot: ``state`` after its first ``count``
    events, which ``earlier`` reads when they are first needed (undo past them, look-back,
    the whole log). The snapshot is never trusted over the events: once they are read,
    the state they fold to is compared with it, and a snapshot that disagrees is ignored
    (the events are replayed and ``Encounter.notes`` says so)."""

    count: int
    state: EncounterState
    earlier: Earlier
    last: Sequence[ev.Event] = ()
    """The last events before the snapshot (its final commands), read with the ones after
    it: what undo and redo look at first."""


class Earlier(Protocol):
    """The events before a snapshot, read when asked for or ahead of time (off the
    screen's thread), with the state they fold to."""

    def start(self) -> None:
        """Begin reading them in the background (nothing if already begun)."""

    def ready(self) -> bool:
        """Whether they are read (``result`` returns at once)."""

    def result(self) -> tuple[Sequence[ev.Event], EncounterState]:
        """(the events, the state they fold to); reads them now if not begun."""


class Encounter:
    """The roster state, the journal of events, and the state they fold to.

    With a :class:`Resume`, only the events after the snapshot are in memory at first;
    ``events`` (every event) reads the earlier ones and checks the snapshot against them.
    """

    def __init__(
        self,
        initial: EncounterState,
        rules: Rules,
        events: Sequence[ev.Event] = (),
        library: Library | None = None,
        resume: Resume | None = None,
    ) -> None:
        self.initial = initial
        self.rules = rules
        self.library: Library = library or EmptyLibrary()
        self._events: list[ev.Event] = list(events)
        self._resume = resume
        self.notes: list[str] = []
        """What the GM should be told about the journal (a snapshot that disagreed)."""
        self.checkpoints = Checkpoints()
        if resume is None:
            self.state = replay(initial, self._events, self.checkpoints)
        else:
            self.checkpoints.saved[resume.count] = (resume.state, resume.state.undone)
            self.state = self._refold()
        self.verbs: dict[str, Verb] = {
            **core_verbs(rules, lambda: self.library),
            **_reading_verbs(rules),
            **rules.verbs(),
        }

    @property
    def events(self) -> list[ev.Event]:
        """Every event of the journal (the earlier ones are read now if they were not)."""
        self.read_earlier()
        return self._events

    @property
    def count(self) -> int:
        """How many events the journal holds (none of them read for it)."""
        return len(self._events) + (self._resume.count if self._resume else 0)

    @property
    def taken_up_at(self) -> int:
        """The snapshot's event count while the events before it are not read yet, else 0."""
        return self._resume.count if self._resume else 0

    @property
    def taken_up_state(self) -> EncounterState | None:
        """The snapshot's state while the events before it are not read yet, else None."""
        return self._resume.state if self._resume else None

    @property
    def recent_events(self) -> list[ev.Event]:
        """The events in memory: every event, or those after the snapshot while the
        earlier ones are not read yet (nothing is read for it)."""
        return self._events

    @property
    def earlier_ready(self) -> bool:
        """Whether the events before the snapshot are read ahead (``read_earlier`` is
        quick) — or there are none to read."""
        return self._resume is None or self._resume.earlier.ready()

    def read_earlier_soon(self) -> None:
        """Begin reading the events before the snapshot in the background, if any."""
        if self._resume is not None:
            self._resume.earlier.start()

    def read_earlier(self) -> None:
        """Read the events before the snapshot the journal was taken up from, and check
        the snapshot against them (nothing to do if there was none or it is done)."""
        resume = self._resume
        if resume is None:
            return
        earlier, folded = resume.earlier.result()
        self._resume = None
        self._events[:0] = earlier[: resume.count]
        if folded == resume.state:
            return
        self.notes.append(
            f"the snapshot of the fight as of event {resume.count} disagrees with the "
            "events: it is ignored and the events are replayed"
        )
        self.checkpoints = Checkpoints()
        self.state = replay(self.initial, self._events, self.checkpoints)

    def newest_first(self) -> Iterator[ev.Event]:
        """The events from the last to the first, the earlier ones read only if reached."""
        resume, tail = self._resume, self._events
        yield from reversed(tail)
        if resume is not None:
            yield from reversed(resume.last)
            yield from reversed(self.events[: resume.count - len(resume.last)])

    def latest_batch(self) -> list[ev.Event]:
        """The events of the latest command, in order, from memory: none when the journal
        was taken up from a snapshot after it (a snapshot follows a whole command)."""
        tail = self._events
        last = tail[-1].batch if tail else None
        batch = list(takewhile(lambda event: event.batch == last, reversed(tail)))
        return batch[::-1]

    def _refold(self) -> EncounterState:
        """The state the journal folds to, from the latest checkpoint still valid."""
        resume = self._resume
        if resume is None:
            return replay(self.initial, self._events, self.checkpoints)
        history = (e for e in self._events if isinstance(e, ev.HISTORY_TYPES))
        undone = _undone_after(resume.state.undone, history)
        count, state = self.checkpoints.resume(undone, self.initial)
        if count < resume.count:  # undone past the snapshot: read what came before it
            self.read_earlier()
            return replay(self.initial, self._events, self.checkpoints)
        return fold_on(state, self._events[count - resume.count :], undone, count, self.checkpoints)

    # --- deciding -------------------------------------------------------------------

    def decide(
        self, line: str | Command, dice: DiceLike, at: datetime | None = None
    ) -> list[ev.Event]:
        """The events a command line would produce; RuleError if it is refused."""
        command = parse_command(line) if isinstance(line, str) else line
        draft = Draft(self.state, at or now_utc())
        if command.verb == "undo":
            return self._undo(draft)
        if command.verb == "redo":
            return self._redo(draft)
        verb = self.verbs.get(command.verb)
        if verb is None:
            raise RuleError(_unknown_verb(command.verb, [*self.verbs, "undo", "redo"]))
        refuse_unknown(command, verb)
        for name, part in each_target(self.state, command, verb.asks.takes_several):
            try:
                verb.handler(draft, part, dice)
            except RuleError as err:
                raise _refused_for(name, err) from None
            except TrackerError:
                raise
            except Exception as err:  # a ruleset's bug: refused in one line, nothing kept
                raise RulesetFault.of(command.line, err) from err
        if not draft.events:
            raise RuleError(f"'{command.line}' changes nothing")
        if not command.anyway:
            guard_public_lines(self.state, draft.events, command.line, command.verb)
        return draft.events

    def decide_with(
        self, decide: Callable[[Draft], object], what: str, at: datetime | None = None
    ) -> list[ev.Event]:
        """The events ``decide`` emits on a draft of the state, as one command (a Foundry
        import added to the fight, say); RuleError if it is refused or changes nothing."""
        draft = Draft(self.state, at or now_utc())
        decide(draft)
        if not draft.events:
            raise RuleError(f"'{what}' changes nothing")
        return draft.events

    def commit(self, events: Sequence[ev.Event]) -> None:
        """Accept decided events (already stored by the caller, if it stores)."""
        history = any(isinstance(e, ev.HISTORY_TYPES) for e in events)
        state = self.state
        if not history:
            for event in events:
                state = apply(state, event)
                self._events.append(event)
                self.checkpoints.offer(self.count, state, state.undone)
            self.state = state
            return
        self._events.extend(events)
        self.state = self._refold()

    def take_back(self, count: int, state: EncounterState) -> None:
        """Forget the events after the first ``count`` and go back to ``state``, the state
        they had folded to (a command whose save failed after it was committed)."""
        del self._events[count - (self.count - len(self._events)) :]
        self.state = state
        for saved in [c for c in self.checkpoints.saved if c > count]:
            del self.checkpoints.saved[saved]

    def run(self, line: str, dice: DiceLike, at: datetime | None = None) -> list[ev.Event]:
        """Decide and commit in one step (headless use and tests)."""
        events = self.decide(line, dice, at)
        self.commit(events)
        return events

    # --- history --------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """The batch that 'undo' would take back: the latest command still in force
        (a stat block saved to the bestiary is not part of the fight: undo passes it by)."""
        undone = self.state.undone
        for event in self.newest_first():
            if isinstance(event, (*ev.HISTORY_TYPES, ev.TemplateSaved)) or event.batch in undone:
                continue
            return event.batch
        return None

    def redo_target(self) -> int | None:
        """The batch 'redo' would restore: the last undone since the last new command."""
        since: list[ev.Event] = []
        for event in self.newest_first():
            if not isinstance(event, ev.HISTORY_TYPES) and event.seq == event.batch:
                break
            since.append(event)
        stack: list[int] = []
        for event in reversed(since):
            if isinstance(event, ev.HistoryUndone):
                stack.append(event.target)
            elif isinstance(event, ev.HistoryRedone) and event.target in stack:
                stack.remove(event.target)
        return stack[-1] if stack else None

    def describe_batch(self, batch: int) -> str:
        """The first log line of a batch, for 'undid …' messages (its events are found
        walking back from the end: a batch's events come at and after its own seq)."""
        texts = []
        for event in self.newest_first():
            if event.seq < batch:
                break
            if event.batch == batch and event.text:
                texts.append(event.text)
        summary = "; ".join(reversed(texts)) or f"command {batch}"
        return summary if len(summary) <= 100 else summary[:99] + "…"

    def _undo(self, draft: Draft) -> list[ev.Event]:
        target = self.undo_target()
        if target is None:
            raise RuleError("nothing to undo")
        text = f"Undone: {self.describe_batch(target)}"
        draft.emit(ev.HistoryUndone, target=target, text=text)
        return draft.events

    def _redo(self, draft: Draft) -> list[ev.Event]:
        target = self.redo_target()
        if target is None:
            raise RuleError("nothing to redo")
        text = f"Redone: {self.describe_batch(target)}"
        draft.emit(ev.HistoryRedone, target=target, text=text)
        return draft.events

    # --- time travel ----------------------------------------------------------------

    def state_at(self, seq: int) -> EncounterState:
        """The state right after event ``seq`` (0: the roster before the fight)."""
        return replay(self.initial, self.events[: max(0, seq)])

    def state_at_round(self, round_no: int) -> EncounterState:
        """The state at the start of round ``round_no`` (just after it began), as the
        fight finally went: a start of the round later undone does not count."""
        undone = self.state.undone
        for event in self.events:
            if isinstance(event, ev.RoundStarted) and event.round == round_no:
                if event.batch not in undone:
                    return self.state_at(event.seq)
        raise RuleError(f"round {round_no} was never reached")


def _undone_after(undone: frozenset[int], history: Iterator[ev.Event]) -> frozenset[int]:
    """The batches undone after ``history`` (in file order), from ``undone`` before it."""
    found = set(undone)
    for event in history:
        if isinstance(event, ev.HistoryUndone):
            found.add(event.target)
        elif isinstance(event, ev.HistoryRedone):
            found.discard(event.target)
    return frozenset(found)


def _refused_for(name: str, err: RuleError) -> RuleError:
    """The refusal of one target of a command naming several: it names the target and
    says that nobody was touched (``name`` empty: the command had one target)."""
    if not name:
        return err
    said = str(err) if name.casefold() in str(err).casefold() else f"{name}: {err}"
    return RuleError(f"{said} — so nobody was touched")


def _unknown_verb(typed: str, verbs: Sequence[str]) -> str:
    """``unknown command 'nxt' — did you mean 'next'?``: the closest command offered, not
    every one of the thirty the ruleset takes (``help`` lists them)."""
    from tracker.core.nearest_word import nearest

    close = nearest(typed, verbs)
    guess = f"did you mean '{close}'? ('help' lists them)" if close else "'help' lists them"
    return f"unknown command '{typed}' — {guess}"
