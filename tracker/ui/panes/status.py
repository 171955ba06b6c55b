"""The status pane: ailments by category, resources, the ruleset's lines, and reminders.

Reminders (a shake-off test, a death roll …) are listed for everyone, the acting
combatant's first; each way of resolving one (the ruleset's ``reminder_actions``) gets
a number key 1–9, the same numbers the app's ``resolve`` action uses.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message

from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.safe_text import visible_lines
from tracker.rules.base import Ruleset
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.figure import as_fallen, track_bar
from tracker.ui.panes.selected_pane import SelectedPane
from tracker.ui.panes.sides import side_word
from tracker.ui.panes.status_ailments import AilmentLines
from tracker.ui.panes.status_fit import (
    ONE_ROW,
    TIGHTEST,
    TRACKS_FIRST,
    FighterBlock,
    elide_words,
    rows_needed,
)
from tracker.ui.panes.status_lines import (
    Catalogue,
    ReminderEntry,
    has_news,
    location_line,
    reminder_entry,
    speaks_for_ailments,
)
from tracker.ui.panes.styling import solid_style
from tracker.ui.panes.titles import retitle
from tracker.ui.reminder_keys import MORE, Choice, ReminderKeys, identity


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

    class Crowded(Message):
        """What must be seen (reminders, the selected one's name and tracks) needs
        ``rows`` more rows than the pane has (zero or less: it fits); ``whole`` more rows
        would show each track's note whole too (where the log can spare them)."""

        def __init__(self, rows: int, whole: int = 0) -> None:
            super().__init__()
            self.rows = rows
            self.whole = max(rows, whole)

    def __init__(self, keys: ReminderKeys | None = None, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.keys = keys if keys is not None else ReminderKeys()
        """The keys given to reminder choices (the app's, so its keys agree)."""
        self._unkeyed = False
        self._said_for: tuple[Combatant, EncounterState, Ruleset, list[str]] | None = None
        self._asked: tuple[object, ...] = ()
        """The rows last asked for, with the room and the screen size they were for."""

    def compose(self) -> ComposeResult:
        """One Static holding the text."""
        yield Drawing(id="status-text")

    def _style(self, name: str) -> Style:
        return solid_style(self, f"status--{name}")

    def shown(self) -> tuple[object, ...] | None:
        """The selected combatant and the ruleset's lines about it, the open reminders
        with their choices and the names of whom they are about, and whether the screen
        is narrow (the locations are listed here then)."""
        state, rules = self.state, self.rules
        if state is None or rules is None or not self.is_mounted:
            return None
        fighter = self._fighter(state)
        said = tuple(self._said(fighter, state, rules)) if fighter is not None else ()
        fighters = state.combatants
        names = tuple(fighters[r.who].name for r in state.reminders if r.who in fighters)
        choices = tuple(self.keys.keyed(state, rules))
        narrow = self.screen.has_class("-narrow")
        return (rules, fighter, said, state.reminders, names, choices, narrow)

    def _said(self, fighter: Combatant, state: EncounterState, rules: Ruleset) -> list[str]:
        """The ruleset's status lines about ``fighter`` (asked once per state and fighter:
        ``shown`` and the drawing both read them)."""
        said = self._said_for
        if said is None or said[0] is not fighter or said[1] is not state or said[2] is not rules:
            said = self._said_for = (fighter, state, rules, rules.status_lines(fighter, state))
        return said[3]

    def _fighter(self, state: EncounterState) -> Combatant | None:
        if self.selected and slot_owner(self.selected) in state.combatants:
            return state.combatant(self.selected)
        return None

    def redraw(self) -> None:
        """Rebuild the text from the state: whole when it fits, else compact."""
        if not self.is_mounted:
            return
        text = self.query_one("#status-text", Drawing)
        state, rules = self.state, self.rules
        if state is None or rules is None:
            text.draw([])
            return
        fighter = self._fighter(state)
        reminders = self.reminder_entries(state, rules)
        block = self.fighter_block(fighter, state, rules) if fighter else None
        # the whole width and height inside the frame, a scrollbar shown or not: what
        # is drawn, and whether it scrolls, depend on the state and the room alone
        region = self.content_region
        room = region.height
        lines, missing, width, tight = self._fitted(reminders, block, region.width, room)
        self.set_class(0 < width < region.width, "-overflows")  # the stylesheet: a scrollbar
        if room:
            self._ask_rows(missing, (width, room))
        retitle(self, "Status")
        # made again for the width the rows are painted at while the scrollbar comes or
        # goes (no letter cut at the edge), at the same tightness
        text.draw(lines, lambda cells: self._rows_at(reminders, block, cells, tight, room))

    def _rows_at(
        self,
        reminders: list[ReminderEntry],
        block: FighterBlock | None,
        width: int,
        tight: int,
        room: int,
    ) -> list[Text]:
        """The whole drawing at ``width`` cells and a tightness."""
        top, rest = self._drawing(reminders, block, width, tight, room)
        return top + rest

    def _fitted(
        self, reminders: list[ReminderEntry], block: FighterBlock | None, full: int, room: int
    ) -> tuple[list[Text], tuple[int, int], int, int]:
        """The roomiest drawing whose reminders and the selected one's name and tracks
        fit in ``room`` rows (the tightest if none does), how many rows are missing (for
        what must be seen, and for what must be read whole: the log gives them), the
        width it was made for (``full``, the pane's whole width, when all of it fits;
        else less the scrollbar's column) and its tightness."""
        if not room:
            top, rest = self._drawing(reminders, block, full, 0)
            return top + rest, (0, 0), full, 0
        console = self.app.console
        # a reminder cut to a row only once the log has given all it has (``-crowded``)
        last = ONE_ROW if self.screen.has_class("-crowded") else TIGHTEST
        for tight in range(last + 1):
            width, top, rest = self._laid_out(reminders, block, full, tight, room)
            if rows_needed(top, width, console) <= room:
                break
        least = top if tight == TIGHTEST else self._drawing(reminders, block, width, TIGHTEST)[0]
        whole = (
            top + block.read_below(tight)
            if tight < TRACKS_FIRST and block is not None
            else self._must_read(reminders, block, width)
        )
        missing = (
            rows_needed(least, width, console) - room,
            rows_needed(whole, width, console) - room,
        )
        return top + rest, missing, width, tight

    def _laid_out(
        self,
        reminders: list[ReminderEntry],
        block: FighterBlock | None,
        full: int,
        tight: int,
        room: int,
    ) -> tuple[int, list[Text], list[Text]]:
        """The drawing at a tightness and the width it takes: the pane's ``full`` width
        when all of it fits in ``room`` rows there, else that less the scrollbar's
        column. One answer for one state and room, whichever layout stood before (rows
        that fit without the scrollbar but not beside it were drawn either way)."""
        top, rest = self._drawing(reminders, block, full, tight, room)
        if rows_needed(top + rest, full, self.app.console) <= room:
            return full, top, rest
        width = full - self.styles.scrollbar_size_vertical
        top, rest = self._drawing(reminders, block, width, tight, room)
        return width, top, rest

    def _must_read(
        self, reminders: list[ReminderEntry], block: FighterBlock | None, width: int
    ) -> list[Text]:
        """The reminders, keys on rows of their own, then what the GM must read of the
        selected one whole (``FighterBlock.must_read``): what the log gives rows for."""
        lines, _ = self._drawing(reminders, None, width, TRACKS_FIRST)
        return lines if block is None else lines + block.must_read()

    def _ask_rows(self, missing: tuple[int, int], room: tuple[int, int]) -> None:
        """Tell the screen how many rows are missing (``Crowded``): for what must be seen,
        and for the tracks' notes whole; only when that or the room it was worked out for
        changed (the log's frame has already given them)."""
        asked = (missing, room, self.screen.size)
        if asked != self._asked:
            self._asked = asked
            self.post_message(self.Crowded(*missing))

    def _drawing(
        self,
        reminders: list[ReminderEntry],
        block: FighterBlock | None,
        width: int,
        tight: int,
        room: int = 0,
    ) -> tuple[list[Text], list[Text]]:
        """The lines that must be seen and the rest, at a tightness (``FighterBlock``;
        ``ONE_ROW`` fits the reminders to ``room`` rows)."""
        if tight == ONE_ROW:
            return self._one_row_each(reminders, block, width, room)
        lines = self._reminders_heading(reminders, tight)
        for entry in reminders:
            lines += self._reminder_rows(entry, width, tight >= TIGHTEST - 1)
        if lines and tight == 0:
            lines.append(Text(""))
        if block is None:
            return lines, []
        top, rest = block.split(tight, width)
        return lines + top, rest

    def _one_row_each(
        self, reminders: list[ReminderEntry], block: FighterBlock | None, width: int, room: int
    ) -> tuple[list[Text], list[Text]]:
        """Each reminder's text cut to a row (whole in the log and in the list ``0``
        opens), then its keys, as many reminders as leave the selected one's name and
        tracks in sight (one at least), then how many more are open."""
        top, rest = block.split(TIGHTEST, width) if block is not None else ([], [])
        console = self.app.console
        left = room - rows_needed(top, width, console)
        lines = self._reminders_heading(reminders, TIGHTEST)
        for index, entry in enumerate(reminders):
            rows = self._reminder_rows(entry, width, True, one_row=True)
            more = 1 if index + 1 < len(reminders) else 0  # the row saying how many more
            if index and rows_needed(lines + rows, width, console) + more > left:
                lines.append(self._more_reminders(len(reminders) - index))
                break
            lines += rows
        return lines + top, rest

    def _more_reminders(self, count: int) -> Text:
        """``+2 more reminders  [0] every choice``."""
        line = Text(f"+{count} more reminder{'' if count == 1 else 's'}  ", self._style("muted"))
        line.append(f"[{MORE}] every choice", self._style("key"))
        return line

    def _reminder_rows(
        self, entry: ReminderEntry, width: int, short: bool, *, one_row: bool = False
    ) -> list[Text]:
        """The reminder's whole text, wrapped (never cut: the GM acts on it; ``one_row``:
        cut after a word to one row), then its choices (``[1] pass  [2] fail``), never
        one cut across two rows; ``short``: the keyed ones only, from the row below the
        text (``[1]pass [2]fail``)."""
        text = entry.glance if one_row else entry.text
        if one_row or width <= 0:
            rows = [elide_words(text.copy(), width)]
        else:
            rows = list(text.wrap(self.app.console, width))
        for row in rows:
            row.rstrip()
            row.end = "\n"
        first = len(rows) if short else len(rows) - 1  # the first row a choice may join
        gap = " " if short else "  "
        for choice in entry.choices:
            if short and not choice.key:
                continue
            chip = self._choice_text(choice, bare=short)
            if len(rows) > first and rows[-1].cell_len + len(gap) + chip.cell_len <= width:
                rows[-1].append(gap)
                rows[-1].append_text(chip)
            else:
                rows.append(chip)
        return rows

    def fighter_block(
        self, fighter: Combatant, state: EncounterState, rules: Ruleset
    ) -> FighterBlock:
        """The selected combatant's lines, by kind."""
        head = Text(fighter.name, self._style("heading"))
        head.append(f" · {side_word(fighter.side)} · {fighter.status}", self._style("muted"))
        if fighter.hidden:
            head.append(" · hidden", self._style("muted"))
        said = self._said(fighter, state, rules)
        catalogue = Catalogue.of(rules)
        ailments = AilmentLines(rules, self._style, catalogue).of(fighter, said)
        block = FighterBlock(head, self._notes(fighter), ailments)
        body = rules.body(fighter)
        if body or self.screen.has_class("-narrow"):  # no body pane there to show them
            styles = {k: self._style(k) for k in ("ok", "hurt", "bad", "down", "frame")}
            block.tracks = [
                track_bar(view, styles, width=10)
                for view in as_fallen(rules.track_views(fighter), fighter.status)
            ]
            if self.screen.has_class("-narrow"):
                block.locations = [location_line(v, styles) for v in body if has_news(v)]
        block.traits = self._traits(fighter)
        shown = {line.plain for line in block.full()}
        block.said = [
            Text(line)
            for line in said
            if line not in shown and not speaks_for_ailments(line, catalogue, fighter)
        ]
        return block

    def _notes(self, fighter: Combatant) -> list[Text]:
        """The GM's note on the combatant (N edits it), a line each."""
        style = self._style("muted") + Style(italic=True)
        return [Text(f"✎ {line}", style) for line in fighter.notes.splitlines() if line.strip()]

    def _traits(self, fighter: Combatant) -> list[Text]:
        """Each trait whole: its name, its kind, its text (lines kept), as plain Text."""
        lines = []
        for trait in fighter.traits:
            line = Text(trait.name, self._style("heading"))
            line.append(f" · {trait.kind}", self._style("muted"))
            if trait.text:
                line.append(f": {visible_lines(trait.text)}")
            lines.append(line)
        return lines

    def reminder_entries(self, state: EncounterState, rules: Ruleset) -> list[ReminderEntry]:
        """The open reminders in order, each with its choices (keyed or not)."""
        choices = self.keys.keyed(state, rules)
        entries: dict[tuple[str, str, int], ReminderEntry] = {}
        for choice in choices:
            rid = identity(choice.reminder)
            if rid not in entries:
                entries[rid] = reminder_entry(state, choice.reminder)
            entries[rid].choices.append(choice)
        for reminder in state.reminders:
            if identity(reminder) not in entries:
                entries[identity(reminder)] = reminder_entry(state, reminder)
        self._unkeyed = not self.keys.frozen and any(not c.key for c in choices)
        return list(entries.values())

    def _reminders_heading(self, reminders: list[ReminderEntry], tight: int) -> list[Text]:
        """``Reminders`` (with ``[0] every choice`` when a choice has no key); the
        tightest drawing leaves the bare word out, for one more row."""
        if not reminders or (tight == TIGHTEST and not self._unkeyed):
            return []
        heading = Text("Reminders", self._style("heading"))
        if self._unkeyed:
            heading.append(f"  [{MORE}] every choice", self._style("key"))
        return [heading]

    def _choice_text(self, choice: Choice, *, bare: bool = False) -> Text:
        """``[1] pass`` (``bare``: ``[1]pass``); a click resolves it."""
        click = Style(
            meta={"@click": ("screen.resolve_choice", identity(choice.reminder) + (choice.label,))}
        )
        text = Text()
        if choice.key:
            text.append(f"[{choice.key}]", self._style("key") + click)
            text.append("" if bare else " ")
        text.append(choice.label, click + Style(underline=not choice.key))
        return text
