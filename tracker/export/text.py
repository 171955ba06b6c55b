"""The recap as plain text: for a terminal, an e-mail, or a printout."""

from __future__ import annotations

from rich.cells import cell_len

from tracker.export.cells import pad_cells
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


def render_text(recap: Recap) -> str:
    """The whole recap as plain text."""
    out = [recap.heading, "=" * len(recap.heading), recap.byline, ""]
    for block in recap.blocks:
        out.extend(_round(block))
    out.extend(_summary(recap))
    return "\n".join(out).rstrip("\n") + "\n"


def _round(block: RoundBlock) -> list[str]:
    out = [block.heading, "-" * len(block.heading)]
    out.extend(f"  {line_text(line)}" for line in block.lines)
    for turn in block.turns:
        out.append(f"  {turn.heading}" + ("  [GM only]" if turn.hidden else ""))
        out.extend(f"    {line_text(line)}" for line in turn.lines)
    out.append("")
    return out


def line_text(line: LogLine) -> str:
    """One log line, marked when it is a note, undone, or GM-only."""
    text = " ".join(line.text.split())
    if line.type == "note.added":
        text = f"{'GM note' if line.gm_only else 'Note'}: {text}"
    if line.undone:
        text = f"[undone] {text}"
    elif line.type in HISTORY_LINES:
        text = f"({text})"
    if line.marked_gm_only:
        text += "  [GM only]"
    return text


def _summary(recap: Recap) -> list[str]:
    summary = recap.summary
    out = ["Summary", "-------", rounds_sentence(summary), ""]
    rows = table_rows(summary)
    if rows:
        out.extend(f"  {line}" for line in columns([TABLE_HEADER, *rows]))
        out.append("")
    for title, marks in lasting_marks(summary):
        if marks:
            out.append(f"{title}:")
            out.extend(f"  {name}: {what}" for name, what in marks)
            out.append("")
    chart = damage_chart_lines(summary)
    if chart:
        out.extend(["Damage dealt per round, by side", "", *(f"  {c}".rstrip() for c in chart), ""])
    return out


def columns(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows laid out in aligned columns (numbers to the right)."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            " " * (w - cell_len(cell)) + cell if i in NUMERIC_COLUMNS else pad_cells(cell, w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
