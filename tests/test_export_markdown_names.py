"""A Markdown recap shows every name and note as written once rendered: no stray
backslash before a number, no ``&amp;`` turned into ``&``, no line read as a rule, a
heading closed early or a tag, checked with a CommonMark renderer (markdown-it)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from rich.cells import cell_len

from tracker.core.dice import Dice
from tracker.export.formats import FORMATS, recap_of
from tracker.export.markdown import escape
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import EncounterFile, load, new_file

RENDERER = MarkdownIt("commonmark").enable("table").enable("strikethrough")
MARKDOWN_SIGNS = "ab1 #-*_+=.)>&;![]()<`~|\\:/\"'"


def shown(source: str) -> str:
    """The text a reader sees once ``source`` is rendered."""
    return html.unescape(re.sub(r"<[^>]+>", "", RENDERER.render(source))).strip()


def rendered_cells(source: str) -> list[str]:
    """The text of every table cell in the rendered ``source``."""
    cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", RENDERER.render(source))
    return [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in cells]


@settings(max_examples=400)
@given(st.text(alphabet=MARKDOWN_SIGNS, min_size=1, max_size=12))
def test_any_text_reads_as_written_in_a_list_a_heading_and_a_table(text: str) -> None:
    want = " ".join(text.split())
    if not want:
        return
    assert shown(f"- {escape(text)}") == want
    assert shown(f"### {escape(text)}") == want
    table = f"| a | b |\n| :-- | :-- |\n| {escape(text)} | x |\n"
    assert rendered_cells(table) == ["a", "b", want, "x"]


def test_names_and_notes_in_a_recap_read_as_written(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    new_file(path, "basic", "R&amp;D #4")
    with EncounterFile(path) as gm:
        for line in (
            "add 1. Tobin side=pc hp=9",
            "add Goblin #2 hp=5",
            "start",
            "note 2) hold the ford",
            "note ---",
            "dmg 1. 3",
        ):
            gm.execute(line, Dice(seed=3))
    text = shown(FORMATS["md"].render(recap_of(load(path), ExportOptions(gm=True))))
    assert "R&amp;D #4 — round log" in text
    assert "1. Tobin initiative" in text
    assert "1. Tobin's turn" in text or "Goblin #2's turn" in text
    assert "Note: 2) hold the ford" in text
    assert "Note: ---" in text
    assert "1. Tobin: HP 9 → 6" in text
    assert "\\" not in text


def bars_at(line: str) -> list[int]:
    """The terminal columns of a table row's ``|`` separators (escaped ones aside)."""
    columns, at, escaped = [], 0, False
    for char in line:
        if char == "|" and not escaped:
            columns.append(at)
        escaped = char == "\\" and not escaped
        at += cell_len(char)
    return columns


def test_the_summary_table_lines_up_in_the_raw_text(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    new_file(path, "basic", "Tokyo")
    with EncounterFile(path) as gm:
        for line in ("add 碇シンジ side=pc hp=9", "add Goblin | the *first* hp=5", "start"):
            gm.execute(line, Dice(seed=3))
    text = FORMATS["md"].render(recap_of(load(path), ExportOptions(gm=True)))
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(rows) == 4
    assert len({tuple(bars_at(row)) for row in rows}) == 1
    assert rendered_cells("\n".join(rows))[6:8] == ["碇シンジ", "PC"]
    assert rendered_cells("\n".join(rows))[12] == "Goblin | the *first*"
