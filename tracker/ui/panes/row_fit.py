"""Fitting an initiative row to its pane without ever cutting a number.

A row is ``MARK INIT NAME SUMMARY BADGES``. Wider panes get the long forms (``Wounds
2/4``, ``Burning 2 · 3 rd``); narrower ones the short forms (``W 2/4``, ``Burn2·3``);
narrower still leave out whole badges (the least urgent first, counted as ``…2``) and then
whole summary parts of high rank. A name is whole whenever the main numbers leave room
for it (it outranks the long forms and the badges); else it is cut before a run of
digits, never inside one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from tracker.core.safe_text import NAME_LIMIT
from tracker.rules.display import Badge, SummaryPart

LEAD = 6
"""Cells before the name: the mark and its space, the initiative and its space."""
NAME_MIN = 8
NAME_MAX = NAME_LIMIT
"""A name is cut only when the pane has no room left for it (names are at most 80)."""
BADGE_ROOM = 10
"""Cells a row asks for its badges beyond those it has (a pane sized when the roster
changes still shows a condition given later)."""


@dataclass(frozen=True)
class FittedRow:
    """What a row shows: the name cut to its column, the summary, the badges, how many
    badges were left out and what says so (``more``: `` …2``, `` …`` or nothing)."""

    name: str
    summary: str
    badges: tuple[str, ...]
    left_out: int
    more: str = ""


def name_column(
    names: Sequence[str], width: int, needs: Sequence[int], marked: Sequence[int] = ()
) -> int:
    """The name column's width for a pane ``width`` cells wide: the longest name (at most
    ``NAME_MAX``), narrowed only so that every row's least summary still fits. ``needs``
    is each row's least summary with its badge count (``least_summary``), ``marked`` the
    same with a bare `` …`` for the count: a whole name outranks the long forms, the
    badges and the count's digits (``Sister Amelia S 6/6 W 8/8 …3`` beside ``Trooper Kell
    S 5/5 W 0/6 ✗1 …``, not ``Sister Amel…``). When even that leaves a name cut, every
    row keeps its count."""
    longest = max((cell_len(name) for name in names), default=NAME_MIN)
    whole = min(longest, NAME_MAX)
    for row_needs in (needs, marked):
        if row_needs and width - LEAD - 1 - max(row_needs) >= whole:
            return whole
    room = width - LEAD - 1 - max(needs, default=0)
    return max(min(whole, room), min(NAME_MIN, longest))


def row_cells(names: Sequence[str], spelled: Sequence[int]) -> int:
    """Cells the rows ask for: the longest name whole (at most ``NAME_MAX``) and the
    widest spelled-out summary (``spelled_summary``); 0 for no row."""
    if not names:
        return 0
    longest = max(cell_len(name) for name in names)
    return LEAD + min(longest, NAME_MAX) + 1 + max(spelled, default=0)


def whole_cells(names: Sequence[str], least: Sequence[int]) -> int:
    """Cells the rows need for every name whole beside its main numbers (``least``:
    each row's least summary) and a bare `` …`` for badges; 0 for no row."""
    if not names:
        return 0
    longest = max(cell_len(name) for name in names)
    return LEAD + min(longest, NAME_MAX) + 1 + max(least, default=0) + 2


def spelled_summary(parts: Sequence[SummaryPart], badges: Sequence[Badge] = ()) -> int:
    """Cells a row asks for after its name: the long forms, and its badges spelled out
    (at least ``BADGE_ROOM`` for badges yet to come)."""
    spelled = max(_width([b.long for b in badges]), BADGE_ROOM)
    return cell_len(_join([p.wide for p in parts])) + spelled


def least_summary(
    parts: Sequence[SummaryPart], badges: Sequence[Badge] = (), counted: bool = True
) -> int:
    """Cells a row needs after its name: the short forms of the rank-0 summary parts and,
    when it has badges, room to count them (`` …2``; not ``counted``: a bare `` …``); the
    badges themselves give way to the name."""
    need = cell_len(_join([p.short for p in parts if p.rank == 0]))
    if badges:
        need += 2 + (len(str(len(badges))) if counted else 0)
    return need


def fit_row(
    name: str, parts: Sequence[SummaryPart], badges: Sequence[Badge], room: int, column: int
) -> FittedRow:
    """Fit one row: ``room`` is the cells after the name column (``column`` wide).
    Badges outrank the spelling of the summary: the widest summary that leaves room for
    the most badges is taken. A row with nothing to show after its name (summary parts
    of rank 1 and up with no room) gives the name that room too."""
    fitting = [s for s in _summaries(parts) if cell_len(s) <= room]
    if not fitting:
        least = _join([p.short for p in parts if p.rank == 0])
        return FittedRow(elide(name, column), least, (), len(badges), more_text(0))
    best = max(fitting, key=lambda summary: _shown(badges, room - cell_len(summary)))
    shown, left_out = _badges(badges, room - cell_len(best))
    more = more_text(left_out, room - cell_len(best) - _width(shown))
    if not (best or shown or more):  # nothing after the name: it may use the row's room
        return FittedRow(elide(name, column + room), "", (), left_out)
    return FittedRow(elide(name, column), best, shown, left_out, more)


def _shown(badges: Sequence[Badge], room: int) -> tuple[int, bool]:
    """How many badges fit in ``room``, and whether the count of the rest does too."""
    shown, left_out = _badges(badges, room)
    marked = not left_out or _width(shown) + 2 + len(str(left_out)) <= room
    return len(shown), marked


def _summaries(parts: Sequence[SummaryPart]) -> list[str]:
    """The summary from the widest to the narrowest honest form."""
    ranks = sorted({p.rank for p in parts if p.rank > 0}, reverse=True)
    forms = [_join([p.wide for p in parts])]
    for rank in ranks:
        forms.append(_join([p.wide if p.rank < rank else p.short for p in parts]))
    forms.append(_join([p.short for p in parts]))
    for rank in ranks:
        forms.append(_join([p.short for p in parts if p.rank < rank]))
    return list(dict.fromkeys(forms))


def _badges(badges: Sequence[Badge], room: int) -> tuple[tuple[str, ...], int]:
    """As many badges as fit in ``room`` (long forms if all fit, else short), most urgent
    first; the count of those left out needs room for ``…N`` too."""
    if not badges:
        return (), 0
    for forms in ([b.long for b in badges], [b.short for b in badges]):
        if _width(forms) <= room:
            return tuple(forms), 0
    shorts = [b.short for b in badges]
    for keep in range(len(shorts) - 1, -1, -1):
        if _width(shorts[:keep]) + cell_len(more_text(len(shorts) - keep)) <= room:
            return tuple(shorts[:keep]), len(shorts) - keep
    return (), len(shorts)


def more_text(left_out: int, room: int | None = None) -> str:
    """What a row shows for ``left_out`` badges it has no room for: `` …2``; in less
    ``room``, `` …`` (the name took the count's cells), or nothing."""
    if not left_out:
        return ""
    counted = f" …{left_out}"
    if room is None or cell_len(counted) <= room:
        return counted
    return " …" if room >= 2 else ""


def _width(badges: Sequence[str]) -> int:
    """Cells badges take, each after a space."""
    return sum(1 + cell_len(b) for b in badges)


def _join(words: Sequence[str]) -> str:
    return " ".join(w for w in words if w)


def elide(name: str, width: int) -> str:
    """``name`` in at most ``width`` cells: whole when it fits, else cut (``…``) before a
    run of digits, never inside one; the last words holding a number (``(2)``, ``#3``)
    are kept, so ``Ork Boy (1)`` and ``Ork Boy (2)`` stay two names (``Ork…(1)``), and
    so do the second cards of two drones (``Dr…(1) #2``, ``Dr…(2) #2``); when they do
    not all fit, the last one is."""
    if cell_len(name) <= width:
        return name
    words = name.split(" ")
    numbered = 0
    while numbered < len(words) - 1 and any(ch.isdigit() for ch in words[-1 - numbered]):
        numbered += 1
    for keep in dict.fromkeys((numbered, min(numbered, 1))):
        head, tail = " ".join(words[:-keep]), " ".join(words[-keep:])
        if keep and cell_len(tail) + 2 <= width:
            return _cut(head + " ", width - cell_len(tail)) + tail
    return _cut(name, width)


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells ending in ``…``, never inside a run of digits."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    cut = ""
    for char in text:
        if cell_len(cut + char) > width - 1:
            break
        cut += char
    end = len(cut)
    if end < len(text) and text[end].isdigit():
        while end > 0 and cut[end - 1].isdigit():
            end -= 1
    return cut[:end].rstrip() + "…"
