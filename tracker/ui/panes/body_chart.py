"""The body chart pane: the selected combatant's locations, or their tracks.

Drawn from the ruleset's ``body()`` (a figure with wound pools, armour and injury
marks, then the injuries in force with their chart text). A ruleset without locations
gives ``track_views()`` instead (Shock and Wounds, Health and Stress …), drawn as bars.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.theme import Theme

from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.rules.base import Ruleset
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.figure import draw_figure, track_bar
from tracker.ui.panes.styling import forget_styles, solid_style


class BodyChart(VerticalScroll, can_focus=False):
    """The selected combatant's body (or tracks) and injuries."""

    COMPONENT_CLASSES = {"body--ok", "body--hurt", "body--bad", "body--down", "body--frame",
                         "body--heading", "body--lethal"}

    state: reactive[EncounterState | None] = reactive(None, always_update=True, repaint=False)
    """The encounter shown."""

    selected: reactive[str] = reactive("", repaint=False)
    """The slot whose body is drawn."""

    def __init__(self, rules: Ruleset | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rules = rules
        self._drawn: tuple[EncounterState | None, str] = (None, "")

    def compose(self) -> ComposeResult:
        """One Static holding the drawing."""
        yield Drawing(id="body-drawing")

    def watch_state(self) -> None:
        """Redraw for a new state."""
        self._redraw_soon()

    def watch_selected(self) -> None:
        """Redraw for another combatant."""
        self._redraw_soon()

    def _redraw_soon(self) -> None:
        """Redraw now (before the screen refreshes), unless nothing it shows changed."""
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

    @property
    def fighter(self) -> Combatant | None:
        """The combatant drawn, if any."""
        state, slot = self.state, self.selected
        if state is None or not slot or slot_owner(slot) not in state.combatants:
            return None
        return state.combatant(slot)

    def redraw(self) -> None:
        """Draw the figure or the tracks, then the injuries."""
        if not self.is_mounted:
            return
        drawing = self.query_one("#body-drawing", Drawing)
        fighter = self.fighter
        if fighter is None or self.rules is None:
            self.border_title = "Body"
            drawing.draw([Text("select a combatant (j/k)", style="italic")])
            return
        self.border_title = f"Body · {fighter.name}"
        drawing.draw(self.lines(fighter, self.rules))

    def _styles(self) -> dict[str, Style]:
        names = ("ok", "hurt", "bad", "down", "frame", "heading", "lethal")
        return {name: solid_style(self, f"body--{name}")
                for name in names}

    def lines(self, fighter: Combatant, rules: Ruleset) -> list[Text]:
        """Every line of the drawing, top to bottom."""
        styles = self._styles()
        views = rules.body(fighter)
        if views:
            lines = draw_figure(views, styles)
        else:
            lines = [track_bar(view, styles) for view in rules.track_views(fighter)]
            if not lines:
                lines = [Text(rules.summary(fighter) or "nothing to draw", styles["frame"])]
        return [*lines, *self._injuries(fighter, styles)]

    def _injuries(self, fighter: Combatant, styles: dict[str, Style]) -> list[Text]:
        if not fighter.injuries:
            return []
        lines = [Text(""), Text("Injuries", styles["heading"])]
        for injury in fighter.injuries:
            line = Text(f"{injury.location.capitalize()} {injury.score} · ", styles["frame"])
            line.append(injury.name, styles["lethal"] if injury.lethal else styles["bad"])
            if injury.lethal:
                line.append(" (lethal)", styles["lethal"])
            if injury.effect:
                line.append(f" — {injury.effect}")
            lines.append(line)
        return lines
