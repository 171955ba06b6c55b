"""Crash safety of the journal: SIGKILLed writers, torn tails at every byte, property tests."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.store.journal import (
    TornTail,
    format_event,
    read_journal,
    repair_torn,
    write_document,
)
from tracker.store.writer import JournalWriter

ROOT = Path(__file__).resolve().parents[1]
CHILD = Path(__file__).resolve().parent / "helpers" / "append_child.py"
HEAD: dict[str, Any] = {
    "format": 1,
    "encounter": {"title": "Crash test", "ruleset": "basic"},
    "combatants": [{"id": "a", "name": "A", "stats": {"grace": 45}}],
}
T0 = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)

# ----------------------------------------------------------------------------- SIGKILL loop


class ForkServer:
    """One python process that forks appending children on request (helpers/append_child.py)."""

    def __init__(self) -> None:
        """Start the server; it imports the store once."""
        args = [sys.executable, str(CHILD), str(ROOT)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def line(self, timeout: float = 10.0) -> bytes:
        """The next line from the server or its current child (fail after ``timeout`` s)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            assert left > 0 and select.select([fd], [], [], left)[0], "no output: hung?"
            chunk = os.read(fd, 4096)
            assert chunk, f"server died after {self.pending!r}"
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def kill_one_child(self, path: Path, first: int, rng: random.Random) -> list[int]:
        """Fork an appending child, SIGKILL it at a random moment, return the seqs it reported."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{path} {first} {rng.randrange(2**32)}\n".encode())
        self.proc.stdin.flush()
        lines = [self.line()]
        while not lines[-1].startswith(b"pid "):
            lines.append(self.line())
        pid = int(lines[-1].split()[1])
        try:
            if rng.random() < 0.8:  # mostly kill while appending, sometimes while opening
                while b"ready" not in lines:
                    lines.append(self.line())
            time.sleep(rng.uniform(0, 0.006))
        finally:
            os.kill(pid, signal.SIGKILL)
        while not lines[-1].startswith(b"exit "):
            lines.append(self.line())
        status = int(lines[-1].split()[1])
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, lines
        return [int(line) for line in lines if line.isdigit()]

    def close(self) -> None:
        """Stop the server (killing it if it does not stop)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_sigkilled_writer_loses_nothing_it_reported(tmp_path: Path) -> None:
    rng = random.Random(20261121)
    files, runs_per_file = 3, 40  # a fresh file now and then keeps the re-reads short
    total = torn_seen = 0
    server = ForkServer()
    try:
        for i in range(files):
            path = tmp_path / f"enc{i}.toml"
            write_document(path, HEAD, [])
            events, torn = kill_many(server, path, runs_per_file, rng)
            assert read_journal(path).head == HEAD
            total, torn_seen = total + events, torn_seen + torn
    finally:
        server.close()
    assert server.proc.returncode == 0
    assert total > files * runs_per_file  # the children really did append
    print(f"{files * runs_per_file} kills, {total} events, {torn_seen} torn tails")


def kill_many(server: ForkServer, path: Path, runs: int, rng: random.Random) -> tuple[int, int]:
    """Kill ``runs`` appending children, checking the file after each; return (events, torn)."""
    total = torn_seen = 0
    for _ in range(runs):
        reported = server.kill_one_child(path, total + 1, rng)
        got = read_journal(path)
        if got.torn is not None:
            torn_seen += 1
            repair_torn(path, got.torn)
            assert read_journal(path).events == got.events
        seqs = [event["seq"] for event in got.events]
        assert seqs == list(range(1, len(seqs) + 1)), "gap or disorder"
        assert reported == list(range(total + 1, total + 1 + len(reported))), (
            total,
            seqs[-3:],
            got.torn,
        )
        last_reported = reported[-1] if reported else total
        assert len(seqs) in (last_reported, last_reported + 1), (len(seqs), last_reported)
        total = len(seqs)
    return total, torn_seen


# ----------------------------------------------------------------------------- every cut

EVENTS = [
    {"seq": 1, "type": "encounter.started", "at": T0, "batch": 1, "surprised": ["a"]},
    {"seq": 2, "type": "damage.applied", "at": T0, "who": "a", "amount": 7},
    {"seq": 3, "type": "damage.applied", "at": T0, "who": "a", "amount": 12, "note": "é—東"},
]


