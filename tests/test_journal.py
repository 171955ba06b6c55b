"""Tests for the raw file layer of tracker.store: format, read, append, rewrite, lock."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import tomllib
import zlib
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tracker.store.errors import JournalError, LockedError, StoreError
from tracker.store.journal import (
    TornTail,
    format_event,
    read_journal,
    repair_torn,
    write_document,
)
from tracker.store.lock import WriterLock
from tracker.store.writer import JournalWriter

ROOT = Path(__file__).resolve().parents[1]
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


# ----------------------------------------------------------------------------- refusals


def test_none_is_refused_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    before = make(path, [ev(1)])
    with pytest.raises(TypeError):
        format_event({"a": None})
    with JournalWriter(path) as writer, pytest.raises(JournalError) as info:
        writer.append(ev(2, target=None))
    assert isinstance(info.value.__cause__, TypeError)
    assert str(info.value).startswith(f"{path}: ") and "None" in str(info.value)
    with pytest.raises(JournalError):
        write_document(path, HEAD, [ev(1, a=None)])
    with pytest.raises(JournalError):
        write_document(path, {**HEAD, "encounter": {"title": None}}, [])
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("head", "events"),
    [
        ({**HEAD, "bad": None}, []),
        (HEAD, [ev(1), ev(2, x=object())]),
        (HEAD, [ev(1, x=float("nan"))]),
        ({**HEAD, "events": []}, []),
        ({1: "x"}, []),
    ],
)
def test_write_document_failure_leaves_original_and_no_temp(
    tmp_path: Path, head: dict[Any, Any], events: list[dict[str, Any]]
) -> None:
    path = tmp_path / "enc.toml"
    before = make(path)
    with pytest.raises(JournalError) as info:
        write_document(path, head, events)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


@pytest.mark.parametrize("fail", ["write", "fsync", "replace"])
def test_write_document_io_failure_leaves_original_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str
) -> None:
    path = tmp_path / "enc.toml"
    before = make(path)

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, fail, boom)
    with pytest.raises(JournalError, match="No space left"):
        write_document(path, HEAD, [ev(1)])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


def test_write_document_keeps_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    make(path)
    os.chmod(path, 0o600)
    write_document(path, HEAD, [ev(1)])
    assert path.stat().st_mode & 0o777 == 0o600


# ----------------------------------------------------------------------------- errors


BAD_FILES: dict[str, tuple[str, str]] = {
    # name: (text, what must be on the reported line)
    "syntax in head": ('format = 1\n[encounter]\ntitle = "x\n', 'title = "x'),
    "bad value in head": ("format = 1\nx = nope\n", "x = nope"),
    "duplicate table": ("[encounter]\na = 1\n[encounter]\nb = 2\n", "[encounter]\nb"),
    "events inline": ("format = 1\nevents = [{ seq = 1 }]\n", "events = "),
    "events empty array": ("format = 1\nevents = []\n", "events = "),
    "events not tables": ("format = 1\nevents = 5\n", "events = "),
    "unterminated at end": ('format = 1\ntitle = """abc', "title"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_errors_are_one_line_with_position(tmp_path: Path, name: str) -> None:
    text, marker = BAD_FILES[name]
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError) as info:
        read_journal(path)
    line, _col = assert_one_line_with_position(info.value, path)
    assert info.value.line == line
    assert line == line_of(text.encode(), marker.encode(), text.count(marker) - 1)
    assert path.read_text(encoding="utf-8") == text  # nothing changed on disk


def test_error_column_is_tomllib_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("format = 1\nabc = 12x\n", encoding="utf-8")
    with pytest.raises(JournalError) as info:
        read_journal(path)
    assert str(info.value).startswith(f"{path}:2:")
    assert info.value.col is not None and info.value.col > 1
    assert "(at line" not in str(info.value)


def test_invalid_utf8_in_head_names_its_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b'format = 1\ntitle = "ab\xff"\n')
    with pytest.raises(JournalError, match="UTF-8") as info:
        read_journal(path)
    assert assert_one_line_with_position(info.value, path) == (2, 12)


def test_missing_file_is_a_one_line_journal_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    with pytest.raises(JournalError) as info:
        read_journal(path)
    assert str(info.value).startswith(f"{path}: ") and "\n" not in str(info.value)
    with pytest.raises(JournalError):
        JournalWriter(path)
    assert not path.exists()


