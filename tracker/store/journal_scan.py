"""Where a fight stands, read from a journal's bytes without parsing or replaying it.

The writer (:mod:`tracker.store.block`) gives every event block one layout: a line
``[[events]]``, flat ``key = value`` lines with JSON-escaped strings (so no string
holds a line break), ``batch_end = true`` closing a command, a ``crc`` line. Only a few
event types decide the status (phase, round, whose turn), only ``history.*`` events
decide what is undone, only ``combatant.added`` adds to the roster and only
``combatant.renamed`` changes a name. So:

* the undone batches and the combatants added or renamed come from ``bytes.find`` of their
  ``type = "…"`` line over the whole journal, parsing just those blocks;
* phase, round and whose turn come from walking blocks back from the end, parsing only
  the flow blocks not undone, until all three are known (usually within one turn);
* the end is found the way the loader finds it: a torn last block, then a command cut
  short (format 2 marks batches), are left out; each block parsed is crc-checked.

A journal not in the writer's layout (CRLF line ends, hand-made blocks, a value the
quick reading does not expect) is read the careful way instead: ``read_journal`` (full
TOML parse, still no replay). Either way the result equals what a full load says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.core.model import slot_owner
from tracker.store.file_text import EVENT_FIELDS, check_events, flaw_in
from tracker.store.journal import check_block, read_journal
from tracker.store.journal_repair import tail_note
from tracker.store.locator import Locator
from tracker.store.upgrade import BATCHES_MARKED_FROM

SEP = b"\n[[events]]\n"
HEADER = b"[[events]]\n"
BATCH_END = b"\nbatch_end = true\n"
FLOW = frozenset(
    {
        "encounter.started",
        "encounter.ended",
        "round.started",
        "round.ended",
        "turn.started",
        "turn.rewound",
        "turn.delayed",
    }
)
"""The event types that change the phase, the round or whose turn it is."""
ROUND_KINDS = frozenset({"round.started", "turn.rewound", "encounter.started"})
"""The event types that set the round."""
_FLOW_NEEDLES = (b'\ntype = "turn.', b'\ntype = "round.', b'\ntype = "encounter.')
_FIELD_RE = re.compile(rb"\n(seq|type|at|batch|target|who|round|id|name) = ([^\n]*)")
_DATE_RE = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z")
_HISTORY = b'\ntype = "history.'
_ADDED = b'\ntype = "combatant.added"\n'
_RENAMED = b'\ntype = "combatant.renamed"\n'

Table = Mapping[str, Any]


class Unusual(Exception):
    """The journal is not in the writer's layout: read it the careful way."""


@dataclass(frozen=True)
class Standing:
    """Where the fight stands: what a full load's state says, from a few blocks."""

    phase: str = "setup"
    round: int = 0
    current: str | None = None
    acting: str = ""
    """The name of whose turn it is ("" when no one's)."""
    added: int = 0
    """Combatants added by events (not undone)."""
    last_at: datetime | None = None
    """When the last event kept was made (None: no events)."""
    damage: str = ""
    """One line naming damage in the middle of the journal ("" if none): the standing is
    the fight up to it."""


def standing(
    path: Path, data: bytes, start: int, head: Table, names: Mapping[str, str]
) -> Standing:
    """Where the fight in ``data`` stands; ``start`` is where its first event block starts.

    ``names`` are the roster's names by id. JournalError (one line) for damage that a
    load would refuse.
    """
    if b"\r" not in data:
        try:
            return _quick(path, data, start, head, names)
        except Unusual:
            pass
    read = read_journal(path)
    tables = read.events
    checked(tables, Locator(path))
    history = [t for t in tables if str(t.get("type", "")).startswith("history.")]
    added = [t for t in tables if t.get("type") == "combatant.added"]
    renamed = [t for t in tables if t.get("type") == "combatant.renamed"]
    last_at = tables[-1].get("at") if tables else None
    found = settle(history, added, reversed(tables), names, last_at, renamed)
    if read.torn is not None and read.torn.damage:
        return replace(found, damage=tail_note(path, read.torn))
    return found


WHOLE_NUMBERS = ("seq", "batch", "target", "round")
"""The event fields the standing reads as whole numbers."""


def checked(tables: Sequence[Table], locator: Locator) -> None:
    """JournalError (``file:line:col``) for an event a load would refuse for its text or
    numbers, or whose seq, batch, target or round is not a whole number."""
    check_events(tables, locator)
    for index, table in enumerate(tables):
        for key in WHOLE_NUMBERS:
            if key in table and type(table[key]) is not int:
                message = f"event {index + 1}'s {key} must be a whole number"
                raise locator.error(message, key, "events", index)


