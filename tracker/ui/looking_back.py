"""Looking back: the whole board as it stood at the start of an earlier turn, read-only.

``v`` goes back to the turn before this one, ``[`` and ``]`` step a turn earlier or
later, ``v`` or Esc (or stepping past the last turn) returns to the fight. While looking
back every command is refused with a sentence, and the header says which turn is shown.
GMs use it to settle "was I already burning then?".
"""

from __future__ import annotations

from pathlib import Path

from tracker.core.model import EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.rewind import Moment, board_at, moments
from tracker.ui.outcome import Outcome
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.table_app import TableApp
from tracker.ui.themes import ThemeShelf

LOOK_ACTIONS = ("look_back", "look_step", "look_done")
"""The keys of looking back (the only ones besides selection, zoom, help and quit that
apply while looking back)."""
STILL_OFFERED = ("select", "zoom", "body_chart", "help", "quit", "next_theme", *LOOK_ACTIONS)


class LookingBackApp(TableApp):
    """A table app that can show an earlier turn's board instead of the present one."""

    def __init__(
        self, path: Path, dice: DiceLike | None = None, *, shelf: ThemeShelf | None = None
    ) -> None:
        super().__init__(path, dice, shelf=shelf)
        self.looking_at: Moment | None = None
        self._moments: list[Moment] = []

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

    def look_at(self, moment: Moment) -> None:
        """Show the board at ``moment``."""
        if self.play is None:
            return
        encounter = self.play.encounter
        self.looking_at = moment
        self._moments = self.turn_moments()
        self._show_board(board_at(encounter.initial, encounter.events, moment), moment)

    def _show_board(self, board: EncounterState, moment: Moment) -> None:
        self.freeze_keys(True)
        header = self.query_one(EncounterHeader)
        index = self._moments.index(moment) + 1 if moment in self._moments else 0
        header.looking_back = f"{moment.label} ({index} of {len(self._moments)})"
        self.query_one(LogPane).look_until(moment.seq)
        self.state = board
        self.selected = moment.who
        self.offer_keys()

    def action_look_back(self) -> None:
        """Show the turn before this one (again: back to the fight)."""
        if self.looking_back:
            self.action_look_done()
            return
        found = self.turn_moments()
        if not found:
            self.report(Outcome(False, "no turn to look back at yet — start the fight first"))
            return
        self.look_at(found[-2] if len(found) > 1 else found[-1])

    def action_look_step(self, step: int) -> None:
        """A turn earlier (-1) or later (1); past the last turn, back to the fight."""
        if self.looking_at is None or self.looking_at not in self._moments:
            return
        index = self._moments.index(self.looking_at) + step
        if index >= len(self._moments):
            self.action_look_done()
        elif index >= 0:
            self.look_at(self._moments[index])

    def action_look_done(self) -> None:
        """Back to the fight as it stands."""
        if self.looking_at is None or self.play is None:
            return
        self.looking_at = None
        self.freeze_keys(False)
        self.query_one(EncounterHeader).looking_back = ""
        self.query_one(LogPane).look_until(None)
        self._show(self.play.encounter.state)
        self.report(Outcome(True, "back to the fight"))

    def freeze_keys(self, frozen: bool) -> None:
        """Keep the reminder keys as they are while the past is shown (the app has them)."""

    def refuse_while_looking(self) -> Outcome | None:
        """The refusal for a command typed while looking back (None when not looking)."""
        if self.looking_at is None:
            return None
        return Outcome(False, f"looking back at {self.looking_at.label} — Esc returns to the fight")
