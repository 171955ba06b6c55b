"""The panes' line views reuse what they worked out for a line handed over again (the
initiative order hands over the same 100 rows at every turn): what is shown stays the
same as working it all out anew — inert, and as many rows as the wrap makes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult

from tests.ui_helpers import ui_test
from tracker.ui.panes.lines_view import LinesView
from tracker.ui.panes.status_fit import rows_needed

OSC52 = "\x1b]52;c;YQ==\x07"
"""An OSC 52 sequence (Rich drops the BEL of a ``Text``; the ESC is shown as ␛)."""


class OneView(App[None]):
    """A line view alone on the screen."""

    def compose(self) -> ComposeResult:
        """The view."""
        yield LinesView(id="view")


@ui_test
async def test_a_line_handed_over_again_stays_inert() -> None:
    app = OneView()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LinesView)
        hostile, plain = Text(f"Orc {OSC52}"), Text("Ann")
        view.set_lines([hostile, plain])
        first = view.plain_lines
        view.set_lines([hostile, plain, Text(f"new {OSC52}")], cursor=0)
        await pilot.pause()
        assert first[0] == view.plain_lines[0] == "Orc ␛]52;c;YQ=="
        assert view.plain_lines[1:] == ["Ann", "new ␛]52;c;YQ=="]
        assert not any("\x1b" in line for line in view.plain_lines)
        view.set_lines([Text(f"Goblin {OSC52}"), plain])  # the same place, another line
        assert view.plain_lines == ["Goblin ␛]52;c;YQ==", "Ann"]


WORDS = st.text(alphabet=st.sampled_from("ab 字\t\n-"), max_size=40)


@settings(max_examples=200, deadline=None)
@given(st.lists(WORDS, max_size=5), st.integers(min_value=-1, max_value=30))
def test_rows_needed_is_what_the_wrap_makes(lines: list[str], width: int) -> None:
    console = Console(width=80)
    texts = [Text(line) for line in lines]
    wrapped = (
        len(texts) if width <= 0 else sum(max(1, len(text.wrap(console, width))) for text in texts)
    )
    assert rows_needed(texts, width, console) == wrapped


@ui_test
async def test_the_view_is_as_wide_as_its_widest_line_whatever_came_and_went() -> None:
    """The widest line is kept as lines are added and replaced (a long log is not looked
    through again at every line): the view is always exactly as wide as its widest line."""
    rng = random.Random(32)
    app = OneView()
    async with app.run_test(size=(40, 10)):
        view = app.query_one(LinesView)
        for _ in range(300):
            shown = list(view.lines)
            step = rng.random()
            if step < 0.4:
                view.add_lines([Text("x" * rng.randint(0, 60)) for _ in range(rng.randint(1, 3))])
            elif step < 0.8 and shown:
                shown[rng.randrange(len(shown))] = Text("y" * rng.randint(0, 60))
                view.set_lines(shown)
            else:
                view.set_lines([Text("z" * rng.randint(0, 60)) for _ in range(rng.randint(0, 5))])
            widest = max((line.cell_len for line in view.lines), default=0)
            assert view.virtual_size.width == widest
