"""The side panes draw a line that fits directly, without Rich's wrapping; the rows must be
exactly what Rich would draw (same text, same colours, same padding), whatever the line."""

from __future__ import annotations

import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.events import Resize
from textual.geometry import Size
from textual.strip import Strip

from tests.ui_helpers import ui_test
from tracker.ui.panes.drawing import Drawing, rendered_rows

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


class OneDrawing(App[None]):
    """A drawing alone on the screen."""

    def compose(self) -> ComposeResult:
        """The drawing."""
        yield Drawing(id="drawing")


def random_line(rng: random.Random) -> Text:
    """A line of a few words, alike to others often enough (the same name, a bar)."""
    line = Text(rng.choice(["Orc", "Ann ████░░", "Bo · enemy", "", "Prone 2"]))
    line.style = rng.choice(STYLES)
    if line.plain and rng.random() < 0.5:
        line.stylize(rng.choice(STYLES), 0, rng.randint(0, len(line.plain)))
    return line


@ui_test
async def test_a_drawing_redrawn_shows_what_rich_would_draw() -> None:
    """Rows reused from the last drawing (a line that reads and looks the same) are the
    rows Rich draws for the new lines, in a drawing of any lines drawn after any others."""
    rng = random.Random(32)
    app = OneDrawing()
    async with app.run_test(size=(30, 12)) as pilot:
        drawing = app.query_one(Drawing)
        console = Console(width=80, file=io.StringIO(), color_system="truecolor")
        for _ in range(150):
            drawn = [random_line(rng) for _ in range(rng.randint(0, 6))]
            drawing.draw(drawn)
            expected = by_rich(drawn, 30, console)
            shown = drawing.rows[: len(expected)]
            assert [drawn_as(row) for row in shown] == [drawn_as(row) for row in expected]
        await pilot.pause()


def ruler(width: int) -> list[Text]:
    """Lines that depend on the width they are made for (a bar across the pane)."""
    return [Text(f"made for {width}"), Text("─" * width)]


@ui_test
async def test_a_drawing_alone_makes_its_lines_again_for_a_new_width() -> None:
    """A drawing given a maker shows, after a resize, the lines made for the new width
    (not the old width's lines wrapped again), whether the resize reaches it before its
    next paint (the Resize event itself) or after (a resized terminal); the maker is kept
    for the next resize."""
    app = OneDrawing()
    async with app.run_test(size=(30, 12)) as pilot:
        drawing = app.query_one(Drawing)
        drawing.draw(ruler(30), ruler)
        await pilot.pause()
        drawing.post_message(Resize(Size(44, 12), Size(44, 12)))
        await pilot.pause()
        assert [line.plain for line in drawing.lines] == ["made for 44", "─" * 44]
        for width in (40, 36):
            await pilot.resize_terminal(width, 12)
            await pilot.pause()
            shown = [row.text.rstrip() for row in drawing.rows]
            assert shown[:2] == [f"made for {width}", "─" * width]


class LateDrawing(Drawing):
    """A drawing painted at a new width before its Resize reaches it (a scrollbar that
    came after its rows were made takes a column)."""

    def on_resize(self, event: Resize) -> None:
        """The Resize not handled yet."""
        event.prevent_default()


class OneLateDrawing(App[None]):
    """A late drawing alone on the screen."""

    def compose(self) -> ComposeResult:
        """The drawing."""
        yield LateDrawing(id="drawing")


@ui_test
async def test_rows_made_for_another_width_are_made_again_as_painted() -> None:
    # the flake of test_ui_uncut: a reminder's rows made 30 cells wide, painted at 29,
    # read "at the start o" (a letter cut at the pane's edge)
    said = "Defiance Check at the start of the turn (d6: 4+ stabilised)"
    app = OneLateDrawing()
    async with app.run_test(size=(30, 12)) as pilot:
        drawing = app.query_one(Drawing)
        drawing.draw([Text(said)])
        await pilot.pause()
        assert drawing.render_line(0).text == "Defiance Check at the start of"
        await pilot.resize_terminal(29, 12)
        await pilot.pause()
        shown = [drawing.render_line(y).text for y in range(3)]
        assert all(len(row) == 29 for row in shown)
        assert " ".join(" ".join(shown).split()) == said
