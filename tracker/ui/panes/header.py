"""The header line: title · ruleset · round · whose turn · file · saved."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.theme import Theme
from textual.widgets import Static

from tracker.core.flow import name_of
from tracker.core.model import EncounterState
from tracker.rules.base import Ruleset
from tracker.ui.panes.styling import forget_styles, solid_style


class EncounterHeader(Static):
    """One line saying where the fight stands and that every event is on disk."""

    COMPONENT_CLASSES = {"header--title", "header--saved", "header--busy"}

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The encounter shown."""

    file_name: reactive[str] = reactive("", repaint=False)
    """The encounter file's name."""

    ruleset_title: reactive[str] = reactive("", repaint=False)
    """The ruleset's id, as the file names it."""

    busy: reactive[str] = reactive("", repaint=False)
    """What is keeping the tracker busy (opening, replaying …), empty when idle."""

    rules: Ruleset | None = None
    """The encounter's ruleset: it may add parts to the line (Glory, Stretch …)."""

    def on_mount(self) -> None:
        """Redraw when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def _restyle(self) -> None:
        forget_styles()
        self.show()

    def watch_state(self) -> None:
        """Say the new round and turn."""
        self.show()

    def on_resize(self) -> None:
        """Fit the line to the new width."""
        self.show()

    def watch_busy(self) -> None:
        """Show or clear the busy note."""
        self.show()

    def watch_file_name(self) -> None:
        """Show the file name."""
        self.show()

    def show(self) -> None:
        """Compose the line: where the fight stands on the left, file and "saved" on the
        right (the left part gives way when the line is too long)."""
        state = self.state
        if state is None:
            self.update(
                Text(
                    f"tracker · {self.busy or 'opening'} {self.file_name}…",
                    no_wrap=True,
                    overflow="ellipsis",
                ),
                layout=False,
            )
            return
        left = Text(no_wrap=True, overflow="ellipsis", end="")
        left.append(state.title or "Encounter", solid_style(self, "header--title"))
        extra = self.rules.header_parts(state) if self.rules is not None else []
        for part in (self.ruleset_title or state.ruleset, *where(state), *extra):
            left.append(f" · {part}")
        right = Text(f" · {self.file_name} · ", no_wrap=True, end="")
        if self.busy:
            right.append(f"{self.busy}…", solid_style(self, "header--busy"))
        else:
            right.append("saved ✓", solid_style(self, "header--saved"))
        room = max(8, self.size.width - right.cell_len) if self.size.width else left.cell_len
        left.truncate(room, overflow="ellipsis")
        self.update(left + right, layout=False)


def where(state: EncounterState) -> list[str]:
    """``["Round 3", "Unit-01's turn"]`` (or "not started" / "the fight is over")."""
    if state.phase == "setup":
        return ["not started"]
    if state.phase == "ended":
        return [f"over after round {state.round}"]
    parts = [f"Round {state.round}"]
    if state.current:
        parts.append(f"{name_of(state, state.current)}'s turn")
    return parts
