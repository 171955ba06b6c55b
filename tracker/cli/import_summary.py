"""The report of a large ``tracker import``: one line per actor and the remarks counted by
kind, instead of three or more lines per actor (9,000 lines for a pack of 3,000); the
whole report with ``--verbose``."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from tracker.store.foundry.importing import ActorImport

MANY_ACTORS = 20
"""Above this many actors, an import reports one line per actor and the remarks by kind."""

MOST_KINDS = 8
"""Kinds named in a summary line; the rest are counted."""

SHEET_NOW = "the sheet shows "
NOW = (SHEET_NOW, "hidden from the players ")
"""The remarks of the ``now:`` line: what the sheet shows, what Foundry hid."""
"""How a remark on the harm a sheet shows starts: not left out (a copy joining a fight
starts there), so it has its own heading, not "ignored"."""


def split_remarks(remarks: Sequence[str]) -> tuple[list[str], list[str]]:
    """An actor's remarks: (what the sheet shows now — its own ``now:`` line —, the rest,
    said after what was ignored)."""
    now = [r for r in remarks if r.startswith(NOW)]
    return now, [r for r in remarks if not r.startswith(NOW)]


def summary_lines(actors: Sequence[ActorImport]) -> list[str]:
    """The remarks of every actor counted by kind: what was ignored, what was noted."""
    ignored, left_out = _counted(_ignored_kinds(a.converted.ignored) for a in actors)
    noted, with_notes = _counted({_remark_kind(r) for r in a.converted.remarks} for a in actors)
    lines = []
    if left_out:
        lines.append(f"ignored on {_actors(left_out)}: {_named(ignored)}")
    if with_notes:
        lines.append(f"noted on {_actors(with_notes)}: {_named(noted)}")
    return [*lines, "each actor's whole report: tracker import … --verbose"]


def _counted(kinds: Iterable[set[str]]) -> tuple[Counter[str], int]:
    """How many actors each kind was said of, and how many actors had any."""
    counts: Counter[str] = Counter()
    actors = 0
    for found in kinds:
        counts.update(found)
        actors += bool(found)
    return counts, actors


def _actors(count: int) -> str:
    return f"{count:,} actor{'' if count == 1 else 's'}"


def _named(counts: Counter[str]) -> str:
    """``items (1,204), Ruin (3) … and 4 more kinds``, most frequent first."""
    top = counts.most_common(MOST_KINDS)
    named = ", ".join(f"{kind} ({count:,})" for kind, count in top)
    left = len(counts) - len(top)
    return named + (f" … and {left} more kinds" if left else "")


def _ignored_kinds(line: str) -> set[str]:
    """The kinds in an ``ignored: Ruin 2 (resources.ruin), items: 3 talents`` line."""
    body = line.removeprefix("ignored: ")
    if body == "nothing":
        return set()
    parts = [p for p in re.split(r", (?![^()]*\))", body) if p and not p.startswith("… and ")]
    return {_field_kind(part) for part in parts}


def _field_kind(part: str) -> str:
    """``Ruin 2 (resources.ruin)`` → ``Ruin``; ``items: 3 talents`` → ``items``."""
    name = re.split(r"[:(]| \d", part, maxsplit=1)[0].strip()
    return name or part


def _remark_kind(remark: str) -> str:
    """A remark's kind: its words before the first colon, numbers as ``N``."""
    head = remark.split(":", 1)[0]
    return re.sub(r"\d+", "N", head).strip()
