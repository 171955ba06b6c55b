"""The recap as Markdown: a heading per round, a sub-heading per turn, then the summary.

Reads well in a notes vault (Obsidian, a wiki) and in a chat message: log sentences are
escaped, undone lines struck through, GM-only lines marked in the GM's copy.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tracker.export.cells import cell_len, pad_cells
from tracker.export.charts import damage_chart_lines
from tracker.export.logbook import LogLine
from tracker.export.recap import HISTORY_LINES, Recap, RoundBlock
from tracker.export.summary import (
    NUMERIC_COLUMNS,
    TABLE_HEADER,
    lasting_marks,
    rounds_sentence,
    table_rows,
)

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&#])")
_LEADING = re.compile(r"^([+=-])")
_NUMBERED = re.compile(r"^(\d+)([.)])")


def escape(text: str) -> str:
    """Text that Markdown shows as written (no stray emphasis, tables, headings, rules,
    numbered lists or character references such as ``&amp;``)."""
    text = _SPECIAL.sub(r"\\\1", " ".join(text.split()))
    return _NUMBERED.sub(r"\1\\\2", _LEADING.sub(r"\\\1", text))


def render_markdown(recap: Recap) -> str:
    """The whole recap as one Markdown document."""
    out = [f"# {escape(recap.heading)}", "", f"*{escape(recap.byline)}*", ""]
    for block in recap.blocks:
        out.extend(_round(block))
    out.extend(_summary(recap))
    return "\n".join(out).rstrip("\n") + "\n"


def _round(block: RoundBlock) -> list[str]:
    out = [f"## {block.heading}", ""]
    out.extend(line_markdown(line) for line in block.lines)
    if block.lines:
        out.append("")
    for turn in block.turns:
        mark = " *(GM only)*" if turn.hidden else ""
        out.append(f"### {escape(turn.heading)}{mark}")
        out.append("")
        out.extend(line_markdown(line) for line in turn.lines)
        if turn.lines:
            out.append("")
    return out


def line_markdown(line: LogLine) -> str:
    """One log line as a list item."""
    text = escape(line.text)
    if line.type == "note.added":
        text = f"*{'GM note' if line.gm_only else 'Note'}:* {text}"
    if line.undone:
        text = f"~~{text}~~ *(undone)*"
    elif line.type in HISTORY_LINES:
        text = f"*{text}*"
    if line.marked_gm_only:
        text += " *(GM only)*"
    return f"- {text}"


def _summary(recap: Recap) -> list[str]:
    summary = recap.summary
    out = ["## Summary", "", rounds_sentence(summary), ""]
    rows = table_rows(summary)
    if rows:
        out.extend([*table([TABLE_HEADER, *rows], NUMERIC_COLUMNS), ""])
    for title, marks in lasting_marks(summary):
        if marks:
            out.append(f"**{title}**")
            out.append("")
            out.extend(f"- {escape(name)}: {escape(what)}" for name, what in marks)
            out.append("")
    chart = damage_chart_lines(summary)
    if chart:
        out.extend(["### Damage dealt per round, by side", "", "```text", *chart, "```", ""])
    return out


def table(rows: Sequence[Sequence[str]], numeric: Sequence[int] = ()) -> list[str]:
    """A Markdown table (the first row its header) with its cells escaped and padded to
    their column, so it reads as a table where Markdown is not rendered (a chat message)
    too; ``numeric`` columns are aligned right."""
    cells = [[escape(cell) for cell in row] for row in rows]
    widths = [max(3, *(cell_len(row[i]) for row in cells)) for i in range(len(cells[0]))]

    def line(row: Sequence[str]) -> str:
        padded = (
            " " * (w - cell_len(c)) + c if i in numeric else pad_cells(c, w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        return "| " + " | ".join(padded) + " |"

    rule = [
        ("-" * (w - 1) + ":" if i in numeric else ":" + "-" * (w - 1)) for i, w in enumerate(widths)
    ]
    return [line(cells[0]), "| " + " | ".join(rule) + " |", *(line(row) for row in cells[1:])]
