"""The encounter at the table, without a screen: the open file, commands run on it,
undo and redo (long ones replayed off the screen's way), and looking back at an earlier
turn. The TUI's App holds one and draws what it says; tests drive it without Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.core.dice import ScriptedDice
from tracker.core.dice_expr import DiceError
from tracker.core.errors import Answer, RulesetFault, TrackerError, one_line
from tracker.core.events import HISTORY_TYPES
from tracker.core.hidden_names import HiddenNamed
from tracker.core.model import EncounterState
from tracker.core.outcome import Outcome
from tracker.core.protocol import DiceLike, Verb
from tracker.core.rewind import Moment, board_at, moments
from tracker.core.roles import role_verb
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile
from tracker.store.errors import JournalError

if TYPE_CHECKING:
    from tracker.store.read_ahead import ReadAhead

REPLAY_IN_WORKER_AFTER = 3000
"""Journals longer than this replay undo and redo off the screen's way."""

Meanwhile = Callable[[EncounterState], object]
"""Shown the new state before the disk syncs it (the screen draws it, then calls
``TableSession.finish_saving``)."""


@dataclass(frozen=True)
class Ran:
    """What running a line did: its outcome, whether it ended the fight, and the line
    to run if the GM says yes to ``question`` (a hidden name about to be shown)."""

    outcome: Outcome
    ended: bool = False
    question: str = ""
    anyway: str = ""