def settle(
    history: Iterable[Table],
    added: Sequence[Table],
    newest_first: Iterable[Table],
    names: Mapping[str, str],
    last_at: object,
    renamed: Sequence[Table] = (),
) -> Standing:
    """The standing from the history events (file order), the added combatants and the
    journal walked newest first."""
    undone = undone_batches(history)
    kept = [t for t in added if batch_of(t) not in undone] if undone else list(added)
    phase, round_no, current = walk_back(newest_first, undone)
    acting = ""
    if current is not None:
        owner = slot_owner(current)
        acting = (
            _new_name(renamed, owner, undone)
            or names.get(owner)
            or next((str(t.get("name", "")) for t in reversed(kept) if t.get("id") == owner), owner)
        )
    when = last_at if isinstance(last_at, datetime) else None
    return Standing(phase, round_no, current, acting, len(kept), when)


def _new_name(renamed: Sequence[Table], owner: str, undone: frozenset[int]) -> str:
    """The name ``owner`` was last given by a ``combatant.renamed`` not undone ("": none)."""
    return next(
        (
            str(t.get("name", ""))
            for t in reversed(renamed)
            if t.get("who") == owner and batch_of(t) not in undone
        ),
        "",
    )


def batch_of(table: Table) -> int:
    """The batch an event table belongs to (its own seq unless it says otherwise)."""
    return int(table.get("batch", table.get("seq", 0)))


def undone_batches(history: Iterable[Table]) -> frozenset[int]:
    """The batches undone at the end, from the history events in file order."""
    undone: set[int] = set()
    for table in history:
        if table.get("type") == "history.undone":
            undone.add(int(table.get("target", 0)))
        elif table.get("type") == "history.redone":
            undone.discard(int(table.get("target", 0)))
    return frozenset(undone)


def walk_back(newest_first: Iterable[Table], undone: frozenset[int]) -> tuple[str, int, str | None]:
    """(phase, round, current slot) from the flow events in force, newest first.

    The newest flow event in force gives the phase: turns and rounds only move while the
    fight runs, and nothing moves once it has ended (``core.flow.require_running``).
    """
    phase: str | None = None
    round_no: int | None = None
    current: str | None = None
    current_known = False
    delayed: set[str] = set()
    for table in newest_first:
        kind = table.get("type")
        wanted = (
            (phase is None and kind in FLOW)
            or (round_no is None and kind in ROUND_KINDS)
            or (not current_known and kind in FLOW)
        )
        if not wanted or batch_of(table) in undone:
            continue
        if phase is None:  # flow events happen only while the fight runs (core.flow)
            phase = "ended" if kind == "encounter.ended" else "running"
        if round_no is None and kind in ("round.started", "turn.rewound", "encounter.started"):
            round_no = 1 if kind == "encounter.started" else int(table.get("round", 0))
        if not current_known:
            current, current_known = _current(table, delayed)
        if phase is not None and round_no is not None and current_known:
            break
    return phase or "setup", round_no or 0, current


def _current(table: Table, delayed: set[str]) -> tuple[str | None, bool]:
    """(current slot, known yet) after seeing one flow event walking back."""
    kind, who = table.get("type"), str(table.get("who", ""))
    if kind in ("turn.started", "turn.rewound"):
        return (None if who in delayed else who), True
    if kind in ("round.started", "round.ended", "encounter.ended"):
        return None, True
    if kind == "turn.delayed":
        delayed.add(who)
    return None, False


# --- the quick reading ---------------------------------------------------------------


def _quick(path: Path, data: bytes, start: int, head: Table, names: Mapping[str, str]) -> Standing:
    end = kept_end(data, start, head)
    history = [_history(data, at, end) for at in _hits(data, _HISTORY, start, end)]
    added = [
        _Block(data, *_block_at(data, at, start, end)) for at in _hits(data, _ADDED, start, end)
    ]
    renamed = [
        _Block(data, *_block_at(data, at, start, end)) for at in _hits(data, _RENAMED, start, end)
    ]
    last_at = _Block(data, *_block_at(data, end - 1, start, end)).get("at") if end > start else None
    flow = _flow_newest_first(data, start, end)
    return settle(history, added, flow, names, last_at, renamed)


def added_ids(data: bytes, start: int, head: Table) -> list[str]:
    """The ids of the combatants events added and no undo took back, in file order,
    read as :func:`standing` reads them; Unusual for a journal not in the writer's
    layout."""
    if b"\r" in data:
        raise Unusual
    end = kept_end(data, start, head)
    undone = undone_batches(_history(data, at, end) for at in _hits(data, _HISTORY, start, end))
    added = (
        _Block(data, *_block_at(data, at, start, end)) for at in _hits(data, _ADDED, start, end)
    )
    return [str(t.get("id", "")) for t in added if batch_of(t) not in undone]