@pytest.mark.parametrize("damage", ["flip a byte", "edit a value", "drop the crc", "junk line"])
def test_corrupt_middle_block_is_damage_read_up_to_it(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2, amount=12), ev(3)])
    start = data.index(b"[[events]]\nseq = 2")
    block_line = data.count(b"\n", 0, start) + 1
    if damage == "flip a byte":
        data = data.replace(b"amount = 12", b"amount = 13")
    elif damage == "edit a value":
        data = data.replace(b"amount = 12", b"amount = 12000")
    elif damage == "drop the crc":
        crc_at = data.index(b"crc = ", start)
        data = data[:crc_at] + data[data.index(b"\n", crc_at) + 1 :]
    else:
        data = data.replace(b"amount = 12\n", b"amount = 12\n}}}{{{\n")
    path.write_bytes(data)
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None
    assert got.torn.damage_at == (block_line, 1) and "event 2 of 3" in got.torn.damage
    assert got.torn.data == data[start:] and path.read_bytes() == data


def test_section_after_events_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for extra, where in [(b"[notes]\nx = 1\n", "end"), (b"[[combatants]]\nid = 'z'\n", "mid")]:
        if where == "end":
            bad = data + extra
            target = data.count(b"\n") + 1
        else:
            at = data.index(b"[[events]]\nseq = 2")
            bad = data[:at] + extra + data[at:]
            target = data.count(b"\n", 0, at) + 1
        path.write_bytes(bad)
        with pytest.raises(JournalError, match=r"\[\[events\]\]") as info:
            read_journal(path)
        assert assert_one_line_with_position(info.value, path) == (target, 1)


def test_event_header_not_exact_is_damage_read_up_to_it(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2), ev(3)])
    bad = data.replace(b"[[events]]\nseq = 2", b"[[ events ]]\nseq = 2")
    path.write_bytes(bad)
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None
    assert got.torn.damage_at[0] == line_of(bad, b"[[ events ]]")


def test_journal_error_str_forms() -> None:
    assert str(JournalError(Path("a/b.toml"), "bad", 3, 7)) == "a/b.toml:3:7: bad"
    assert str(JournalError("b.toml", "bad")) == "b.toml: bad"
    assert str(JournalError("b.toml", "two\nlines", 1)) == "b.toml:1: two lines"
    assert str(StoreError("x\ny")) == "x y"
    assert isinstance(LockedError("held"), StoreError)


# ----------------------------------------------------------------------------- torn tails


def test_torn_tail_is_reported_not_raised_and_disk_untouched(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2), ev(3, amount=12)])
    cut = data.index(b"amount = 12") + len(b"amount = 1")
    path.write_bytes(data[:cut])
    got = read_journal(path)
    start = data.index(b"[[events]]\nseq = 3")
    assert got.events == [ev(1), ev(2)]
    assert got.torn == TornTail(start, data[start:cut], 2)
    assert path.read_bytes() == data[:cut]


def test_wrong_crc_on_last_block_is_torn(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2, amount=12)])
    path.write_bytes(data.replace(b"amount = 12", b"amount = 13"))
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None and got.torn.events_kept == 1


def test_garbage_after_last_block_is_torn(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for junk in [b"\x00" * 100, b"[[eve", b"[[events]", b"\xff\xfe"]:
        path.write_bytes(data + junk)
        got = read_journal(path)
        assert got.events == [ev(1), ev(2)]
        assert got.torn == TornTail(len(data), junk, 2)


def test_repair_torn_moves_bytes_to_side_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    path.write_bytes(data + b"[[events]]\nseq = 3\nty")
    torn = read_journal(path).torn
    assert torn is not None
    now = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)
    side = repair_torn(path, torn, now=now)
    assert side == tmp_path / "enc.toml.torn-20261121T190311Z"
    assert side.read_bytes() == b"[[events]]\nseq = 3\nty"
    assert path.read_bytes() == data
    assert read_journal(path).torn is None
    # a second repair in the same second gets its own side file
    path.write_bytes(data + b"xx[[")
    torn2 = read_journal(path).torn
    assert torn2 is not None
    assert repair_torn(path, torn2, now=now).name.endswith("190311Z-2")


def test_repair_refuses_if_file_changed(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1)])
    path.write_bytes(data + b"[[events]]\nse")
    torn = read_journal(path).torn
    assert torn is not None
    path.write_bytes(data + b"[[events]]\nseq")
    with pytest.raises(JournalError, match="changed"):
        repair_torn(path, torn)
    assert path.read_bytes() == data + b"[[events]]\nseq"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


def test_writer_refuses_a_torn_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for tail in [data[:-20], data + b"[[eve"]:
        path.write_bytes(tail)
        with pytest.raises(JournalError, match="intact"):
            JournalWriter(path)
        assert path.read_bytes() == tail
    path.write_bytes(b"format = 1\n[[eve")  # torn first block: no header yet
    with pytest.raises(JournalError):
        JournalWriter(path)


