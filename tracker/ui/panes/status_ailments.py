"""The status pane's ailment lines: a line per category of the ruleset's catalogue that
holds something, with a badge per condition held (``Physical:  Burning 2 ``), or the
ruleset's own line for it; ``No ailments`` when none holds anything (a line per empty
category pushed the combatant's other lines below the fold at 80x24)."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

from tracker.core.model import Combatant, Condition
from tracker.rules.base import Ruleset
from tracker.ui.panes.status_lines import (
    Catalogue,
    condition_text,
    says_nothing,
    speaks_for_ailments,
)


class AilmentLines:
    """The selected combatant's ailment lines, in the pane's styles (``style("badge")``)."""

    def __init__(self, rules: Ruleset, style: Callable[[str], Style], catalogue: Catalogue) -> None:
        self.rules = rules
        self.style = style
        self.catalogue = catalogue

    def of(self, fighter: Combatant, said: list[str]) -> list[tuple[Text, bool]]:
        """Each ailment category's line that holds something (True), or one ``No
        ailments`` line (False) when none does. A condition of
        no category of the catalogue joins its ``Condition`` line where there is one
        (never a ``Conditions:`` under ``Condition:``), and one the ruleset's own lines
        already name by its category (``Physical: Burn``) is not said twice; one that
        such a line does not name has its own line. The ruleset's lines for categories its
        catalogue does not list (persona's ``Physical: Burn``) are ailment lines too: said
        here when they hold something, never beside ``No ailments``."""
        catalogue = self.catalogue
        categories = catalogue.categories
        worded = {catalogue.category_of(line): line for line in said}
        labels = {line.partition(":")[0].strip().casefold() for line in said if ":" in line}
        known = {k.casefold() for k in categories}
        kind = catalogue.kind
        rest = [c for c in fighter.conditions if kind(c) not in known | labels]
        lines = []
        for category in categories:
            held = [c for c in fighter.conditions if kind(c) == category.casefold()]
            if category in worded:
                line = worded[category]
                lines.append((self.worded(line), not says_nothing(line)))
                unsaid = [c for c in held if c.name.casefold() not in line.casefold()]
                if unsaid:  # "Pilot: Shinji (ejected)" names the pilot, not the conditions
                    lines.append((self.badges(category.capitalize(), unsaid), True))
                continue
            if category.casefold() == "condition":
                held, rest = held + rest, []
            lines.append((self.badges(category.capitalize(), held), bool(held)))
        lines += [  # the ruleset's lines for categories its catalogue does not list
            (self.worded(line), True)
            for line in said
            if catalogue.category_of(line) is None
            and not says_nothing(line)
            and speaks_for_ailments(line, catalogue, fighter)
        ]
        lines += self._own_categories(rest, kind, not categories)
        held_lines = [(line, True) for line, holds in lines if holds]
        return held_lines or [(Text("No ailments", self.style("muted")), False)]

    def _own_categories(
        self, rest: list[Condition], kind: Callable[[Condition], str], always: bool
    ) -> list[tuple[Text, bool]]:
        """Conditions of a category the catalogue does not list, a line per category
        (``Harm: Broken ribs 2``); those of none under ``Conditions`` (shown ``always``
        when the catalogue has no categories)."""
        grouped: dict[str, list[Condition]] = {}
        for condition in rest:
            grouped.setdefault(kind(condition), []).append(condition)
        unfiled = grouped.pop("", [])
        lines = [(self.badges(name.capitalize(), held), True) for name, held in grouped.items()]
        if unfiled or always:
            lines.append((self.badges("Conditions", unfiled), bool(unfiled)))
        return lines

    def worded(self, line: str) -> Text:
        """A ruleset's own line for a category: ``Physical:  Burning 2 `` (``—``: none)."""
        label, _, rest = line.partition(":")
        text = Text(f"{label}: ", self.style("muted"))
        rest = rest.strip()
        if says_nothing(line):
            text.append("—", self.style("muted"))
        else:
            text.append(f" {rest} ", self.style("badge"))
        return text

    def badges(self, label: str, held: list[Condition]) -> Text:
        """``Physical:  Burning 2 · 3 rnd `` a badge each (``—``: none held)."""
        line = Text(f"{label}: ", self.style("muted"))
        if not held:
            line.append("—", self.style("muted"))
        for index, condition in enumerate(held):
            if index:
                line.append(" ")
            words = self.rules.level_words
            line.append(f" {condition_text(condition, words)} ", self.style("badge"))
        return line
