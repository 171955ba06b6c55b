"""The players' log: the public sentences of the fight, under their round and turn.

Each sentence is wrapped whole to the pane's width (its next rows indented under its
first word), laid out again when the width changes."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.theme import Theme

from tracker.export.player_log import PlayerLine
from tracker.ui.panes.lines_view import LinesView


class PlayerLogPane(LinesView, can_focus=False):
    """The log as players may read it, newest at the bottom (it follows the end)."""

    COMPONENT_CLASSES = {"player-log--round", "player-log--turn", "player-log--line"}

    lines_shown: reactive[tuple[PlayerLine, ...]] = reactive(())
    """The players' log lines."""

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self._entries: list[tuple[str, Text]] = []
        """Each sentence's indent and text, unwrapped."""
        self._wrapped_at = 0

    def on_mount(self) -> None:
        """Render again when the theme changes."""
        self.border_title = "Log"
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self.watch_lines_shown, self.lines_shown)

    def watch_lines_shown(self, lines: tuple[PlayerLine, ...]) -> None:
        """Show the lines, each round under its heading, and follow the newest."""
        styles = {kind: self.style_of(f"player-log--{kind}") for kind in ("round", "turn", "line")}
        entries: list[tuple[str, Text]] = []
        current: int | None = None
        for line in lines:
            if line.round != current and line.kind != "round":
                heading = "Before the fight" if line.round == 0 else f"Round {line.round}"
                entries.append(("", Text(heading, styles["round"], end="")))
            current = line.round
            indent = {"round": "", "turn": "  ▸ "}.get(line.kind, "    ")
            entries.append((indent, Text(line.text, styles[line.kind], end="")))
        self._entries = entries
        self._wrap()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the sentences again for a new width."""
        if self.scrollable_content_region.width != self._wrapped_at:
            self._wrap()

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width
        self._wrapped_at = width
        texts: list[Text] = []
        for indent, text in self._entries:
            texts += wrapped(indent, text, width, self.app.console)
        self.set_lines(texts)
        self.scroll_end(animate=False, immediate=False, x_axis=False)


def wrapped(indent: str, text: Text, width: int, console: Console) -> list[Text]:
    """``text`` after ``indent`` in rows of at most ``width`` cells (whole when the pane
    has no width yet), each row after the first under the first word."""
    room = width - len(indent)
    if width <= 0 or room < 8:
        return [Text(indent, end="") + text]
    lead = " " * len(indent)
    shown = []
    for number, row in enumerate(text.wrap(console, room)):
        row.rstrip()
        shown.append(Text(lead if number else indent, end="") + row)
    return shown
