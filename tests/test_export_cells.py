"""Cells counted without Rich's tables for the letters one cell wide (``tracker log`` and
``tracker state`` start without them) agree with Rich's for any text."""

from __future__ import annotations

import rich.cells
from hypothesis import given
from hypothesis import strategies as st

from tracker.export.cells import NARROW, cell_len, fit_cells, pad_cells, wrap_cells

MIXED = st.text(
    st.one_of(
        st.characters(min_codepoint=0x20, max_codepoint=0x2FF),
        st.characters(min_codepoint=0x2000, max_codepoint=0x27BF),
        st.sampled_from("語あ한😀\u0301\u200b\t"),
    ),
    max_size=30,
)


def test_every_letter_counted_as_one_cell_is_one_cell_to_rich() -> None:
    narrow = [chr(c) for c in range(0x110000) if NARROW.fullmatch(chr(c))]
    assert len(narrow) > 1000
    assert [c for c in narrow if rich.cells.cell_len(c) != 1] == []


@given(MIXED)
def test_cells_are_counted_as_rich_counts_them(text: str) -> None:
    assert cell_len(text) == rich.cells.cell_len(text)


@given(MIXED, st.integers(min_value=2, max_value=40))
def test_a_column_is_exactly_as_wide_as_asked(text: str, width: int) -> None:
    fitted = fit_cells(text, width)
    assert rich.cells.cell_len(fitted) == width
    if rich.cells.cell_len(text) <= width:
        assert fitted.rstrip(" ") == text.rstrip(" ")
    else:
        assert fitted.endswith("…")
    assert rich.cells.cell_len(pad_cells(text, width)) == max(width, cell_len(text))


@given(MIXED, st.integers(min_value=2, max_value=40))
def test_wrapped_lines_fit_by_rich_measure(text: str, width: int) -> None:
    assert all(rich.cells.cell_len(line) <= width for line in wrap_cells(text, width))


def test_wide_letters_still_take_two_cells() -> None:
    assert cell_len("Ryōko 語") == 8
    assert fit_cells("Ryōko", 7) == "Ryōko  "
    assert fit_cells("Ryōko Kisaragi", 7) == "Ryōko …"
    assert fit_cells("語語語", 4) == "語 …"
