"""The status pane: ailments by category, resources, the ruleset's lines, and reminders.

Reminders (a shake-off test, a death roll …) are listed for everyone, the acting
combatant's first; each way of resolving one (the ruleset's ``reminder_actions``) gets
a number key 1–9, the same numbers the app's ``resolve`` action uses.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult

from tracker.core.model import Combatant, Condition, EncounterState, Reminder, slot_owner
from tracker.rules.base import LocationView, Ruleset
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.figure import track_bar
from tracker.ui.panes.selected_pane import SelectedPane
from tracker.ui.panes.styling import solid_style
from tracker.ui.panes.titles import retitle
from tracker.ui.reminder_keys import MORE, Choice, ReminderKeys, identity


def condition_text(condition: Condition) -> str:
    """``Burning 2 · 3 rnd``: name, the ruleset's level, rounds left."""
    text = condition.name
    if condition.level:
        text += f" {condition.level}"
    if condition.rounds:
        text += f" · {condition.rounds} rnd"
    return text


class StatusPane(SelectedPane):
    """Ailments, resources and reminders for the selected combatant; on a narrow screen,
    where the body chart gives way, its locations too, a line each."""

    COMPONENT_CLASSES = {
        "status--heading",
        "status--badge",
        "status--muted",
        "status--key",
        "status--ok",
        "status--hurt",
        "status--bad",
        "status--down",
        "status--frame",
    }

    def __init__(self, keys: ReminderKeys | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.keys = keys if keys is not None else ReminderKeys()
        """The keys given to reminder choices (the app's, so its keys agree)."""

    def compose(self) -> ComposeResult:
        """One Static holding the text."""
        yield Drawing(id="status-text")

    def on_resize(self) -> None:
        """The screen's width class may have changed: draw again."""
        self.redraw()

    def _style(self, name: str) -> Style:
        return solid_style(self, f"status--{name}")

    def redraw(self) -> None:
        """Rebuild the text from the state."""
        if not self.is_mounted:
            return
        text = self.query_one("#status-text", Drawing)
        state, rules = self.state, self.rules
        if state is None or rules is None:
            text.draw([])
            return
        fighter = None
        if self.selected and slot_owner(self.selected) in state.combatants:
            fighter = state.combatant(self.selected)
        lines = self.reminder_lines(state, rules)
        lines += self.fighter_lines(fighter, state, rules) if fighter else []
        retitle(self, "Status")
        text.draw(lines)

    def fighter_lines(
        self, fighter: Combatant, state: EncounterState, rules: Ruleset
    ) -> list[Text]:
        """Name line, ailments by category, resources, the ruleset's own lines."""
        head = Text(fighter.name, self._style("heading"))
        head.append(f" · {fighter.side} · {fighter.status}", self._style("muted"))
        if fighter.hidden:
            head.append(" · hidden", self._style("muted"))
        said = rules.status_lines(fighter, state)
        lines = [head, *self._notes(fighter), *self._ailments(fighter, rules, said)]
        body = rules.body(fighter)
        if body:
            styles = {k: self._style(k) for k in ("ok", "hurt", "bad", "down", "frame")}
            lines += [track_bar(view, styles, width=10) for view in rules.track_views(fighter)]
            if self.screen.has_class("-narrow"):
                lines += [location_line(view, styles) for view in body]
        shown = {line.plain for line in lines}
        lines += [
            Text(line) for line in said if line not in shown and _category_of(line, rules) is None
        ]
        return lines

    def _notes(self, fighter: Combatant) -> list[Text]:
        """The GM's note on the combatant (N edits it), a line each."""
        style = self._style("muted") + Style(italic=True)
        return [Text(f"✎ {line}", style) for line in fighter.notes.splitlines() if line.strip()]

    def _ailments(self, fighter: Combatant, rules: Ruleset, said: list[str]) -> list[Text]:
        categories: list[str] = []
        for spec in rules.catalogue():
            if spec.category and spec.category not in categories:
                categories.append(spec.category)
        worded = {_category_of(line, rules): line for line in said}
        lines = []
        for category in categories:
            if category in worded:
                lines.append(self._worded(worded[category]))
                continue
            held = [c for c in fighter.conditions if c.category.casefold() == category.casefold()]
            lines.append(self._badges(category.capitalize(), held))
        rest = [
            c
            for c in fighter.conditions
            if c.category.casefold() not in {k.casefold() for k in categories}
        ]
        if rest or not categories:
            lines.append(self._badges("Conditions", rest))
        return lines

    def _worded(self, line: str) -> Text:
        label, _, rest = line.partition(":")
        text = Text(f"{label}: ", self._style("muted"))
        rest = rest.strip()
        if rest in ("—", "-", ""):
            text.append("—", self._style("muted"))
        else:
            text.append(f" {rest} ", self._style("badge"))
        return text

    def _badges(self, label: str, held: list[Condition]) -> Text:
        line = Text(f"{label}: ", self._style("muted"))
        if not held:
            line.append("—", self._style("muted"))
        for index, condition in enumerate(held):
            if index:
                line.append(" ")
            line.append(f" {condition_text(condition)} ", self._style("badge"))
        return line

    def reminder_lines(self, state: EncounterState, rules: Ruleset) -> list[Text]:
        """The open reminders, each choice with its key; a click on a choice resolves it."""
        if not state.reminders:
            return []
        lines = [Text("Reminders", self._style("heading"))]
        choices = self.keys.keyed(state, rules)
        if not self.keys.frozen and any(not c.key for c in choices):
            lines[0].append(f"  [{MORE}] every choice", self._style("key"))
        shown: list[tuple[str, str, int]] = []
        for choice in choices:
            rid = identity(choice.reminder)
            if rid not in shown:
                shown.append(rid)
                lines.append(self._reminder_text(state, choice.reminder))
            lines[-1].append("  ")
            lines[-1].append_text(self._choice_text(choice))
        for reminder in state.reminders:
            if identity(reminder) not in shown:
                lines.append(self._reminder_text(state, reminder))
        return [*lines, Text("")]

    def _reminder_text(self, state: EncounterState, reminder: Reminder) -> Text:
        name = state.combatants[reminder.who].name if reminder.who in state.combatants else ""
        return Text(reminder.text if name in reminder.text else f"{name}: {reminder.text}")

    def _choice_text(self, choice: Choice) -> Text:
        click = Style(
            meta={"@click": ("app.resolve_choice", identity(choice.reminder) + (choice.label,))}
        )
        text = Text()
        if choice.key:
            text.append(f"[{choice.key}]", self._style("key") + click)
            text.append(" ")
        text.append(choice.label, click + Style(underline=not choice.key))
        return text


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


def _category_of(line: str, rules: Ruleset) -> str | None:
    """The catalogue category a ruleset's status line speaks for (``Physical: Burning``)."""
    label, colon, _ = line.partition(":")
    if not colon:
        return None
    for spec in rules.catalogue():
        if spec.category and spec.category.casefold() == label.strip().casefold():
            return spec.category
    return None


def _acting(state: EncounterState) -> str:
    return slot_owner(state.current) if state.current else ""
