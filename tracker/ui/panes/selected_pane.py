"""A pane that draws something about the selected combatant (the body chart, the status).

It redraws once per change of state or selection, before the screen refreshes, and
again when the theme changes; subclasses give ``compose`` and ``redraw``.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.theme import Theme

from tracker.core.model import EncounterState
from tracker.rules.base import Ruleset
from tracker.ui.panes.styling import forget_styles


class SelectedPane(VerticalScroll, can_focus=True):
    """Base of panes drawn from the state and the selected slot."""

    ALLOW_MAXIMIZE = True

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The encounter shown."""

    selected: reactive[str] = reactive("", repaint=False)
    """The slot whose details are drawn."""

    def __init__(self, rules: Ruleset | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rules = rules
        self._drawn: tuple[EncounterState | None, str] = (None, "")
        self._pending = False

    def watch_state(self) -> None:
        """Redraw for a new state."""
        self._redraw_soon()

    def watch_selected(self) -> None:
        """Redraw for another combatant."""
        self._redraw_soon()

    def _redraw_soon(self) -> None:
        """Redraw once the current message is handled (so a new state and a new
        selection arriving together draw once), before the screen refreshes."""
        if not self._pending:
            self._pending = True
            self.call_next(self._redraw_if_changed)

    def flush(self) -> None:
        """Draw now what is waiting to be drawn (the app calls this once a command's
        state and selection are both in, so the pane is in the same frame as the rest)."""
        if self._pending:
            self._redraw_if_changed()

    def _redraw_if_changed(self) -> None:
        self._pending = False
        state, slot = self._drawn
        if state is not self.state or slot != self.selected:
            self._drawn = (self.state, self.selected)
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
