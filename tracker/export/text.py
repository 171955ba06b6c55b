"""The recap as plain text: for a terminal, an e-mail, or a printout.

Every line fits 80 terminal cells: long sentences wrap under their own indent, and a
summary table too wide for the page wraps its widest words columns.
"""

from __future__ import annotations

from tracker.export.cells import cell_len, pad_cells, wrap_cells
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

WIDTH = 80
"""The page's width in terminal cells."""
SHRINKING = ((4, 12), (5, 12), (0, 8))
"""The summary columns wrapped when the table is too wide, and how narrow each may get:
At the end and Fell (the wider first), then Combatant."""


def render_text(recap: Recap) -> str:
    """The whole recap as plain text."""
    out = [*_titled(recap.heading, "="), *_byline(recap.byline), ""]
    for block in recap.blocks:
        out.extend(_round(block))
    out.extend(_summary(recap))
    return "\n".join(out).rstrip("\n") + "\n"


def _round(block: RoundBlock) -> list[str]:
    out = _titled(block.heading, "-")
    for line in block.lines:
        out.extend(wrapped(line_text(line), "  "))
    for turn in block.turns:
        out.extend(wrapped(turn.heading + ("  [GM only]" if turn.hidden else ""), "  "))
        for line in turn.lines:
            out.extend(wrapped(line_text(line), "    "))
    out.append("")
    return out


def wrapped(text: str, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``WIDTH`` cells: the first at ``indent``, the rest two
    cells further in."""
    lines = wrap_cells(text, WIDTH - len(indent) - 2)
    return [f"{indent}{lines[0]}", *(f"{indent}  {line}" for line in lines[1:])]


def _byline(text: str) -> list[str]:
    """The byline in lines of whole parts (``ruleset · day · rounds``), where they fit."""
    lines = [""]
    for part in text.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines[-1] else part
        if cell_len(joined) <= WIDTH - 2 or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(part)
    return [line for whole in lines for line in wrapped(whole)]


def _titled(text: str, rule: str) -> list[str]:
    """A heading underlined with ``rule`` as wide as it is (in cells, wide letters too)."""
    lines = wrap_cells(text, WIDTH)
    return [*lines, rule * max(cell_len(line) for line in lines)]


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
            for name, what in marks:
                out.extend(wrapped(f"{name}: {what}", "  "))
            out.append("")
    chart = damage_chart_lines(summary)
    if chart:
        out.extend(["Damage dealt per round, by side", "", *(f"  {c}".rstrip() for c in chart), ""])
    return out


def columns(rows: list[tuple[str, ...]], room: int = WIDTH - 2) -> list[str]:
    """Rows laid out in aligned columns (numbers to the right) within ``room`` cells: a
    row whose words do not fit takes more than one line."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    while sum(widths) + 2 * (len(widths) - 1) > room:
        narrower = [i for i, least in SHRINKING if widths[i] > least]
        if not narrower:
            break
        widths[max(narrower[:2], key=lambda i: widths[i])] -= 1
    return [line for row in rows for line in _row_lines(row, widths)]


def _row_lines(row: tuple[str, ...], widths: list[int]) -> list[str]:
    cells = [wrap_cells(cell, w) for cell, w in zip(row, widths, strict=True)]
    return [
        "  ".join(
            _cell(cell[n] if n < len(cell) else "", w, i in NUMERIC_COLUMNS)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()
        for n in range(max(len(cell) for cell in cells))
    ]


def _cell(text: str, width: int, numeric: bool) -> str:
    return " " * (width - cell_len(text)) + text if numeric else pad_cells(text, width)
