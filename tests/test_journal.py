"""The journal's blocks: how one event is written (format_event), and files that read
back as they were written."""

from __future__ import annotations

import tomllib
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests.journal_helpers import HEAD, RICH_EVENTS, T0, ev, line_of, make
from tracker.store.journal import format_event, read_journal, write_document
from tracker.store.writer import JournalWriter

# ----------------------------------------------------------------------------- format_event


def test_format_event_block_shape_crc_and_order() -> None:
    table = {"seq": 1, "type": "encounter.started", "at": T0, "batch": 1, "surprised": ["a"]}
    block = format_event(table)
    assert block.startswith("[[events]]\n") and block.endswith("\n")
    body, crc_line = block[: block.rindex("crc = ")], block.splitlines()[-1]
    assert crc_line == f"crc = {zlib.crc32(body.encode())}"
    assert [line.split(" = ")[0] for line in block.splitlines()[1:]] == [*table, "crc"]
    assert "at = 2026-11-21T19:03:11Z\n" in block
    parsed = tomllib.loads(block)["events"][0]
    assert parsed == {**table, "crc": zlib.crc32(body.encode())}


@pytest.mark.parametrize("table", RICH_EVENTS)
def test_format_event_round_trips_alone(table: dict[str, Any]) -> None:
    block = format_event(table)
    parsed = tomllib.loads(block)["events"][0]
    assert parsed.pop("crc") == zlib.crc32(block[: block.rindex("crc = ")].encode())
    assert parsed == table
    assert list(parsed) == list(table)


def test_format_event_inline_tables_and_arrays_stay_inline() -> None:
    block = format_event(ev(1, hit={"where": "head", "n": 2}, rolls=[1, 2]))
    assert 'hit = { where = "head", n = 2 }\n' in block
    assert "rolls = [1, 2]\n" in block
    assert block.count("[") == 3  # the header's two brackets and the array's


def test_format_event_other_timezones_become_utc_and_tuples_lists() -> None:
    tokyo = datetime(2026, 11, 22, 4, 3, 11, tzinfo=timezone(timedelta(hours=9)))
    block = format_event({"at": tokyo, "rolls": (6, 6)})
    assert "at = 2026-11-21T19:03:11Z\n" in block
    assert tomllib.loads(block)["events"][0]["rolls"] == [6, 6]


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ({"a": None}, TypeError),
        ({"a": [1, None]}, TypeError),
        ({"a": {"b": None}}, TypeError),
        ({"a": datetime(2026, 1, 1)}, TypeError),  # naive
        ({"a": T0.date()}, TypeError),
        ({"a": b"bytes"}, TypeError),
        ({"a": {1, 2}}, TypeError),
        ({1: "int key"}, TypeError),
        ({"a": float("nan")}, ValueError),
        ({"a": 2**63}, ValueError),
        ({"a": "\ud800"}, ValueError),  # lone surrogate
        ({"crc": 1}, ValueError),
    ],
)
def test_format_event_refuses(table: dict[Any, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        format_event(table)


def test_format_event_refuses_non_table() -> None:
    with pytest.raises(TypeError):
        format_event([("a", 1)])  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- round trips


def test_write_document_then_read_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    make(path)
    got = read_journal(path)
    assert got.head == HEAD
    assert got.events == RICH_EVENTS
    assert got.torn is None
    assert tomllib.loads(path.read_text(encoding="utf-8"))["combatants"] == HEAD["combatants"]
    first_event_line = line_of(path.read_bytes(), b"[[events]]\n")
    assert got.head_lines == first_event_line - 1


def test_appending_after_write_document_stays_valid_toml(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    head = dict(HEAD)
    head["combatants"] = [
        {"id": f"c{i}", "name": "x" * 40, "stats": {"grace": i}, "gear": {"a": {"b": i}}}
        for i in range(3)
    ]
    write_document(path, head, [])
    assert b"[[combatants]]" in path.read_bytes()  # the nested, non-inline form
    with JournalWriter(path) as writer:
        for event in RICH_EVENTS:
            writer.append(event)
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert [e["seq"] for e in doc["events"]] == [e["seq"] for e in RICH_EVENTS]
    got = read_journal(path)
    assert (got.head, got.events, got.torn) == (head, RICH_EVENTS, None)
    # and more appends after a reopen
    with JournalWriter(path) as writer:
        writer.append(ev(8))
    assert read_journal(path).events[-1] == ev(8)


def test_empty_head_and_no_events(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    write_document(path, {}, [])
    assert path.read_bytes() == b""
    assert read_journal(path).events == []
    with JournalWriter(path) as writer:
        writer.append(ev(1))
    got = read_journal(path)
    assert (got.head, got.events, got.head_lines) == ({}, [ev(1)], 0)


def test_head_only_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    write_document(path, HEAD, [])
    got = read_journal(path)
    assert (got.head, got.events, got.torn) == (HEAD, [], None)
    assert got.head_lines == path.read_bytes().count(b"\n")


def test_crlf_converted_file_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path)
    path.write_bytes(data.replace(b"\n", b"\r\n"))
    got = read_journal(path)
    assert got.events == RICH_EVENTS and got.torn is None


def test_utf8_bom_and_comments_between_blocks_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    data = data.replace(b"\n[[events]]\nseq = 2", b"\n\n# a comment\n\n[[events]]\nseq = 2")
    path.write_bytes(b"\xef\xbb\xbf" + data + b"\n# trailing comment\n")
    got = read_journal(path)
    assert got.events == [ev(1), ev(2)] and got.torn is None
