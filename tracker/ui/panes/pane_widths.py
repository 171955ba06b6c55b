"""How wide the initiative pane is: as wide as its rows ask (names whole, then the long
forms), within what the body chart and the status pane need beside it.

The rows ask again only when the roster changes (``InitiativePane.asked``), not at every
turn; the frame's width is worked out when Textual lays the screen out (a resize, or the
pane asking for more or less room). Below 120 columns the body chart gives way and the
stylesheet shares the width (``tracker.tcss``); z (maximize) fills the screen.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.geometry import Size

from tracker.ui.panes.figure import FIGURE_WIDTH
from tracker.ui.panes.frame import PaneFrame

CHROME = 4
"""The frame's border and padding, left and right."""
LEAST = 40
"""The initiative frame's least width from 120 columns."""
STATUS_CELLS = 38
"""The status pane's width from 120 to 159 columns (``tracker.tcss``)."""
BODY_CELLS = FIGURE_WIDTH + CHROME + 1
"""The body pane's least width for a figure at its designed size, with its frame and a
scrollbar (a long list of injuries under the figure makes the pane scroll)."""
FLAT_BODY_CELLS = 30
"""The body pane's least width for tracks only (a ruleset without locations)."""
NARROW = 120
"""Below this the body chart gives way and the stylesheet shares the width."""
NARROW_LEAST = 34
"""The initiative frame's least width below 120 columns (``tracker.tcss``)."""
WIDE = 160
"""From here the body and status panes share what is left (3:2)."""
WIDE_SHARE = 0.4
"""The most of a wide screen the initiative pane takes beside a body figure (beside
tracks only, it may take all but what the tracks and the status pane need)."""


def initiative_cells(screen: int, rows: int, flat: bool) -> int:
    """The initiative frame's width on a screen ``screen`` cells wide, for rows asking
    ``rows`` cells: what they ask, within what the body (``flat``: tracks only) and the
    status pane keep, and never under ``LEAST``."""
    if screen < WIDE:
        body = FLAT_BODY_CELLS if flat else BODY_CELLS
        most = screen - STATUS_CELLS - body
    elif flat:  # tracks only: the body pane needs no more than below 160 columns
        most = max(int(screen * WIDE_SHARE), screen - STATUS_CELLS - FLAT_BODY_CELLS)
    else:
        most = int(screen * WIDE_SHARE)
    return max(LEAST, min(rows + CHROME, most))


def crowded_cells(screen: int, whole: int) -> int:
    """The initiative frame's width below 120 columns while reminders crowd the status
    pane (it takes the rest): as wide as whole names ask (``whole``: ``whole_cells``),
    from ``NARROW_LEAST`` to half the screen."""
    return max(NARROW_LEAST, min(whole + CHROME, screen // 2))


@runtime_checkable
class AsksRoom(Protocol):
    """The pane in the frame: the cells its rows ask for, and whether it has no figures."""

    asked: int
    whole: int
    flat: bool


class InitiativeFrame(PaneFrame):
    """The initiative pane's frame, as wide as its rows ask (``initiative_cells``)."""

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The width inside the border and padding, on a screen ``viewport`` wide (the
        panes fill its width; ``container`` is already less this frame's own border)."""
        return self.content_cells(viewport.width)

    def content_cells(self, screen: int) -> int:
        """The width inside the border and padding on a screen ``screen`` cells wide."""
        pane = self.children[0] if self.children else None
        if not isinstance(pane, AsksRoom):
            return initiative_cells(screen, 0, False) - CHROME
        if screen < NARROW:  # crowded (the only narrow layout sized by the rows)
            return crowded_cells(screen, pane.whole) - CHROME
        return initiative_cells(screen, pane.asked, pane.flat) - CHROME

    def sized_by_rows(self) -> bool:
        """Whether the stylesheet leaves the width to the rows (from 120 columns, or
        below while reminders crowd the status pane; not zoomed): then ``content_cells``
        is the width the next layout gives."""
        width = self.styles.width
        return width is not None and width.is_auto