# ----------------------------------------------------------------------------- appending


def test_missing_final_newline_is_added_before_append(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    path.write_bytes(b'format = 1\ntitle = "x"')  # hand-edited, no final newline
    with JournalWriter(path) as writer:
        writer.append(ev(1))
    assert path.read_bytes().startswith(b'format = 1\ntitle = "x"\n[[events]]\n')
    got = read_journal(path)
    assert got.head == {"format": 1, "title": "x"} and got.events == [ev(1)]


def test_last_block_missing_only_its_newline_is_intact(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    path.write_bytes(data[:-1])
    got = read_journal(path)
    assert got.events == [ev(1), ev(2)] and got.torn is None
    with JournalWriter(path) as writer:
        writer.append(ev(3))
    assert read_journal(path).events == [ev(1), ev(2), ev(3)]
    assert path.read_bytes() == data + format_event({**ev(3), "batch_end": True}).encode()


def test_append_is_one_write_and_one_fsync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "enc.toml"
    make(path, [ev(1)])
    calls: list[tuple[str, int]] = []
    real_write, real_fsync = os.write, os.fsync
    with JournalWriter(path) as writer:

        def write(fd: int, data: bytes) -> int:
            calls.append(("write", len(data)))
            return real_write(fd, data)

        def fsync(fd: int) -> None:
            calls.append(("fsync", 0))
            real_fsync(fd)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "fsync", fsync)
        writer.append(ev(2))
        monkeypatch.undo()
    marked = {**ev(2), "batch_end": True}  # a batch of one: its own end
    assert calls == [("write", len(format_event(marked).encode())), ("fsync", 0)]


def test_refused_append_writes_nothing_and_closed_writer(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    before = make(path, [ev(1)])
    writer = JournalWriter(path)
    with pytest.raises(JournalError):
        writer.append({"x": {1, 2}})
    writer.close()
    writer.close()
    assert writer.closed
    with pytest.raises(JournalError, match="closed"):
        writer.append(ev(2))
    assert path.read_bytes() == before


# ----------------------------------------------------------------------------- lock

CHILD_LOCK = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from tracker.store.errors import LockedError
    from tracker.store.lock import WriterLock
    lock = WriterLock(Path(sys.argv[2]))
    try:
        lock.acquire()
    except LockedError as exc:
        print("LOCKED", exc, flush=True)
        raise SystemExit(3)
    print("ACQUIRED", flush=True)
    if sys.argv[3] == "hold":
        time.sleep(60)
    lock.release()
    """
)


def run_child(path: Path, mode: str) -> subprocess.CompletedProcess[str]:
    """Run the lock child to completion."""
    args = [sys.executable, "-c", CHILD_LOCK, str(ROOT), str(path), mode]
    return subprocess.run(args, capture_output=True, text=True, timeout=30)


def test_second_writer_in_child_process_gets_locked_error(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    with WriterLock(path) as lock:
        assert lock.held
        done = run_child(path, "release")
        assert done.returncode == 3, done.stderr
        out = done.stdout.strip()
        assert f"pid {os.getpid()}" in out
        assert out.startswith("LOCKED encounter.toml is open for writing by pid")
        assert "`tracker view`" in out and "\n" not in out
    assert not lock.held
    assert list(tmp_path.iterdir()) == []  # nothing was made beside the file
    assert run_child(path, "release").stdout.strip() == "ACQUIRED"


def test_second_lock_in_same_process_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    with WriterLock(path):
        with pytest.raises(LockedError) as info:
            WriterLock(path).acquire()
        assert info.value.pid == os.getpid()
        assert re.search(r"since \d\d:\d\d", str(info.value))
    with WriterLock(path):
        pass


def test_lock_left_by_dead_process_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    args = [sys.executable, "-c", CHILD_LOCK, str(ROOT), str(path), "hold"]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ACQUIRED"
        with pytest.raises(LockedError, match=f"pid {child.pid}"):
            WriterLock(path).acquire()
    finally:
        child.kill()
        child.wait()
    with WriterLock(path):  # the dead holder's note is stale text: ours replaces it
        done = run_child(path, "release")
        assert done.returncode == 3 and f"pid {os.getpid()}" in done.stdout


def test_stale_lock_text_without_a_holder_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    (tmp_path / "encounter.toml.lock").write_text('{"pid": 999999, "host": "gone"}\n')
    with WriterLock(path) as lock:
        assert lock.held


def test_release_is_idempotent_and_frees_the_file(tmp_path: Path) -> None:
    path = tmp_path / "encounter.toml"
    lock = WriterLock(path)
    lock.acquire()
    lock.release()
    lock.release()  # idempotent
    with WriterLock(path) as again:
        assert again.held
