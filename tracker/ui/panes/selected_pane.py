"""A pane that draws something about the selected combatant (the body chart, the status).

The app hands it the state and the selection together (``present``), once per command,
so it draws once per change of either; it draws again when the theme changes.
Subclasses give ``compose`` and ``redraw``.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.theme import Theme

from tracker.core.model import EncounterState
from tracker.rules.base import Ruleset
from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.styling import forget_styles


class SelectedPane(VerticalScroll, KeptPaint, can_focus=True):
    """Base of panes drawn from the state and the selected slot."""

    ALLOW_MAXIMIZE = True

    def __init__(self, rules: Ruleset | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rules = rules
        self.state: EncounterState | None = None
        """The encounter shown."""
        self.selected = ""
        """The slot whose details are drawn."""
        self._room = Size(0, 0)
        self._shown: tuple[object, ...] | None = None

    def present(self, state: EncounterState | None, selected: str) -> None:
        """Show ``selected`` in ``state``: drawn again only if either changed, and what
        the drawing is made of (``shown``) with it."""
        if state is not self.state or selected != self.selected:
            self.state, self.selected = state, selected
            shown = self.shown()
            if shown is None or shown != self._shown:
                self._shown = shown
                self.redraw()

    def shown(self) -> tuple[object, ...] | None:
        """Everything the drawing is made of in the state and the selection (the same
        again: not drawn again); None: drawn at every new state (subclasses say)."""
        return None

    def on_resize(self) -> None:
        """Draw again for a new room (a new width wraps the lines, a new screen size may
        change what is shown, a scrollbar takes a column); a drawing grown taller only
        scrolls, so that alone draws nothing again."""
        room = self.scrollable_content_region.size
        if room != self._room:
            self._room = room
            self.redraw()

    def on_mount(self) -> None:
        """Draw again when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def _restyle(self) -> None:
        forget_styles()
        self.redraw()

    def redraw(self) -> None:
        """Rebuild the drawing from the state (subclasses draw)."""
        raise NotImplementedError
