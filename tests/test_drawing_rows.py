"""The side panes draw a line that fits directly, without Rich's wrapping; the rows must be
exactly what Rich would draw (same text, same colours, same padding), whatever the line."""

from __future__ import annotations

import io
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from tracker.ui.panes.drawing import RowCache, rendered_rows

STYLES = [Style(), Style(bold=True), Style(color="red"), Style(bgcolor="blue", italic=True)]
WORDS = st.text(alphabet="ab ·█░—…字x\t\n", max_size=30)


@st.composite
def lines(draw: st.DrawFn) -> Text:
    """A line as the panes build them: a base style, spans, sometimes a justify."""
    plain = draw(WORDS)
    line = Text(plain, style=draw(st.sampled_from(STYLES)))
    line.justify = draw(st.sampled_from([None, None, "default", "left", "center"]))
    line.end = draw(st.sampled_from(["\n", "\n", "\n", ""]))
    for _ in range(draw(st.integers(0, 3))):
        start = draw(st.integers(0, len(plain)))
        end = draw(st.integers(start, len(plain)))
        line.stylize(draw(st.sampled_from(STYLES)), start, end)
    return line


def by_rich(drawn: list[Text], width: int, console: Console) -> list[Strip]:
    """What Rich draws for the lines as one group, padded to the width."""
    options = console.options.update_width(width)
    return [Strip(row, width) for row in console.render_lines(Group(*drawn), options, pad=True)]


def drawn_as(row: Strip) -> list[Segment]:
    """A row as it shows: runs of text in one style (how Rich cuts them does not show)."""
    return list(Segment.simplify(segment for segment in row if segment.text))


@settings(max_examples=300, deadline=None)
@given(st.lists(lines(), max_size=6), st.integers(min_value=1, max_value=40))
def test_rows_are_what_rich_would_draw(drawn: list[Text], width: int) -> None:
    console = Console(width=80, file=io.StringIO(), color_system="truecolor")
    ours = rendered_rows(drawn, width, console)
    assert [drawn_as(row) for row in ours] == [
        drawn_as(row) for row in by_rich(drawn, width, console)
    ]
    assert all(row.cell_length == width for row in ours)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(lines(), max_size=6),
    st.lists(lines(), max_size=6),
    st.integers(min_value=1, max_value=40),
)
def test_a_pane_drawn_again_shows_the_new_lines(
    first: list[Text], second: list[Text], width: int
) -> None:
    """A pane keeps each line's rows for its next drawing: whatever the next drawing
    holds (the same words in another colour, a line moved, a line gone), its rows are
    what Rich would draw for it, never a row kept from before."""
    console = Console(width=80, file=io.StringIO(), color_system="truecolor")
    kept: RowCache = {}
    rendered_rows(first, width, console, kept)
    again = rendered_rows([*second, *first], width, console, kept)
    assert [drawn_as(row) for row in again] == [
        drawn_as(row) for row in by_rich([*second, *first], width, console)
    ]


class Counted(Text):
    """A line that counts how often it is drawn."""

    drawn = 0

    def render(self, console: Console, end: str = "") -> Iterable[Segment]:
        """Count, then draw as Rich does."""
        Counted.drawn += 1
        return super().render(console, end)


def test_a_line_unchanged_since_the_last_drawing_is_not_drawn_again() -> None:
    """A turn changes a line or two of the status pane: only those are drawn again."""
    console = Console(width=80, file=io.StringIO(), color_system="truecolor")

    def pane(wounds: int) -> list[Text]:
        lines: list[Text] = [Counted("Unit-01 · pc · active"), Counted(f"Wounds {wounds}/4")]
        for line in lines:
            line.stylize(Style(bold=True), 0, 4)
        return lines

    kept: RowCache = {}
    rendered_rows(pane(1), 30, console, kept)
    Counted.drawn = 0
    rows = rendered_rows(pane(2), 30, console, kept)
    assert Counted.drawn == 1
    assert [row.text.rstrip() for row in rows] == ["Unit-01 · pc · active", "Wounds 2/4"]
