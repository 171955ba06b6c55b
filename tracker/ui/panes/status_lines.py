"""The status pane's lines about the selected combatant that read the ruleset's words:
its ailment categories, its own status lines, a body location in one line; and an open
reminder's line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from tracker.core.model import Combatant, Condition, EncounterState, Reminder
from tracker.rules.base import LocationView, Ruleset
from tracker.rules.display import level_words, spoken_level
from tracker.ui.panes.row_fit import elide
from tracker.ui.reminder_keys import Choice


def says_nothing(line: str) -> bool:
    """``Mental: —``: a ruleset's category line with nothing in it."""
    return line.partition(":")[2].strip() in ("—", "-", "")


def has_news(view: LocationView) -> bool:
    """Whether a body location's line says anything: a wound count, armour or an injury
    (persona's unarmoured Shadow has none: six bare ``Head``, ``Right arm`` … lines pushed
    its ailments out of an 80x24 status pane)."""
    return view.limit >= 0 or bool(view.armour) or bool(view.injuries)


def location_line(view: LocationView, styles: dict[str, Style]) -> Text:
    """``Head 3/4 A2 · Broken Nose``: a body location in one line, by its severity."""
    line = Text(f"{view.label} ", styles["frame"])
    if view.limit >= 0:
        line.append(f"{view.value}/{view.limit} ", styles.get(view.severity, styles["ok"]))
    if view.armour:
        line.append(f"A{view.armour} ", styles["frame"])
    if view.injuries:
        line.append("· " + ", ".join(view.injuries), styles.get(view.severity, styles["bad"]))
    return line


@dataclass(frozen=True)
class Catalogue:
    """A ruleset's ailment catalogue as the status pane reads it: asked of the ruleset
    once a drawing (a ruleset builds the list at each call, and a line of the pane asked
    for it again: eva's pane did so 26 times at every turn)."""

    categories: tuple[str, ...]
    """Each category of the catalogue once, in its order."""
    listed: dict[str, str]
    """An entry's name, folded, to its category, folded."""
    labels: dict[str, str]
    """A category, folded, to the category as the catalogue spells it (its first entry)."""

    @classmethod
    def of(cls, rules: Ruleset) -> Catalogue:
        """The catalogue ``rules`` gives now."""
        specs = rules.catalogue()
        listed = {spec.name.casefold(): spec.category.casefold() for spec in specs}
        labels: dict[str, str] = {}
        for spec in specs:
            if spec.category:
                labels.setdefault(spec.category.casefold(), spec.category)
        categories = tuple(dict.fromkeys(s.category for s in specs if s.category))
        return cls(categories, listed, labels)

    def kind(self, condition: Condition) -> str:
        """A condition's category, folded: its own, else that of the catalogue entry of
        its name (a ruleset's own verb may put ``Bleeding`` on without saying it is a
        wound)."""
        return condition.category.casefold() or self.listed.get(condition.name.casefold(), "")

    def category_of(self, line: str) -> str | None:
        """The catalogue category a ruleset's status line speaks for (``Physical:
        Burning``)."""
        label, colon, _ = line.partition(":")
        return self.labels.get(label.strip().casefold()) if colon else None


def speaks_for_ailments(line: str, catalogue: Catalogue, fighter: Combatant) -> bool:
    """Whether a ruleset's status line is an ailment category's: one of the catalogue's
    (``Staggered: —``), one a condition the combatant holds is filed under (``Physical:
    Burn``), or a category's line that holds nothing (``Mental: —``)."""
    label, colon, _ = line.partition(":")
    if not colon:
        return False
    if says_nothing(line) or catalogue.category_of(line) is not None:
        return True
    return label.strip().casefold() in {catalogue.kind(c) for c in fighter.conditions}


def condition_text(
    condition: Condition, words: Callable[[Condition], tuple[str, str]] = level_words
) -> str:
    """``Burning 2 · 3 rnd``: name, the level as the ruleset says it, rounds left."""
    text = condition.name + spoken_level(condition, words)[0]
    if condition.rounds:
        text += f" · {condition.rounds} rnd"
    return text


@dataclass
class ReminderEntry:
    """One open reminder's line and the ways to resolve it."""

    text: Text
    glance: Text
    """The line starting with whom it is about (``Unit-01: If the Critical…``): the
    part a row cut short keeps."""
    choices: list[Choice] = field(default_factory=list)


def reminder_entry(state: EncounterState, reminder: Reminder) -> ReminderEntry:
    """The reminder's line (with whom it is about, where it does not say) and the
    same starting with the name, for a row cut short."""
    name = state.combatants[reminder.who].name if reminder.who in state.combatants else ""
    named = f"{name}: {reminder.text}"
    text = reminder.text if name in reminder.text else named
    glance = text if text.startswith(name) else named
    if name and cell_len(name) > GLANCE_NAME:  # the row is for what to do, not the name
        glance = elide(name, GLANCE_NAME) + glance[len(name) :]
    return ReminderEntry(Text(text), Text(glance))


GLANCE_NAME = 21
"""The most cells a name takes at the start of a reminder cut to one row: a 40-letter
name took the whole row, and two reminders of one combatant read the same."""
