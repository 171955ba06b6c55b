"""A ruleset's docs page (``docs.md``) under ``?``, rendered as Markdown.

The page is the package's data, never markup: Rich's Markdown builds ``Text`` from it
(``[b]`` shows as typed), control bytes become visible stand-ins before it is parsed,
and links show their address beside their text instead of becoming something to click.
A long page is laid out in a thread at the pane's width, so ``?`` opens at once."""

from __future__ import annotations

import io

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment, Segments
from rich.text import Text
from textual import events, work
from textual.widgets import Static
from textual.worker import get_current_worker

from tracker.core.safe_text import visible_lines


def rendered_page(page: str, dark: bool = True) -> Markdown:
    """A ruleset's docs page as Markdown: headings, emphasis, lists, tables and code."""
    code_theme = "ansi_dark" if dark else "ansi_light"
    return Markdown(visible_lines(page), code_theme=code_theme, hyperlinks=False)


def laid_out(page: str, width: int, dark: bool) -> Segments:
    """The page drawn at ``width`` columns, as finished rows of segments."""
    console = Console(
        width=width, file=io.StringIO(), color_system="truecolor", legacy_windows=False
    )
    rows = console.render_lines(rendered_page(page, dark), console.options, pad=False)
    segments: list[Segment] = []
    for row in rows:
        segments.extend(row)
        segments.append(Segment.line())
    return Segments(segments)  # each row ends its line: the last one is counted too


class DocsPage(Static):
    """The ruleset's page (``name``: its widget id): a one-line placeholder until it is
    laid out at this width."""

    def __init__(self, page: str, dark: bool, name: str | None = None) -> None:
        super().__init__(Text("Laying out this ruleset's page…", style="dim"), id=name)
        self.page = page
        self.dark = dark
        self.laid_width = 0
        """The width the page was last laid out at (0: not yet)."""

    def on_resize(self, event: events.Resize) -> None:
        """Lay the page out again when the width changes."""
        width = self.content_size.width
        if width > 0 and width != self.laid_width:
            self.laid_width = width
            self.lay_out(width)

    @work(thread=True, exclusive=True, group="docs-page")
    def lay_out(self, width: int) -> None:
        """Draw the page at ``width`` off the UI thread, then show it."""
        drawn = laid_out(self.page, width, self.dark)
        if not get_current_worker().is_cancelled:  # a newer width is on its way
            self.app.call_from_thread(self.update, drawn)