class TableSession:
    """One encounter file in play: commands, undo and redo, replay, look-back."""

    def __init__(self, path: Path, dice: DiceLike) -> None:
        self.path = path
        self.dice = dice
        self.play: EncounterFile | None = None
        self.replay_in_worker_after = REPLAY_IN_WORKER_AFTER
        self.looking_at: Moment | None = None
        self.moments: list[Moment] = []
        self._history: tuple[int, str, str] = (-1, "", "")
        self._ahead: ReadAhead | None = None

    def read_ahead(self) -> None:
        """Begin reading the file's newest snapshot in another process, for :meth:`open`
        to take if the file is then as it was read (:mod:`tracker.store.read_ahead`)."""
        from tracker.store.read_ahead import ReadAhead

        self._ahead = ReadAhead.start(self.path)

    # --- the file -------------------------------------------------------------------

    def open(self, *, settle: bool = True) -> EncounterFile:
        """Open (and lock) the file; TrackerError or OSError when it cannot be played.
        ``settle`` False: commands wait for :meth:`settle` (the rest of opening, done while
        the fight is already on screen; the events before a snapshot are not read ahead
        until then: a thread reading them would hold those few writes up for some 45 ms)."""
        ahead, self._ahead = self._ahead, None
        try:
            self.play = EncounterFile(self.path, settle=settle, ahead=ahead)
        finally:
            if ahead is not None:
                ahead.close()
        if not settle and self.play.loaded.earlier is not None:
            self.play.loaded.earlier.hold()
        return self.play

    def settle(self) -> None:
        """Finish opening the file (``EncounterFile.settle``): commands may run, and the
        events before a snapshot may be read ahead."""
        if self.play is not None:
            self.play.settle()
            if self.play.loaded.earlier is not None:
                self.play.loaded.earlier.release()

    def close(self) -> None:
        """Release the file and its lock (and give up a reading ahead not taken)."""
        if self._ahead is not None:
            self._ahead.close()
            self._ahead = None
        if self.play is not None:
            self.play.close()
            self.play = None

    @property
    def state(self) -> EncounterState | None:
        """The state of the fight as it stands (None before the file is open)."""
        return self.play.encounter.state if self.play is not None else None

    @property
    def rules(self) -> Ruleset | None:
        """The encounter's ruleset, once the file is open."""
        return self.play.rules if self.play is not None else None

    def rules_or_fail(self) -> Ruleset:
        """The ruleset; TrackerError while the file is still opening."""
        if self.play is None:
            raise TrackerError("the encounter is still opening")
        return self.play.rules

    @property
    def verbs(self) -> Mapping[str, Verb]:
        """Every command this encounter understands."""
        return self.play.encounter.verbs if self.play is not None else {}

    def role_verb(self, role: str) -> Verb | None:
        """The encounter's verb playing ``role`` (``tracker.core.roles``), if any."""
        return role_verb(self.verbs, role)

    # --- undo and redo --------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether there is a command to take back (a short look from the end)."""
        return self.play is not None and self.play.encounter.undo_target() is not None

    def can_redo(self) -> bool:
        """Whether there is something to restore: only right after undo or redo."""
        if self.play is None:
            return False
        last = next(self.play.encounter.newest_first(), None)
        return isinstance(last, HISTORY_TYPES) and self.play.encounter.redo_target() is not None

    def undo_redo(self) -> tuple[str, str]:
        """What undo and redo would take back or restore now (``""``: nothing)."""
        if self.play is None:
            return "", ""
        encounter = self.play.encounter
        seq = encounter.count
        if self._history[0] != seq:
            undo = encounter.undo_target()
            redo = encounter.redo_target() if self.can_redo() else None
            self._history = (
                seq,
                encounter.describe_batch(undo) if undo else "",
                encounter.describe_batch(redo) if redo else "",
            )
        return self._history[1], self._history[2]

    # --- running commands -----------------------------------------------------------

    def refusal(self, busy: str = "") -> Outcome | None:
        """Why no command can run now (opening, busy, looking back), or None."""
        if self.play is None or busy or not self.play.settled:
            return Outcome(False, f"one moment — {busy or 'opening'} the encounter")
        return self.refuse_while_looking()

    def refused(self, line: str) -> str | None:
        """Why ``line`` would be refused now (the palette offers only what runs): it is
        decided against the fight as it stands and kept nowhere. None when it would run,
        would ask first, or rolls dice (only running it tells the rest)."""
        if self.play is None:
            return "the encounter is still opening"
        try:
            self.play.encounter.decide(line, ScriptedDice(()))
        except (Answer, HiddenNamed, RulesetFault, DiceError):
            return None
        except TrackerError as err:
            return one_line(err)
        return None

    def replays_long(self, line: str) -> bool:
        """Whether ``line`` is an undo or redo of a journal long enough to replay in a
        worker, off the screen's way."""
        words = line.strip().lstrip(":").split()
        return (
            self.play is not None
            and bool(words)
            and words[0].casefold() in ("undo", "redo")
            and self.play.encounter.count > self.replay_in_worker_after
        )

    @property
    def saving(self) -> bool:
        """Whether the last command still waits for its fsync (``run`` with
        ``meanwhile``): :meth:`finish_saving` once its frame is painted."""
        return self.play is not None and self.play.saving

    def finish_saving(self) -> Outcome | None:
        """Return once the last command is on disk; if its fsync failed, the refusal to
        show (the command is taken back from the file and the fight: draw the state)."""
        if self.play is None:
            return None
        try:
            self.play.finish_saving()
        except JournalError as err:
            return Outcome(False, one_line(err))
        return None

    def run(self, line: str, meanwhile: Meanwhile | None = None) -> Ran:
        """Run one command line now (``refusal`` checked first by the caller). With
        ``meanwhile``, it returns as the disk syncs the command: the caller paints the
        state ``meanwhile`` was shown, then calls :meth:`finish_saving`."""
        assert self.play is not None
        play = self.play
        was_over = play.encounter.state.phase == "ended"
        try:
            events = play.execute(line, self.dice, meanwhile=meanwhile)
        except JournalError as err:  # not saved, so taken back: draw what stands
            if meanwhile is not None:
                meanwhile(play.encounter.state)
            return Ran(Outcome(False, one_line(err)))
        except Answer as answer:  # asked, not changed: shown under the bar, not recorded
            return Ran(Outcome(True, " · ".join(answer.lines)))
        except HiddenNamed as err:  # ask before a hidden name reaches the players
            return Ran(Outcome(False, one_line(err)), question=err.question, anyway=err.anyway)
        except TrackerError as err:
            return Ran(Outcome(False, one_line(err)))
        ended = not was_over and play.encounter.state.phase == "ended"
        return Ran(Outcome(True, "; ".join(e.text for e in events if e.text) or line), ended)

    def replay(self, line: str) -> Outcome:
        """Run an undo or redo of a long journal (in a worker thread: nothing else runs)."""
        assert self.play is not None
        try:
            events = self.play.execute(line, self.dice)
        except TrackerError as err:
            return Outcome(False, one_line(err))
        return Outcome(True, "; ".join(e.text for e in events if e.text))

    def prepare_snapshot(self) -> bool:
        """Build the journal's due snapshot now (the GM has paused), so that the next
        command writes it without building it (``EncounterFile.prepare_snapshot``); not
        while the file is still opening."""
        return self.play is not None and self.play.settled and self.play.prepare_snapshot()

    # --- looking back ---------------------------------------------------------------

    @property
    def looking_back(self) -> bool:
        """Whether an earlier turn is on the screen."""
        return self.looking_at is not None

    def turn_moments(self) -> list[Moment]:
        """Every turn start of the fight so far."""
        if self.play is None:
            return []
        encounter = self.play.encounter
        return moments(encounter.initial, encounter.events)

    def look_at(self, moment: Moment) -> EncounterState | None:
        """The board at ``moment``, which is now the one looked at (None: not open)."""
        if self.play is None:
            return None
        encounter = self.play.encounter
        self.looking_at = moment
        self.moments = self.turn_moments()
        return board_at(encounter.initial, encounter.events, moment)

    def place(self, moment: Moment) -> str:
        """Where ``moment`` is among the turns: ``Round 2 · Ann's turn (3 of 7)``."""
        index = self.moments.index(moment) + 1 if moment in self.moments else 0
        return f"{moment.label} ({index} of {len(self.moments)})"

    def look_back(self) -> Moment | None:
        """The turn before this one (the only one in round 1's first turn), or None."""
        found = self.turn_moments()
        if not found:
            return None
        return found[-2] if len(found) > 1 else found[-1]

    def stepped(self, step: int) -> Moment | None:
        """The turn ``step`` turns from the one looked at; None past the last turn (back
        to the fight); the one looked at itself before the first."""
        if self.looking_at is None or self.looking_at not in self.moments:
            return self.looking_at
        index = self.moments.index(self.looking_at) + step
        if index >= len(self.moments):
            return None
        return self.moments[index] if index >= 0 else self.looking_at

    def look_done(self) -> None:
        """Back to the fight as it stands."""
        self.looking_at = None

    def refuse_while_looking(self) -> Outcome | None:
        """The refusal for a command typed while looking back (None when not looking)."""
        if self.looking_at is None:
            return None
        return Outcome(False, f"looking back at {self.looking_at.label} — Esc returns to the fight")