@pytest.fixture(name="clean")
def clean_file(tmp_path: Path) -> tuple[Path, bytes, int]:
    """A file of a few events; returns (path, bytes, offset of the last block)."""
    path = tmp_path / "enc.toml"
    write_document(path, HEAD, EVENTS)
    data = path.read_bytes()
    return path, data, data.rindex(b"[[events]]\n")


def test_cut_last_event_at_every_byte(clean: tuple[Path, bytes, int], tmp_path: Path) -> None:
    path, data, start = clean
    assert b"amount = 12\n" in data[start:]
    for cut in range(start, len(data) + 1):
        path.write_bytes(data[:cut])
        got = read_journal(path)
        assert got.head == HEAD
        if cut == start or cut >= len(data) - 1:  # nothing of it, or all but its newline
            assert got.torn is None, cut
            assert got.events == (EVENTS if cut > start else EVENTS[:-1])
            continue
        assert got.events == EVENTS[:-1], cut
        assert got.torn == TornTail(start, data[start:cut], len(EVENTS) - 1), cut
        side = repair_torn(path, got.torn)
        assert side.read_bytes() == data[start:cut]
        assert path.read_bytes() == data[:start]
        again = read_journal(path)
        assert (again.events, again.torn) == (EVENTS[:-1], None)
        side.unlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


def test_amount_12_cut_to_1_is_caught_by_the_crc(clean: tuple[Path, bytes, int]) -> None:
    path, data, start = clean
    cut = data.index(b"amount = 12", start) + len(b"amount = 1")
    rest = data[cut + 1 :]  # drop only the "2": the block still parses as TOML
    path.write_bytes(data[:cut] + rest)
    got = read_journal(path)
    assert got.events == EVENTS[:-1]
    assert got.torn is not None and got.torn.offset == start


def test_cut_anywhere_in_the_events_never_raises(clean: tuple[Path, bytes, int]) -> None:
    path, data, _ = clean
    first = data.index(b"[[events]]\n")
    starts = [i for i in range(len(data)) if data.startswith(b"[[events]]\n", i)]
    for cut in range(first, len(data) + 1):
        path.write_bytes(data[:cut])
        got = read_journal(path)
        ends = starts[1:] + [len(data)]
        whole = sum(1 for end in ends if end - 1 <= cut)  # a block may lack only its newline
        assert got.events == EVENTS[:whole], cut
        assert (got.torn is None) == (cut in starts or cut + 1 in ends or cut == len(data)), cut
        if got.torn is not None:
            assert got.torn.offset == starts[whole] and got.torn.events_kept == whole


def test_append_after_repair_reads_clean(clean: tuple[Path, bytes, int]) -> None:
    path, data, start = clean
    path.write_bytes(data[: start + 25])
    torn = read_journal(path).torn
    assert torn is not None
    repair_torn(path, torn)
    with JournalWriter(path) as writer:
        writer.append(EVENTS[-1])
    marked = format_event({**EVENTS[-1], "batch_end": True}).encode()  # a batch of one
    assert path.read_bytes() == data[:start] + marked
    assert read_journal(path).events == EVENTS


# ----------------------------------------------------------------------------- property

TZS = st.sampled_from(
    [UTC, timezone(timedelta(hours=9)), timezone(timedelta(hours=-5, minutes=-30))]
)
SCALARS = st.one_of(
    st.text(max_size=20),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
    st.datetimes(timezones=TZS),
)
KEYS = st.text(max_size=8).filter(lambda key: key != "crc")
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=4),
    st.dictionaries(KEYS, SCALARS, max_size=4),
)
TABLES = st.dictionaries(KEYS, VALUES, max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=st.lists(TABLES, max_size=6), split=st.integers(min_value=0, max_value=6))
def test_any_flat_tables_round_trip(events: list[dict[str, Any]], split: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "enc.toml"
        write_document(path, HEAD, events[:split])
        with JournalWriter(path) as writer:
            for event in events[split:]:
                writer.append(event)
        got = read_journal(path)
        assert got.head == HEAD
        assert got.events == events
        assert [list(e) for e in got.events] == [list(e) for e in events]  # key order kept
        assert got.torn is None
        assert os.listdir(folder) == ["enc.toml"]


@settings(max_examples=200, deadline=None)
@given(table=TABLES)
def test_format_event_block_is_one_self_checking_chunk(table: dict[str, Any]) -> None:
    block = format_event(table)
    assert block.startswith("[[events]]\n") and block.endswith("\n")
    lines = block.split("\n")[:-1]
    assert lines[-1].startswith("crc = ")
    assert all(line and line != "[[events]]" for line in lines[1:])  # one line per key
