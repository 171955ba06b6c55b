"""Looking back: the whole board as it stood at the start of an earlier turn, read-only.

``v`` goes back to the turn before this one, ``[`` and ``]`` step a turn earlier or
later, ``v`` or Esc (or stepping past the last turn) returns to the fight. While looking
back every command is refused with a sentence (the session says so), and the header
says which turn is shown. GMs use it to settle "was I already burning then?".
"""

from __future__ import annotations

from tracker.core.outcome import Outcome
from tracker.core.rewind import Moment
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.log_pane import LogPane
from tracker.ui.table_host import TableHost
from tracker.ui.table_screen import TableScreen


class LookingBack:
    """Shows the app's session's earlier turns on the table's screen."""

    def __init__(self, host: TableHost, table: TableScreen) -> None:
        self.host = host
        self.table = table

    def look_at(self, moment: Moment) -> None:
        """Show the board at ``moment``."""
        board = self.host.session.look_at(moment)
        if board is None:
            return
        self.table.reminder_keys.frozen = True
        place = self.host.session.place(moment)
        self.table.query_one(EncounterHeader).looking_back = place
        # the last command's words were about the fight as it stands, not this board
        self.table.query_one(CommandBar).say(
            f"looking back at {place}: read-only — [ ] step, Esc back"
        )
        self.table.query_one(LogPane).look_until(moment.seq)
        self.host.state = board
        self.host.selected = moment.who
        self.table.offer_keys()

    def back(self) -> None:
        """Show the turn before this one (again: back to the fight)."""
        if self.host.session.looking_back:
            self.done()
            return
        moment = self.host.session.look_back()
        if moment is None:
            self.host.report(Outcome(False, "no turn to look back at yet — start the fight first"))
            return
        self.look_at(moment)

    def step(self, step: int) -> None:
        """A turn earlier (-1) or later (1); past the last turn, back to the fight."""
        moment = self.host.session.stepped(step)
        if moment is None:
            self.done()
        elif moment != self.host.session.looking_at:
            self.look_at(moment)

    def done(self) -> None:
        """Back to the fight as it stands."""
        session = self.host.session
        if not session.looking_back or session.play is None:
            return
        session.look_done()
        self.table.reminder_keys.frozen = False
        self.table.query_one(EncounterHeader).looking_back = ""
        self.table.query_one(LogPane).look_until(None)
        self.host.show(session.play.encounter.state)
        self.host.report(Outcome(True, "back to the fight"))
