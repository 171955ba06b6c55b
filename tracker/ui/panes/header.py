"""The header line: title · ruleset · round · whose turn · file · saved; on a narrow
screen the file name, the ruleset and the title give way before the round and the turn."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.theme import Theme

from tracker.core.flow import name_of, where_words
from tracker.core.model import EncounterState
from tracker.core.safe_text import visible
from tracker.rules.base import Ruleset
from tracker.ui.panes.styling import forget_styles, solid_style
from tracker.ui.panes.text_line import TextLine


class EncounterHeader(TextLine):
    """One line saying where the fight stands and that every event is on disk."""

    COMPONENT_CLASSES = {"header--title", "header--saved", "header--busy"}

    file_name: reactive[str] = reactive("", repaint=False)
    """The encounter file's name."""

    ruleset_title: reactive[str] = reactive("", repaint=False)
    """The ruleset's id, as the file names it."""

    busy: reactive[str] = reactive("", repaint=False)
    """What is keeping the tracker busy (opening, replaying …), empty when idle."""

    looking_back: reactive[str] = reactive("", repaint=False)
    """The earlier turn on the screen (``Round 2 · Rei's turn (3 of 9)``), empty when the
    screen shows the fight as it stands."""

    phones: reactive[int] = reactive(0, repaint=False)
    """How many players' pages ``tracker serve`` has connected (``ui/phones_watch.py``)."""

    rules: Ruleset | None = None
    """The encounter's ruleset: it may add parts to the line (Glory, Stretch …)."""

    state: EncounterState | None = None
    """The encounter shown (set by ``present``)."""

    _said: tuple[object, ...] = ()

    def on_mount(self) -> None:
        """Redraw when the theme changes."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def _restyle(self) -> None:
        forget_styles()
        self._said = ()
        self.show()

    def present(self, state: EncounterState | None, selected: str = "") -> None:
        """Say the new round and turn (the selection is not the header's business)."""
        if state is not self.state:
            self.state = state
            self.show()

    def on_resize(self) -> None:
        """Fit the line to the new width."""
        self.show()

    def watch_looking_back(self) -> None:
        """Say which earlier turn is shown."""
        self.show()

    def watch_busy(self) -> None:
        """Show or clear the busy note."""
        self.show()

    def watch_phones(self) -> None:
        """Show how many players' pages are open."""
        self.show()

    def watch_file_name(self) -> None:
        """Show the file name."""
        self.show()

    def show(self) -> None:
        """Compose the line: where the fight stands on the left, file and "saved" on the
        right (the left part gives way when the line is too long)."""
        state = self.state
        if state is None:
            self._said = ()
            self.update(
                Text(
                    f"tracker · {self.busy or 'opening'} {visible(self.file_name)}…",
                    no_wrap=True,
                    overflow="ellipsis",
                )
            )
            return
        if self.looking_back:
            width = self.size.width or 200
            self._say(self._looking_parts(state, width), width)
            return
        extra = self.rules.header_parts(state) if self.rules is not None else []
        saved = (f"{self.busy}…", "header--busy") if self.busy else ("saved ✓", "header--saved")
        parts = [
            Part(visible(state.title or "Encounter"), 3, "header--title"),
            Part(self.ruleset_title or state.ruleset, 2),
            *(Part(text, 9) for text in where(state)),
            *(Part(text, 6) for text in extra),
            *([Part(phones_part(self.phones), 4)] if self.phones > 0 else []),
            Part(visible(self.file_name), 1),
            Part(saved[0], 8, saved[1]),
        ]
        self._say(parts, self.size.width or 200)

    def _say(self, parts: list[Part], width: int) -> None:
        """Show ``parts`` fitted to ``width``, unless the line already says just that (a
        command that changes neither the round nor the turn leaves the line alone)."""
        said = (tuple(parts), width, self.app.theme)
        if said != self._said:
            self._said = said
            self.update(self._line(fitted(parts, width)))

    def _looking_parts(self, state: EncounterState, width: int) -> list[Part]:
        return [
            Part(looking_text(self.looking_back, width), 9, "header--busy"),
            Part("[ ] step · v or Esc back to the fight", 5),
            Part(visible(state.title or "Encounter"), 3, "header--title"),
        ]

    def _line(self, parts: list[Part]) -> Text:
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        for index, part in enumerate(parts):
            if index:
                line.append(" · ")
            line.append(part.text, solid_style(self, part.style) if part.style else "")
        return line


@dataclass(frozen=True)
class Part:
    """A piece of the header line; the lowest ``keep`` goes first when the line is long."""

    text: str
    keep: int
    style: str = ""


def fitted(parts: list[Part], width: int) -> list[Part]:
    """The parts that fit in ``width`` cells: the least needed left out first (the file
    name, then the ruleset, then the title …), the round and whose turn kept to the last;
    what is still too long is cut at its end."""
    kept = list(parts)
    while _cells(kept) > width and len(kept) > 1:
        kept.remove(min(kept, key=lambda p: p.keep))
    if _cells(kept) > width and kept:
        last = kept[-1]
        room = max(1, width - (_cells(kept) - cell_len(last.text)))
        kept[-1] = Part(last.text[: room - 1] + "…", last.keep, last.style)
    return kept


def looking_text(place: str, width: int) -> str:
    """``⏪ looking back: Round 2 · Ann's turn (3 of 7)`` in ``width`` cells: a long name
    is cut, never the turn's place among the turns (``(3 of 7)``)."""
    text = f"⏪ looking back: {place}"
    found = PLACE_COUNT.search(text)
    if cell_len(text) <= width or found is None:
        return text
    head = Text(text[: found.start()])
    head.truncate(max(1, width - cell_len(found.group())), overflow="ellipsis")
    return head.plain + found.group()


PLACE_COUNT = re.compile(r" \(\d+ of \d+\)$")
"""The end of a looked-at turn's place: which of how many turns it is."""


def _cells(parts: list[Part]) -> int:
    return sum(cell_len(p.text) for p in parts) + 3 * max(0, len(parts) - 1)


def phones_part(count: int) -> str:
    """The header's words for ``count`` players' pages connected to ``tracker serve``."""
    return f"{count} player page{'' if count == 1 else 's'} open"


def where(state: EncounterState) -> list[str]:
    """``["Round 3", "Unit-01's turn"]`` (or "Not started yet" / "Fight over after round
    3"), in the players' page's words."""
    return list(where_words(state, name_of(state, state.current) if state.current else ""))
