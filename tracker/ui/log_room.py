"""The log gives way to what the GM must act on.

On a short screen the status pane may need more rows than it has for the open
reminders, their keys and the selected combatant's name and tracks (none of which is
ever cut). The log's frame then gives up rows, as many as are missing, down to its
newest line, or its whole frame; it takes them back as soon as they are free again. From
a screen of ``TALL`` rows (120x36, 200x50) it also gives the rows that show each track's
note whole (``Injuries 0/3 incapacitated above 3``) and the ailments held, as many as it
can spare down to its newest line; a short screen (80x24) keeps its log.
When the whole log is not enough either, the screen is marked ``-crowded`` and the
stylesheet gives the status pane more width (fewer rows for the same words); that mark
goes once a whole log's rows are to spare, so the width does not flicker back and forth.
"""

from __future__ import annotations

from textual.widget import Widget

SMALLEST = 3
"""The log's frame at its smallest shown: a border above and below its newest line."""


TALL = 30
"""From this many rows (the stylesheet's ``-medium`` and ``-tall`` screens: 120x36 and
up) the log gives rows for the tracks' notes too."""


class LogRoom:
    """The rows taken from the log's frame for the status pane."""

    def __init__(self) -> None:
        self.taken = 0
        """Rows taken now (0: the frame has the height the stylesheet gives it)."""
        self.base = 0
        """The frame's height before any was taken."""

    def give(self, frame: Widget, shortfall: int, whole: int = 0) -> None:
        """The status pane misses ``shortfall`` rows (zero or less: it has enough), and
        ``whole`` rows to show what the GM must read of the selected one whole: those
        are given too from a medium screen up, as many as the log can spare down to its
        newest line, never on a short one."""
        if not self.taken:
            self.base = frame.outer_size.height
        laid_out = self._laid_out(frame)
        wanted = laid_out + shortfall
        screen = frame.screen
        if wanted > self.base:
            screen.add_class("-crowded")
        elif wanted + self.base <= 0:
            screen.remove_class("-crowded")
        if screen.size.height >= TALL:  # as many as it can spare, down to its newest line
            wanted = max(wanted, min(laid_out + whole, self.base - SMALLEST))
        taken = max(0, min(self.base, wanted))
        if taken and self.base - taken < SMALLEST:
            taken = self.base
        if taken == self.taken:
            return
        self.taken = taken
        frame.display = taken < self.base
        frame.styles.height = self.base - taken if taken else None

    def _laid_out(self, frame: Widget) -> int:
        """The rows taken in the layout the status pane measured its room in: a redraw
        between a give and the next layout still counts in the old room, so a shortfall
        is never added to rows it already had."""
        shown = frame.region.height
        return self.base - shown if shown or not frame.display else self.taken

    def reset(self, frame: Widget) -> None:
        """A new screen size: the stylesheet's height again (the pane asks anew)."""
        frame.screen.remove_class("-crowded")
        if self.taken:
            self.taken = 0
            frame.display = True
            frame.styles.height = None
