"""Fitting the status pane to its height: reminders with their keys, then who is selected.

On a short screen (80x24 gives the pane twelve rows) three open reminders, wrapped, push
the selected combatant's block out of sight. When the full drawing would not fit, the
pane is drawn tighter, a step at a time, until the reminders and the selected
combatant's name and tracks fit: first the ``No ailments`` line is left out, then each
reminder's text is followed by rows of its keyed choices (choices without a key are
left to the list of every choice) and the combatant's name and tracks come before
their other lines, and last each track takes one row (its value whole; only a note after
it may be cut). Reminders and the name wrap, never cut: when even the tightest drawing
needs more rows than the pane has, the log gives way (``StatusPane.Crowded``); only when
the whole log is not enough is each reminder cut to a row (``ONE_ROW``, whole in the log
and in the list ``0`` opens), so that the selected combatant's name never leaves the
pane. Nothing below the tracks is cut: it wraps, and may need a scroll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

TRACKS_FIRST = 2
"""From here the selected combatant's name and tracks (whole) come before their notes
and ailments (the reminders' keys take rows of their own from here too)."""
TIGHTEST = 3
"""Reminders a row of text and a row of keys, the combatant's tracks a row each."""
ONE_ROW = 4
"""Past the tightest, once the log has given all its rows (three long Wrath & Glory Fear
tests at 80x24): each reminder's text cut to one row, then its keys, as many as leave
the selected combatant's name and tracks in sight, then how many more are open."""


@dataclass
class FighterBlock:
    """The selected combatant's lines, by kind, so they can be ordered by room."""

    head: Text
    notes: list[Text] = field(default_factory=list)
    ailments: list[tuple[Text, bool]] = field(default_factory=list)
    """Each ailment category's line, and whether it holds anything."""
    tracks: list[Text] = field(default_factory=list)
    locations: list[Text] = field(default_factory=list)
    said: list[Text] = field(default_factory=list)
    """The ruleset's own lines not shown otherwise."""
    traits: list[Text] = field(default_factory=list)
    """Abilities, talents, keywords, weapons and rules, each whole (the pane scrolls)."""

    def must_read(self) -> list[Text]:
        """What the GM must read whole where the rows allow, in the order a tight
        drawing shows it: the name, each track with its note, the ailments held, the
        locations (where no body chart shows them), the GM's note and the ruleset's own
        lines (Alien's ``Broken: a single move this round, no stress, no panic``)."""
        held = [line for line, holds in self.ailments if holds]
        return [self.head, *self.tracks, *held, *self.locations, *self.notes, *self.said]

    def read_below(self, tight: int) -> list[Text]:
        """What the GM must read whole of the lines a roomy drawing (``tight`` below
        ``TRACKS_FIRST``) puts below the tracks: the locations and the ruleset's own lines."""
        return [*self.locations, *self.said] if tight < TRACKS_FIRST else []

    def full(self) -> list[Text]:
        """The roomy order: name, notes, ailments, tracks, locations, the rest."""
        top, rest = self.split(0, 0)
        return top + rest

    def split(self, tight: int, width: int) -> tuple[list[Text], list[Text]]:
        """The lines that must be seen (the name to the tracks) and the rest, at a
        tightness from 0 (roomy) to 3 (a row each, name and tracks first)."""
        ailments = [line for line, holds in self.ailments if holds or tight == 0]
        if tight < TRACKS_FIRST:
            return [self.head, *self.notes, *ailments, *self.tracks], [
                *self.locations,
                *self.said,
                *self.traits,
            ]
        # below the tracks everything wraps whole (the pane scrolls): an ailment's
        # damage or a rule's line is read, not guessed from "Burning, Damage 4 (1…"
        rest = [*ailments, *self.locations, *self.notes, *self.said, *self.traits]
        if tight < TIGHTEST:
            return [self.head, *self.tracks], rest
        # the name wraps; a track keeps its value whole (only its note may be cut)
        return [self.head, *(elide_words(line, width) for line in self.tracks)], rest


def rows_needed(lines: Sequence[Text], width: int, console: Console) -> int:
    """Rows ``lines`` take once wrapped to ``width`` cells."""
    if width <= 0:
        return len(lines)
    return sum(
        1 if _one_row(line, width) else max(1, len(line.wrap(console, width))) for line in lines
    )


def _one_row(line: Text, width: int) -> bool:
    """Whether ``line`` surely takes one row of ``width`` cells (no wrapping needed)."""
    return line.cell_len <= width and "\n" not in line.plain and "\t" not in line.plain


def elide_words(line: Text, width: int) -> Text:
    """``line`` in one row of ``width`` cells: whole, or cut after a whole word with
    ``…`` (a number is never cut in two)."""
    if line.cell_len <= width or width <= 1:
        return line
    plain = line.plain
    cut = plain.rfind(" ", 0, width)
    while cut > 0 and plain[cut - 1] == " ":
        cut -= 1
    if cut <= 0:
        cut = width - 1
    kept = line[:cut]
    if kept.cell_len > width - 1:  # wide characters: cut by cells
        kept.truncate(width - 1)
    kept.append("…")
    return kept
