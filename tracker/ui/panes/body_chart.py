"""The body chart pane: the selected combatant's locations, or their tracks.

Drawn from the ruleset's ``body()`` (a figure with wound pools, armour and injury
marks, then the injuries in force with their chart text). A ruleset without locations
gives ``track_views()`` instead (Shock and Wounds, Health and Stress …), drawn as bars.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult

from tracker.core.model import Combatant, slot_owner
from tracker.rules.base import Ruleset, TrackView
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.figure import (
    BAR_CELLS,
    as_fallen,
    bar_cells,
    draw_figure,
    figure_scale,
    track_bar,
)
from tracker.ui.panes.selected_pane import SelectedPane
from tracker.ui.panes.styling import solid_style
from tracker.ui.panes.titles import retitle


class BodyChart(SelectedPane):
    """The selected combatant's body (or tracks) and injuries."""

    COMPONENT_CLASSES = {
        "body--ok",
        "body--hurt",
        "body--bad",
        "body--down",
        "body--frame",
        "body--heading",
        "body--lethal",
    }

    def compose(self) -> ComposeResult:
        """One Static holding the drawing."""
        yield Drawing(id="body-drawing", centred=True)

    @property
    def fighter(self) -> Combatant | None:
        """The combatant drawn, if any."""
        state, slot = self.state, self.selected
        if state is None or not slot or slot_owner(slot) not in state.combatants:
            return None
        return state.combatant(slot)

    def shown(self) -> tuple[object, ...]:
        """The drawing is the selected combatant's alone."""
        return (self.rules, self.fighter)

    def redraw(self) -> None:
        """Draw the figure or the tracks, then the injuries."""
        if not self.is_mounted:
            return
        drawing = self.query_one("#body-drawing", Drawing)
        fighter = self.fighter
        if fighter is None or self.rules is None:
            retitle(self, "Body")
            drawing.draw([Text("select a combatant (j/k)", style="italic")])
            return
        # The name heads the drawing: a title that changed at every turn would repaint
        # the border at every turn.
        retitle(self, "Body")
        rules = self.rules
        drawing.draw(self.lines(fighter, rules), lambda room: self.lines(fighter, rules, room))

    def _styles(self) -> dict[str, Style]:
        names = ("ok", "hurt", "bad", "down", "frame", "heading", "lethal")
        return {name: solid_style(self, f"body--{name}") for name in names}

    def lines(self, fighter: Combatant, rules: Ruleset, room: int | None = None) -> list[Text]:
        """Every line of the drawing, top to bottom: whose body it is, the figure (or the
        tracks), the injuries; for ``room`` cells (None: the pane's width now)."""
        styles = self._styles()
        views = rules.body(fighter)
        room = self.scrollable_content_region.width if room is None else room
        if views:
            lines = draw_figure(views, styles, figure_scale(room) if room > 0 else 1.0)
        else:
            tracks = as_fallen(rules.track_views(fighter), fighter.status)
            lines = [track_bar(view, styles, self._bar(view, room)) for view in tracks]
            if not lines:
                lines = [Text(rules.summary(fighter) or "nothing to draw", styles["frame"])]
        name = Text(fighter.name, styles["heading"], no_wrap=True, overflow="ellipsis")
        return [name, *lines, *self._injuries(fighter, styles)]

    @staticmethod
    def _bar(view: TrackView, room: int) -> int:
        return bar_cells(view, room) if room > 0 else BAR_CELLS

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
