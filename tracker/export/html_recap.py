"""The recap as an HTML page that looks like the TUI's log, in the encounter's theme.

Drawn with Rich on a recording console (its own ``io.StringIO`` file, a fixed width)
and exported with ``export_html``. Colours come from the theme file (``theme.py``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from html import escape

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.terminal_theme import TerminalTheme
from rich.text import Text

from tracker.export.charts import BAR_WIDTH, bar_rows, side_totals, trend, trend_note
from tracker.export.contrast import READABLE, contrast, mix, readable_palette
from tracker.export.logbook import LogLine
from tracker.export.recap import HISTORY_LINES, Recap, RoundBlock
from tracker.export.summary import (
    NUMERIC_COLUMNS,
    SIDE_LABELS,
    TABLE_HEADER,
    lasting_marks,
    rounds_sentence,
    table_rows,
)
from tracker.export.theme import Palette, load_palette

WIDTH = 100

PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{
    color: {foreground};
    background-color: {background};
    margin: 2em;
}}
@media (max-width: 40em) {{ body {{ margin: 0.75em; }} }}
pre {{ font-family: Menlo, 'DejaVu Sans Mono', Consolas, 'Courier New', monospace;
        font-size: 14px; line-height: 1.35; margin: 0; max-width: 100%; }}
pre.prose {{ white-space: pre-wrap; overflow-wrap: anywhere; }}
pre.rule {{ overflow: hidden; }}
pre.wide {{ overflow-x: auto; }}
@media print {{
    body {{ background-color: #fff; color: #000; margin: 0; }}
    pre {{ font-size: 10px; }}
    pre span {{ color: #000 !important; }}
    pre.wide {{ overflow: visible; }}
}}
</style>
</head>
<body>
{blocks}
</body>
</html>
"""
"""The page: each block a ``pre`` of its own, so a phone scrolls sideways only inside a
table or chart (``wide``), wraps prose (long words too) and cuts rules at its edge;
never the page. Printed, it is black on white (a browser leaves the theme's background
out, which would leave its light text on white paper) in a size that fits the page."""

TYPE_COLOURS = {
    "combatant.status": "accent",
    "injury.added": "error",
    "condition.applied": "warning",
    "condition.removed": "success",
    "reminder.raised": "accent",
    "dice.rolled": "secondary",
}
SIDE_COLOURS = {
    "pc": "primary",
    "ally": "success",
    "enemy": "error",
    "neutral": "secondary",
    "other": "warning",
}


_MEASURE = Console(width=WIDTH, file=io.StringIO(), legacy_windows=False)
"""A console only for measuring text as the page's consoles will."""


def render_html(recap: Recap, palette: Palette | None = None) -> str:
    """The whole recap as a standalone HTML page (its text in the theme's colours, each
    taken just far enough towards black or white to read on the page)."""
    colours = readable_palette(palette or load_palette(recap.theme))
    return html_page(recap.heading, page_parts(recap, colours), colours)


def html_page(title: str, parts: Iterable[RenderableType], palette: Palette) -> str:
    """A standalone HTML page titled ``title`` (user text: escaped here), drawing ``parts``
    on recording consoles (their own ``io.StringIO``, ``WIDTH`` columns) in ``palette``:
    running text wraps to the screen; a table or chart (a ``Table`` or ``Group``) scrolls
    sideways in its own box."""
    blocks = [_block(kind, group, palette) for kind, group in _grouped(parts)]
    return PAGE.format(
        title=escape(title),
        foreground=palette.foreground,
        background=palette.background,
        blocks="\n".join(blocks),
    )


def _grouped(parts: Iterable[RenderableType]) -> list[tuple[str, list[RenderableType]]]:
    """``parts`` in runs of one kind: ``prose`` (texts), ``rule`` or ``wide``."""
    runs: list[tuple[str, list[RenderableType]]] = []
    for part in parts:
        kind = "rule" if isinstance(part, Rule) else "wide"
        kind = "prose" if isinstance(part, Text) else kind
        if runs and runs[-1][0] == kind == "prose":
            runs[-1][1].append(part)
        else:
            runs.append((kind, [part]))
    return runs


def _block(kind: str, parts: list[RenderableType], palette: Palette) -> str:
    """One ``pre`` of the page: ``parts`` drawn and exported with inline styles."""
    console = Console(
        record=True,
        file=io.StringIO(),
        width=WIDTH,
        color_system="truecolor",
        force_terminal=True,
        legacy_windows=False,
        highlight=False,
    )
    for renderable in parts:
        console.print(renderable)
    code = console.export_html(
        theme=terminal_theme(palette), code_format="{code}", inline_styles=True
    )
    return f'<pre class="{kind}"><code style="font-family:inherit">{code}</code></pre>'


def page_parts(recap: Recap, p: Palette) -> list[RenderableType]:
    """One recap's heading, rounds and tables as Rich renderables (user text as Text)."""
    parts: list[RenderableType] = [
        Text(recap.heading, style=f"bold {p.primary}"),
        Text(recap.byline, style=muted(p)),
        Text(""),
    ]
    for block in recap.blocks:
        parts.extend(_round(block, p))
    parts.extend(_summary(recap, p))
    return parts


