"""The log pane: every event as a sentence, grouped under its round and turn.

Undone entries stay, struck through. The pane follows the newest line, without a
scrollbar; scrolled back (or focused) it shows one. A line longer than the pane wraps,
its continuation indented, and wraps again when the pane is resized; the wrap leaves the
scrollbar's column free, so the scrollbar coming and going moves no line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.theme import Theme

from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.core.wording import counted
from tracker.export.logbook import LogLine
from tracker.ui.log_feed import LogFeed
from tracker.ui.panes.frame import frame_of
from tracker.ui.panes.lines_view import LinesView
from tracker.ui.panes.styling import forget_styles
from tracker.ui.panes.titles import retitle

if TYPE_CHECKING:
    from textual.timer import Timer

INDENT = 6
"""Cells a wrapped log line's continuation is indented by."""
SCROLLBAR = 1
"""Cells kept free at the right for the scrollbar (shown only when scrolled back)."""


class LogPane(LinesView, can_focus=True):
    """The encounter's log, newest at the bottom (in a ``PaneFrame``, which shows its
    title)."""

    ALLOW_MAXIMIZE = False

    COMPONENT_CLASSES = {"log--round", "log--turn", "log--undone", "log--gm", "log--line"}

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.state: EncounterState | None = None
        """The encounter shown: a new state means new events to read from the journal."""
        self.encounter: Encounter | None = None
        self.feed = LogFeed()
        self._round: int | None = None
        self._wrap_width = 0
        self.until: int | None = None
        """While looking back: the last event shown (None: the whole log)."""
        self._filling: Timer | None = None
        self._noted = 0

    def present(self, state: EncounterState | None, selected: str = "") -> None:
        """Read the events behind a new state and show them (the selection is not the
        log's business)."""
        if state is self.state:
            return
        self.state = state
        if self.encounter is None or state is None:
            return
        rebuilt, added = self.feed.update(self.encounter)
        for note in self.encounter.notes[self._noted :]:  # a snapshot that disagreed
            self.notify(note, severity="warning", timeout=10, markup=False)
        self._noted = len(self.encounter.notes)
        if self.until is not None:
            self._redraw()
        elif rebuilt:
            self._round = None
            self.set_lines(self._texts(added))
        elif added:
            self.add_lines(self._texts(added))
        self.scroll_to_last()
        self._retitle()
        if self.feed.partial and self._filling is None:
            # the earlier events are read once the fight is on screen: a thread reading
            # them sooner holds the interpreter while the first frame of the fight is drawn
            self.call_after_refresh(self.encounter.read_earlier_soon)
            self._filling = self.set_interval(0.2, self._fill_in)

    def _fill_in(self) -> None:
        """The log starts at a snapshot: once the events before it are read (in the
        background), show the whole log (``present`` says if the snapshot disagreed)."""
        encounter = self.encounter
        if encounter is None or not self.feed.partial:
            self._stop_filling()
        elif encounter.earlier_ready:
            self._stop_filling()
            self.state = None  # read again: the whole log
            self.present(encounter.state)

    def _stop_filling(self) -> None:
        if self._filling is not None:
            self._filling.stop()
            self._filling = None

    def look_until(self, seq: int | None) -> None:
        """Show the log up to event ``seq`` (looking back), or all of it (None)."""
        self.until = seq
        self._redraw()

    def _shown(self) -> list[LogLine]:
        if self.until is None:
            return self.feed.lines
        return [line for line in self.feed.lines if line.seq <= self.until]

    def _redraw(self) -> None:
        self._round = None
        self.set_lines(self._texts(self._shown()))
        self.scroll_to_last()

    def on_mount(self) -> None:
        """Render again when the theme changes; show the scrollbar when scrolled back."""
        self.app.theme_changed_signal.subscribe(self, self._new_theme)
        self.watch(self, "scroll_y", self._scrolled, init=False)

    def _scrolled(self, y: float) -> None:
        self.set_class(round(y) < self.max_scroll_y, "-back")
        self._retitle()

    def follows_quietly(self, y: int) -> bool:
        """A log that follows the newest line (no scrollbar, nothing scrolled back) moves
        down to its new bottom by painting its lines there; Textual's scroll would only
        add its round of watchers, animation checks and a second repaint (about a quarter
        of the log's drawing at a turn)."""
        return (
            not self.has_class("-back")
            and not self.show_vertical_scrollbar
            and self.scroll_y == self.scroll_target_y
            and self.scroll_y < y <= self.max_scroll_y
        )

    def _retitle(self) -> None:
        """The title: just the name while the log follows the newest line (a title that
        changed at every turn would repaint at every turn); scrolled back, the count."""
        back = self.has_class("-back")
        count = counted(len(self.feed.lines), "entry", "entries")
        retitle(frame_of(self), f"Log · {count}" if back else "Log")

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self._restyle)

    def on_resize(self) -> None:
        """Wrap the lines again for the new width; a log that follows the newest line
        keeps it at the bottom when it gets taller or shorter (the status pane taking or
        giving back rows)."""
        if self._width_now() != self._wrap_width and self.feed.lines:
            self._redraw()
        elif not self.has_class("-back"):
            self._bottom()

    def _width_now(self) -> int:
        return self.content_region.width - SCROLLBAR

    def _restyle(self) -> None:
        forget_styles()
        if self.feed.lines:
            self._redraw()

    def _texts(self, lines: list[LogLine]) -> list[Text]:
        styles = {
            name: self.style_of(f"log--{name}")
            for name in ("round", "turn", "undone", "gm", "line")
        }
        out: list[Text] = []
        self._wrap_width = self._width_now()
        for line in lines:
            out += self._group_heading(line, styles)
            out += self._wrapped(self._text(line, styles))
        return out

    def _wrapped(self, text: Text) -> list[Text]:
        """``text`` in lines that fit the pane, the second and later indented."""
        width = self._wrap_width
        if width <= INDENT * 2 or text.cell_len <= width:
            return [text]
        pieces = text.wrap(self.app.console, width - INDENT)
        out = [pieces[0]]
        for piece in pieces[1:]:
            piece.rstrip()
            out.append(Text(" " * INDENT, end="") + piece)
        for piece in out:
            piece.end = ""
        return out

    def _group_heading(self, line: LogLine, styles: dict[str, Style]) -> list[Text]:
        if line.round == self._round:
            return []
        self._round = line.round
        if line.type == "round.started" and not line.undone:
            return []
        title = "Before the fight" if line.round == 0 else f"Round {line.round}"
        return [Text(title, styles["round"])]

    def _text(self, line: LogLine, styles: dict[str, Style]) -> Text:
        if line.undone:
            return Text(f"    {line.text}  (undone)", styles["undone"], end="")
        if line.type == "round.started":
            return Text(line.text, styles["round"], end="")
        if line.type in ("turn.started", "turn.rewound"):
            return Text(f"  ▸ {line.text}", styles["turn"], end="")
        if line.gm_only:
            return Text(f"    (GM) {line.text}", styles["gm"], end="")
        return Text(f"    {line.text}", styles["line"], end="")
