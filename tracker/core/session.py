"""An encounter in play: the journal in memory, its state, deciding and committing commands.

No file I/O here: ``tracker.store`` persists what ``commit`` accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.fold import Checkpoints, apply, replay
from tracker.core.grammar import Command, each_target, parse_command
from tracker.core.hidden_names import guard_public_lines
from tracker.core.library import EmptyLibrary, Library
from tracker.core.model import EncounterState
from tracker.core.protocol import DiceLike, Rules, Verb
from tracker.core.verbs import core_verbs


def now_utc() -> datetime:
    """The current time, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


class Encounter:
    """The roster state, the journal of events, and the state they fold to."""

    def __init__(
        self,
        initial: EncounterState,
        rules: Rules,
        events: Sequence[ev.Event] = (),
        library: Library | None = None,
    ) -> None:
        self.initial = initial
        self.rules = rules
        self.library: Library = library or EmptyLibrary()
        self.events: list[ev.Event] = list(events)
        self.checkpoints = Checkpoints()
        self.state = replay(initial, self.events, self.checkpoints)
        self.verbs: dict[str, Verb] = {
            **core_verbs(rules, lambda: self.library),
            **rules.verbs(),
        }

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
            known = ", ".join(sorted([*self.verbs, "undo", "redo"]))
            raise RuleError(f"unknown command '{command.verb}' — commands: {known}")
        for name, part in each_target(self.state, command, verb.asks.takes_several):
            try:
                verb.handler(draft, part, dice)
            except RuleError as err:
                raise _refused_for(name, err) from None
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
                self.events.append(event)
                self.checkpoints.offer(len(self.events), state, state.undone)
            self.state = state
            return
        self.events.extend(events)
        self.state = replay(self.initial, self.events, self.checkpoints)

    def take_back(self, count: int, state: EncounterState) -> None:
        """Forget the events after the first ``count`` and go back to ``state``, the state
        they had folded to (a command whose save failed after it was committed)."""
        del self.events[count:]
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
        for event in reversed(self.events):
            if isinstance(event, (*ev.HISTORY_TYPES, ev.TemplateSaved)) or event.batch in undone:
                continue
            return event.batch
        return None

    def redo_target(self) -> int | None:
        """The batch 'redo' would restore: the last undone since the last new command."""
        stack: list[int] = []
        for event in self.events:
            if isinstance(event, ev.HistoryUndone):
                stack.append(event.target)
            elif isinstance(event, ev.HistoryRedone):
                if event.target in stack:
                    stack.remove(event.target)
            elif event.seq == event.batch:
                stack.clear()
        return stack[-1] if stack else None

    def describe_batch(self, batch: int) -> str:
        """The first log line of a batch, for 'undid …' messages."""
        texts = [e.text for e in self.events if e.batch == batch and e.text]
        summary = "; ".join(texts) or f"command {batch}"
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


def _refused_for(name: str, err: RuleError) -> RuleError:
    """The refusal of one target of a command naming several: it names the target and
    says that nobody was touched (``name`` empty: the command had one target)."""
    if not name:
        return err
    said = str(err) if name.casefold() in str(err).casefold() else f"{name}: {err}"
    return RuleError(f"{said} — so nobody was touched")
