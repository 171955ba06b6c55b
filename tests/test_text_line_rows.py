"""The message under the command bar skips Rich's wrapping for a text that is one row as
it stands (most messages): what it shows must be what the wrapping would have made."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from tracker.ui.panes.text_line import _fits

CONSOLE = Console(width=200)
SPANS = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3)
JUSTIFY = st.sampled_from([None, "default", "left", "center", "right", "full"])


@settings(max_examples=400, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab  é漢\u0301\t\n-✗·")), max_size=40),
    st.integers(1, 45),
    SPANS,
    JUSTIFY,
)
def test_a_text_that_fits_is_the_row_rich_would_make(
    words: str, width: int, spans: list[tuple[int, int]], justify: str | None
) -> None:
    text = Text(words, "bold", justify=justify)  # type: ignore[arg-type]
    for start, end in spans:
        text.stylize("red", start, end)
    if _fits(text, width):
        rows = list(text.wrap(CONSOLE, width))
        assert [(r.plain, r.spans, r.style) for r in rows] == [(words, text.spans, "bold")]


def test_a_long_text_or_one_with_a_line_break_is_wrapped() -> None:
    assert _fits(Text("Round 3 · Ann's turn"), 20)
    assert not _fits(Text("Round 3 · Ann's turn"), 19)
    assert not _fits(Text("one\ntwo"), 40)
    assert not _fits(Text("x", justify="center"), 40)
