"""Finding a damaged first event block: its ``[[events]]`` line flipped or NULed, so that
the head seems to run on into it. The rest of the journal's damage is found block by block
(:func:`tracker.store.journal.check_block`)."""

from __future__ import annotations

import re
from pathlib import Path

from tracker.store.errors import JournalError
from tracker.store.toml_parse import parse_document

CRC_LINE_RE = re.compile(rb"^crc = [0-9]{1,10}\r?$", re.MULTILINE)
"""A block's ``crc`` line, anywhere in a text."""


def lost_first_block(path: Path, data: bytes, head_end: int) -> int | None:
    """Where the first event block starts when its ``[[events]]`` line is damaged (the
    head then seems to run on into it); None when the head itself looks damaged.

    The damaged line is the first of: the line before the first ``seq = N`` line, the line
    of the first NUL byte, the line where the head stops parsing. It must still look like
    an ``[[events]]`` line (one byte changed, or cut short by NULs), a ``crc`` line must
    follow it, and the head before it must parse: damage that reaches into the roster is
    not taken for a damaged event.
    """
    region = data[:head_end]
    if not CRC_LINE_RE.search(region):
        return None
    found = [_line_start(region, at) for at in _first_damage(path, region) if at >= 0]
    if not found:
        return None
    start = min(found)
    line_end = region.find(b"\n", start)
    if not _header_like(region[start : len(region) if line_end < 0 else line_end]):
        return None
    if not CRC_LINE_RE.search(region, start):
        return None
    try:
        head = parse_document(path, data[:start])
    except JournalError:
        return None
    return None if "events" in head else start


def _first_damage(path: Path, region: bytes) -> list[int]:
    """Bytes where a damaged first block may show: before ``seq = 1``, a NUL, a parse error."""
    seq = re.search(rb"^seq = [0-9]+\r?$", region, re.M)
    places = [seq.start() - 1 if seq and seq.start() > 0 else -1, region.find(b"\0")]
    try:
        parse_document(path, region)
    except JournalError as err:
        lines = region.split(b"\n")
        if err.line is not None and err.line <= len(lines):
            places.append(sum(len(line) + 1 for line in lines[: err.line - 1]))
    return places


def _line_start(data: bytes, at: int) -> int:
    return data.rfind(b"\n", 0, at) + 1


def _header_like(line: bytes) -> bool:
    """Whether ``line`` is an ``[[events]]`` line with one byte changed or cut by NULs."""
    header = b"[[events]]"
    if line.startswith(header):
        return True  # its line end is damaged
    if b"\0" in line:
        return header.startswith(line[: line.index(b"\0")])
    return len(line) == len(header) and sum(a != b for a, b in zip(line, header, strict=True)) == 1
