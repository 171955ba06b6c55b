"""Reading a file's standing line (:mod:`tracker.store.standing_line`): the listing's
quick path, from the file's first and last few KB.

It answers only when the file ends with a whole batch (its last block whole, crc-checked,
``batch_end = true``, its seq the line's) followed by a standing line whose crc holds and
whose head crc is the head's (so the head is the one the writer read and checked, in
today's format); anything else (older files, a hand edit, a torn tail, CRLF line ends,
a line that fails its crc or says what no writer would) returns None and the listing
reads the file the full way (:mod:`tracker.store.journal_scan`), which says the same for
our own files. Damage in the middle of a journal is seen only by the full reading.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.core.safe_text import NUMBER_LIMIT, TITLE_LIMIT, UNSAFE, WORD_LIMIT
from tracker.store.open_flags import O_BINARY as _O_BINARY
from tracker.store.standing_line import MARK

HEAD_READ = 8192
"""How much of the file's start is read for its head (a longer head: the full reading)."""
TAIL_READ = 4096
"""How much of the file's end is read for its last block and standing line."""
PHASES = ("setup", "running", "ended")
_SEP = b"\n[[events]]\n"
_AT_RE = re.compile(rb"\nat = (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)\n")
_JSON = json.JSONDecoder()
_NEWLINE = ord("\n")
_LINE_RE = re.compile(
    re.escape(MARK) + rb"([0-9]{1,20}) ([0-9]{1,20}) ([0-9]{1,10}) (\[[^\n]*\]) ([0-9]{1,10})\n\Z"
)


@dataclass(frozen=True)
class StandingRow:
    """What a listing shows of a file, read from its standing line."""

    title: str
    ruleset: str
    phase: str
    round: int
    acting: str
    combatants: int
    last_at: datetime


def read_standing(path: str | Path) -> StandingRow | None:
    """The file's standing from its first and last few KB; None when it does not end with
    a standing line that checks out (read it the full way then). OSError if it cannot be
    read."""
    fd = os.open(path, os.O_RDONLY | _O_BINARY)
    try:
        head = os.read(fd, HEAD_READ)
        tail = head if len(head) < HEAD_READ else _read_end(fd)
    finally:
        os.close(fd)
    line = _last_line(tail)
    if line is None or not _head_is(head, line[1], line[2]):
        return None
    seq, _, _, fields, line_at = line
    last = _last_block(tail, line_at, seq)
    if last is None or not _plausible(fields):
        return None
    phase, round_no, _, acting, combatants, title, ruleset = fields
    return StandingRow(title, ruleset, phase, round_no, acting, combatants, last)


def _read_end(fd: int) -> bytes:
    """The last ``TAIL_READ`` bytes of the file open as ``fd`` (at least that long)."""
    os.lseek(fd, -TAIL_READ, os.SEEK_END)
    return os.read(fd, TAIL_READ)


def _last_line(tail: bytes) -> tuple[int, int, int, list[Any], int] | None:
    """(seq, head length, head crc, data, where the line starts) of a standing line ending
    ``tail`` whose crc holds; None if it does not end so."""
    at = tail.rfind(b"\n", 0, len(tail) - 1) + 1
    match = _LINE_RE.match(tail, at) if at > 0 else None
    if match is None or zlib.crc32(memoryview(tail)[at : match.start(5) - 1]) != int(match[5]):
        return None
    text = match[4].decode("ascii", "replace")
    try:
        fields, end = _JSON.raw_decode(text)
    except ValueError:
        return None
    if end != len(text):
        return None
    return int(match[1]), int(match[2]), int(match[3]), fields, at


def _last_block(tail: bytes, stop: int, seq: int) -> datetime | None:
    """When the block before byte ``stop`` of ``tail`` was made, if it is whole (crc),
    closes its command and is event ``seq``; else None."""
    start = tail.rfind(_SEP, 0, stop) + 1
    if start == 0 or tail.find(b"\r", start, stop) >= 0:
        return None
    crc_at = tail.rfind(b"\ncrc = ", start, stop)
    digits = tail[crc_at + 7 : stop - 1]
    if crc_at < 0 or not digits.isdigit() or len(digits) > 10:
        return None
    if zlib.crc32(memoryview(tail)[start : crc_at + 1]) != int(digits):
        return None
    if not tail.endswith(b"\nbatch_end = true", start, crc_at):
        return None
    if not tail.startswith(b"[[events]]\nseq = %d\n" % seq, start):
        return None  # the writer puts seq first
    match = _AT_RE.search(tail, start, crc_at + 1)
    try:
        return datetime.fromisoformat(match[1].decode()) if match else None
    except ValueError:  # a day no calendar has (year 0): the careful reader says where
        return None


def _head_is(data: bytes, length: int, crc: int) -> bool:
    """Whether the file whose start is ``data`` has a head of ``length`` bytes (all before
    its first ``[[events]]`` line) whose crc is ``crc``: the head the writer read and
    checked (so it holds no other ``[[events]]`` line), whose title and ruleset the line
    repeats."""
    if not 0 < length <= len(data) - len(_SEP) + 1 or data[length - 1] != _NEWLINE:
        return False
    return data.startswith(_SEP[1:], length) and zlib.crc32(memoryview(data)[:length]) == crc


def _plausible(fields: Any) -> bool:
    """Whether the line's data is what the writer writes: a known phase, whole numbers,
    texts that pass the text check (a forged line is read the full way)."""
    if type(fields) is not list or len(fields) != 7:
        return False
    phase, round_no, current, acting, combatants, title, ruleset = fields
    return (
        phase in PHASES
        and type(round_no) is int
        and type(combatants) is int
        and type(current) is type(acting) is type(title) is type(ruleset) is str
        and 0 <= round_no <= NUMBER_LIMIT
        and 0 <= combatants <= NUMBER_LIMIT
        and max(len(current), len(acting), len(ruleset)) <= WORD_LIMIT
        and len(title) <= TITLE_LIMIT
        and UNSAFE.search(current + acting + title + ruleset) is None
    )