def _round(block: RoundBlock, p: Palette) -> list[RenderableType]:
    parts: list[RenderableType] = [
        Rule(Text(block.heading, style=f"bold {p.primary}"), align="left", style=p.secondary)
    ]
    parts.extend(line_text(line, p, indent=2) for line in block.lines)
    for turn in block.turns:
        heading = Text(f"  ▶ {turn.heading}", style=f"bold {p.accent}")
        if turn.hidden:
            heading.append("  [GM only]", style=f"italic {p.warning}")
        parts.append(heading)
        parts.extend(line_text(line, p, indent=4) for line in turn.lines)
    parts.append(Text(""))
    return parts


def line_text(line: LogLine, p: Palette, indent: int = 2) -> Text:
    """One log line, coloured by what happened; undone lines struck through; a line too
    long for the page wraps two cells further in than it starts."""
    text = Text()
    colour = getattr(p, TYPE_COLOURS.get(line.type, "foreground"))
    if line.type == "note.added":
        label = "GM note: " if line.gm_only else "Note: "
        text.append(label, style=f"italic {p.warning if line.gm_only else p.accent}")
    if line.undone:
        text.append(line.text, style=f"strike {muted(p)}")
        text.append("  (undone)", style=f"italic {muted(p)}")
    elif line.type in HISTORY_LINES:
        text.append(line.text, style=f"italic {muted(p)}")
    else:
        bold = "bold " if line.type == "combatant.status" else ""
        text.append(line.text, style=f"{bold}{colour}")
    if line.marked_gm_only:
        text.append("  [GM only]", style=f"italic {p.warning}")
    return hanging(text, indent)


def hanging(text: Text, indent: int) -> Text:
    """``text`` at ``indent``, wrapped to the page with its later lines two cells further
    in (the console would start them at the page's edge)."""
    pieces = text.wrap(_MEASURE, WIDTH - indent - 2)
    out = Text()
    for n, piece in enumerate(pieces):
        out.append("\n" + " " * (indent + 2) if n else " " * indent)
        piece.rstrip()
        out.append_text(piece)
    return out


def _summary(recap: Recap, p: Palette) -> list[RenderableType]:
    summary = recap.summary
    parts: list[RenderableType] = [
        Rule(Text("Summary", style=f"bold {p.primary}"), align="left", style=p.secondary),
        Text(rounds_sentence(summary)),
    ]
    rows = table_rows(summary)
    if rows:
        parts.append(_table(rows, p))
    for title, marks in lasting_marks(summary):
        if marks:
            parts.extend([Text(""), Text(title, style=f"bold {p.accent}")])
            parts.extend(Text(f"  {name}: {what}") for name, what in marks)
    parts.extend(_chart(recap, p))
    return parts


def _table(rows: list[tuple[str, ...]], p: Palette) -> Table:
    table = Table(
        header_style=f"bold {p.primary}", border_style=p.secondary, show_edge=False, pad_edge=False
    )
    for index, title in enumerate(TABLE_HEADER):
        table.add_column(title, justify="right" if index in NUMERIC_COLUMNS else "left")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))  # names are data, never markup
    return table


def _chart(recap: Recap, p: Palette) -> list[RenderableType]:
    summary = recap.summary
    if not any(r.total for r in summary.damage):
        return []
    heading = [Text(""), Text("Damage dealt per round, by side", style=f"bold {p.accent}")]
    lines: list[RenderableType] = []
    label = max(len(SIDE_LABELS[s]) for s in summary.sides)
    for row in bar_rows(summary):
        where = f"Round {row.round}" if row.round else ""
        line = Text(f"  {where:<9}{SIDE_LABELS[row.side]:<{label}}  ")
        line.append(f"{row.bar:<{BAR_WIDTH}}", style=side_colour(row.side, p))
        line.append(f" {row.amount}")
        lines.append(line)
    lines.append(Text(""))
    for index, (side, values) in enumerate(side_totals(summary)):
        where = "Trend" if index == 0 else ""
        line = Text(f"  {where:<9}{SIDE_LABELS[side]:<{label}}  ")
        line.append(trend(values), style=side_colour(side, p))
        line.append(f"  total {sum(values)}")
        lines.append(line)
    if note := trend_note(summary):
        lines.append(Text(f"  {'':<9}{note}", style=f"italic {muted(p)}"))
    return [*heading, Group(*lines)]  # one block: the bars scroll together, never wrap


def side_colour(side: str, p: Palette) -> str:
    """The theme colour that stands for a side in the chart."""
    return str(getattr(p, SIDE_COLOURS.get(side, "foreground")))


def muted(p: Palette) -> str:
    """The quietest colour between the text and the background that still reads there
    (halfway where that reads: quiet lines are read too)."""
    for step in range(10, 0, -1):
        shade = mix(p.foreground, p.background, step / 20)
        if contrast(shade, p.background) >= READABLE:
            return shade
    return p.foreground


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def terminal_theme(p: Palette) -> TerminalTheme:
    """The palette as the terminal theme Rich's HTML export colours with."""
    bright = [
        _rgb(c)
        for c in (
            p.foreground,
            p.error,
            p.success,
            p.warning,
            p.primary,
            p.accent,
            p.secondary,
            p.foreground,
        )
    ]
    return TerminalTheme(_rgb(p.background), _rgb(p.foreground), bright)
