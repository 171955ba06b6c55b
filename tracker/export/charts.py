"""Damage dealt by side, round by round, as pictures made of block characters.

``bar`` draws one horizontal bar to eighth-of-a-cell precision; ``sparkline`` one glyph
per value, and ``trend`` one glyph per round (per run of rounds in a long fight, so the
line fits the page). ``damage_chart_lines`` lays both out as plain text (Markdown puts it in a
fenced block); the HTML export colours the same bars with Rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.export.summary import SIDE_LABELS, EncounterSummary

BAR_WIDTH = 30
TREND_WIDTH = 40
"""The most glyphs a trend line takes: a longer fight gives a glyph to a run of rounds."""
_EIGHTHS = " ▏▎▍▌▋▊▉"
_SPARKS = "▁▂▃▄▅▆▇█"
_NOTHING = "·"


def bar(value: int, top: int, width: int = BAR_WIDTH) -> str:
    """A bar ``value/top`` of ``width`` cells, in whole and eighth blocks."""
    if value <= 0 or top <= 0:
        return ""
    eighths = max(1, round(value * width * 8 / top))
    whole, part = divmod(eighths, 8)
    return "█" * whole + (_EIGHTHS[part] if part else "")


def sparkline(values: Sequence[int]) -> str:
    """One glyph per value, ``▁`` (least) to ``█`` (most); ``·`` for nothing."""
    top = max(values, default=0)
    if top <= 0:
        return _NOTHING * len(values)
    steps = len(_SPARKS)
    return "".join(
        _SPARKS[max(1, round(v * steps / top)) - 1] if v > 0 else _NOTHING for v in values
    )


def rounds_per_glyph(rounds: int, width: int = TREND_WIDTH) -> int:
    """How many rounds one glyph of a trend line stands for (1 up to ``width`` rounds)."""
    return max(1, -(-rounds // width))


def trend(values: Sequence[int], width: int = TREND_WIDTH) -> str:
    """A sparkline of damage per round in at most ``width`` glyphs (runs of rounds summed)."""
    per = rounds_per_glyph(len(values), width)
    return sparkline([sum(values[i : i + per]) for i in range(0, len(values), per)])


def trend_note(summary: EncounterSummary) -> str:
    """``each glyph of a trend: 2 rounds`` when a glyph stands for more than one round."""
    per = rounds_per_glyph(len(summary.damage))
    return f"each glyph of a trend: {per} rounds" if per > 1 else ""


@frozen_record
class BarRow(FrozenRecord):
    """One bar of the chart: which round (0 on continuation rows), side, amount, bar."""

    round: int
    side: str
    amount: int
    bar: str


def bar_rows(summary: EncounterSummary, width: int = BAR_WIDTH) -> list[BarRow]:
    """A bar per side for every round of the summary, scaled to the biggest."""
    top = max((amount for r in summary.damage for _, amount in r.by_side), default=0)
    rows: list[BarRow] = []
    for damage in summary.damage:
        for index, (side, amount) in enumerate(damage.by_side):
            rows.append(
                BarRow(damage.round if index == 0 else 0, side, amount, bar(amount, top, width))
            )
    return rows


def side_totals(summary: EncounterSummary) -> list[tuple[str, list[int]]]:
    """(side, damage per round) for each side in the chart."""
    return [(side, [dict(r.by_side)[side] for r in summary.damage]) for side in summary.sides]


def damage_chart_lines(summary: EncounterSummary, width: int = BAR_WIDTH) -> list[str]:
    """The chart as text lines (empty when no damage was dealt in the rounds shown)."""
    if not summary.damage or not any(r.total for r in summary.damage):
        return []
    label = max(len(SIDE_LABELS[s]) for s in summary.sides)
    digits = len(str(max(amount for r in summary.damage for _, amount in r.by_side)))
    head = max(len(f"Round {r.round}") for r in summary.damage)
    lines = []
    for row in bar_rows(summary, width):
        where = f"Round {row.round}" if row.round else ""
        lines.append(
            f"{where:<{head}}  {SIDE_LABELS[row.side]:<{label}}  "
            f"{row.bar:<{width}} {row.amount:>{digits}}".rstrip()
        )
    lines.append("")
    for index, (side, values) in enumerate(side_totals(summary)):
        where = "Trend" if index == 0 else ""
        lines.append(
            f"{where:<{head}}  {SIDE_LABELS[side]:<{label}}  {trend(values)}  total {sum(values)}"
        )
    note = trend_note(summary)
    return [*lines, f"{'':<{head}}  {note}"] if note else lines
