"""One initiative row as the order pane draws it (``MARK INIT NAME SUMMARY BADGES``, fitted
by ``row_fit``), and the rows as the pane last built them (:class:`Built`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from tracker.core.model import Combatant, EncounterState
from tracker.export.cells import pad_cells
from tracker.rules.base import Ruleset
from tracker.ui.panes.order_rows import Row, RowFacts, health, initiative_text, shown_name
from tracker.ui.panes.row_fit import LEAD, FittedRow, fit_row


def row_line(
    state: EncounterState,
    row: Row,
    facts: RowFacts,
    rules: Ruleset,
    widths: tuple[int, int],
    styles: dict[str, Style],
) -> Text:
    """The row's line: ``widths`` is the name column's and the pane's; ``styles`` the
    pane's row styles by short name (``mark``, ``pc``, ``badge`` …)."""
    column, width = widths
    fighter = facts.fighter
    room = width - LEAD - column - 1
    fitted = fit_row(shown_name(fighter, row.slot), facts.parts, facts.held, room, column)
    line = Text(no_wrap=True, end="")
    line.append(f"{row.mark} ", styles["mark"])
    line.append(f"{initiative_text(state, row.slot, rules):>3} ", styles["value"])
    line.append_text(_name(fighter, fitted.name, column, styles))
    line.append(" ")
    line.append(fitted.summary, styles.get(health(rules, fighter), ""))
    _append_badges(line, fitted, styles)
    if row.mark in ("✓", "✝", "↓"):
        line.stylize(styles["acted"] if row.mark == "✓" else styles["out"])
    return line


@dataclass(frozen=True)
class Built:
    """The initiative's lines as last built, with what they were built from."""

    key: tuple[object, ...]
    rows: tuple[Row, ...]
    fighters: tuple[Combatant, ...]
    state: EncounterState
    lines: list[Text | None]
    """Each row's line (None: not built yet; built when shown, ``make_line``)."""

    @property
    def initiative(self) -> Mapping[str, float]:
        """The initiative the lines were built with."""
        return self.state.initiative


def _append_badges(line: Text, fitted: FittedRow, styles: dict[str, Style]) -> None:
    for shown in fitted.badges:
        line.append(" ")
        line.append(shown, styles["badge"])
    if fitted.more:
        line.append(fitted.more, styles["more"])


def _name(fighter: Combatant, name: str, column: int, styles: dict[str, Style]) -> Text:
    style = styles.get(fighter.side, styles["neutral"])
    if fighter.status == "dead":
        style += Style(strike=True)
    return Text(pad_cells(name, column), style=style)