def kept_end(data: bytes, start: int, head: Table) -> int:
    """Where the events a load keeps end: a torn last block and a command cut short
    (no ``batch_end`` on its last block, when batches are marked) are left out."""
    end = len(data)
    if end <= start:
        return start
    last = _block_start(data, start, end - 1)
    chunk = check_block(data, last, end, True)
    if not chunk.ok:
        if chunk.problem_at != last:
            raise Unusual
        end = last
    elif chunk.end < end:
        end = chunk.end
    version = head.get("format")
    marked = isinstance(version, int) and version >= BATCHES_MARKED_FROM
    mark = data.rfind(BATCH_END, start, end)
    if mark < 0:
        return start if marked and end > start else end
    after = data.find(SEP, mark, end)
    return end if after < 0 else after + 1


def _block_start(data: bytes, start: int, before: int) -> int:
    """Where the block that holds byte ``before`` starts (``start``: the first block)."""
    return max(start, data.rfind(SEP, max(start - 1, 0), before) + 1)


def _hits(data: bytes, needle: bytes, start: int, end: int) -> Iterator[int]:
    """Every place ``needle`` starts in ``data[start:end]`` (it may run past ``end``)."""
    stop = end + len(needle) - 1
    at = data.find(needle, start, stop)
    while at >= 0:
        yield at
        at = data.find(needle, at + 1, stop)


def _block_at(data: bytes, at: int, start: int, end: int) -> tuple[int, int]:
    """(first byte, end) of the block holding byte ``at``."""
    after = data.find(SEP, at, end)
    return _block_start(data, start, at + 1), end if after < 0 else after + 1


def _history(data: bytes, at: int, end: int) -> dict[str, Any]:
    """The type and target of the history event whose type line is at ``at``."""
    kind = data[at + len(_HISTORY) : at + len(_HISTORY) + 7]
    line = data.find(b"\ntarget = ", at, end)
    digits = data[line + 10 : data.find(b"\n", line + 10, end)] if line >= 0 else b""
    if kind not in (b'undone"', b'redone"') or not digits.isdigit():
        raise Unusual
    return {"type": "history." + kind[:-1].decode(), "target": int(digits)}


def _flow_newest_first(data: bytes, start: int, end: int) -> Iterator[Table]:
    """The flow events from the last to the first, each read only if asked. The journal
    is searched back from its end in windows that double (a fight's status is usually
    settled within its last round), each window for the three kinds of type line."""
    bound, window = end, 4096
    while bound > start:
        low = max(start, bound - window)
        hits = sorted(
            (at for needle in _FLOW_NEEDLES for at in _hits(data, needle, low, bound)),
            reverse=True,
        )
        for at in hits:
            kind = data[at + 9 : data.find(b'"', at + 9, end)].decode()
            if kind in FLOW:
                yield _Block(data, *_block_at(data, at, start, end), kind=kind)
        bound, window = low, window * 2


class _Block(Mapping[str, Any]):
    """One event block, its fields read (and its crc checked) on first use."""

    def __init__(self, data: bytes, first: int, stop: int, kind: str = "") -> None:
        self.data, self.first, self.stop, self.kind = data, first, stop, kind
        self._fields: dict[str, Any] | None = None

    def fields(self) -> dict[str, Any]:
        """The few fields the standing needs, read from the crc-checked block."""
        if self._fields is None:
            if not check_block(self.data, self.first, self.stop, False).ok:
                raise Unusual
            fields = {
                match[1].decode(): _value(match[2])
                for match in _FIELD_RE.finditer(self.data, self.first, self.stop)
            }
            if flaw_in(fields, EVENT_FIELDS) is not None:
                raise Unusual  # the careful reading names the problem and where
            self._fields = fields
        return self._fields

    def __getitem__(self, key: str) -> Any:
        if key == "type" and self.kind:
            return self.kind
        if key in ("batch", "seq") and self._fields is None:
            return self._number(key)
        return self.fields()[key]

    def _number(self, key: str) -> int:
        """``batch`` or ``seq`` without reading the rest (KeyError if the block has none)."""
        needle = b"\n" + key.encode() + b" = "
        at = self.data.find(needle, self.first, self.stop)
        if at < 0:
            raise KeyError(key)
        return _whole(self.data[at + len(needle) : self.data.find(b"\n", at + 1, self.stop)])

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields())

    def __len__(self) -> int:
        return len(self.fields())


def _value(raw: bytes) -> Any:
    if raw.startswith(b'"'):
        try:
            return json.loads(raw)
        except ValueError:
            raise Unusual from None
    if raw.isdigit():
        return _whole(raw)
    if _DATE_RE.fullmatch(raw):
        try:
            return datetime.fromisoformat(raw.decode())
        except ValueError:  # a day no calendar has (year 0, February 30): said by the parser
            raise Unusual from None
    raise Unusual


def _whole(digits: bytes) -> int:
    """``digits`` as a whole number; one of more digits than any number a journal holds
    (or Python reads) is :class:`Unusual`, for the careful reader to place and say."""
    if not digits.isdigit() or len(digits) > 18:
        raise Unusual
    return int(digits)
