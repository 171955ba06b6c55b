"""Shared by the journal tests: a head, rich events and the checks on one-line errors."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tracker.store.journal import write_document

T0 = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)

HEAD: dict[str, Any] = {
    "format": 1,
    "encounter": {"title": "Sachiel over Tokyo-3", "ruleset": "basic"},
    "combatants": [
        {
            "id": "unit01",
            "name": "Unit-01",
            "stats": {"grace": 45, "physique": 50},
            "armour": {"head": 2, "body": 4, "notes": {"x": [1, 2]}},
            "bio": "a long text " * 10,
        },
        {"id": "sachiel", "name": "Sachiel", "stats": {"grace": 30}},
    ],
}


def ev(seq: int, **fields: Any) -> dict[str, Any]:
    """A small event table."""
    return {"seq": seq, "type": "test.event", "at": T0 + timedelta(seconds=seq), **fields}


RICH_EVENTS = [
    ev(1, surprised=["a", "b"], batch=1),
    ev(2, amount=12, rolls=[7, 3], hit={"where": "head", "wounds": 2, "ok": True}),
    ev(3, text='quotes " and \\ back\\slash\nnew line\ttab', uni="héllo — 東京 🤖"),
    ev(4, ratio=0.5, neg=-3, big=2**63 - 1, flag=False, empty=[], none_table={}),
    ev(5, at2=datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC), mixed=[1, "x", 2.5]),
    ev(6, **{"weird key": 1, "ключ": "v", "": "empty key", "dotted.key": 2}),
    ev(7, ctrl="\x00\x01\x1f\x7f", nested=[{"a": 1}, {"b": [1, 2]}], tbl={"in": {"deep": 1}}),
]


def make(path: Path, events: list[dict[str, Any]] | None = None) -> bytes:
    """Write HEAD + events to path and return the bytes."""
    write_document(path, HEAD, RICH_EVENTS if events is None else events)
    return path.read_bytes()


def assert_one_line_with_position(exc: BaseException, path: Path) -> tuple[int, int]:
    """Check str(exc) is one line 'PATH:LINE:COL: message'; return (line, col)."""
    text = str(exc)
    assert "\n" not in text and "\r" not in text
    match = re.fullmatch(re.escape(str(path)) + r":(\d+):(\d+): (\S.*)", text)
    assert match, text
    return int(match[1]), int(match[2])


def line_of(data: bytes, needle: bytes, nth: int = 0) -> int:
    """1-based line number of the nth occurrence of needle."""
    at = -1
    for _ in range(nth + 1):
        at = data.index(needle, at + 1)
    return data.count(b"\n", 0, at) + 1
