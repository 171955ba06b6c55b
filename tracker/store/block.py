"""One journal block: an event table written as ``[[events]]`` lines ending in a crc.

Flat ``key = value`` lines (inline arrays and inline tables only), then
``crc = <zlib.crc32 of the block up to that line>``; every block is checked to
round-trip through ``tomllib`` before it is written anywhere.
"""

from __future__ import annotations

import math
import re
import tomllib
import zlib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from tracker.rules.user_files import loads_toml

HEADER = "[[events]]\n"
BATCH_END = "batch_end"
"""The key (``batch_end = true``) that closes the last block of a command's batch."""
_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1


def _fmt_str(value: str) -> str:
    """Return ``value`` as a TOML basic string (JSON escapes are valid TOML escapes;
    ``json`` imported here: a read-only command writes no block)."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text.replace("\x7f", "\\u007f") if "\x7f" in text else text


def _fmt_key(key: object) -> str:
    """Return ``key`` as a bare TOML key when possible, else a quoted one."""
    if not isinstance(key, str):
        raise TypeError(f"event keys must be strings, not {type(key).__name__} ({key!r})")
    return key if _BARE_KEY_RE.fullmatch(key) else _fmt_str(key)


def _fmt_datetime(value: datetime) -> str:
    """Return an aware datetime as a TOML offset date-time in UTC (``...Z``), or with its
    own offset at the very edge of the calendar where UTC would fall outside it."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise TypeError(f"datetimes must be timezone-aware (UTC), got naive {value!r}")
    try:
        return value.astimezone(UTC).replace(tzinfo=None).isoformat() + "Z"
    except OverflowError:  # year 1 ahead of UTC has no UTC form: keep its own offset
        return value.isoformat()


def _fmt_value(value: object) -> str:
    """Return ``value`` as a one-line TOML value; raise TypeError/ValueError if it can't be."""
    if isinstance(value, str):
        return _fmt_str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:
            raise ValueError(f"integer {value} does not fit in 64 bits")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            raise ValueError("NaN cannot be stored in an event")
        return repr(value)
    if isinstance(value, datetime):
        return _fmt_datetime(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return _fmt_inline_table(value)
    if value is None:
        raise TypeError("None cannot be stored (TOML has no null): omit the key instead")
    raise TypeError(f"cannot store a {type(value).__name__} in an event: {value!r}")


def _fmt_inline_table(table: Mapping[Any, Any]) -> str:
    """Return ``table`` as a TOML inline table ``{ a = 1, b = "x" }``."""
    if not table:
        return "{}"
    items = ", ".join(f"{_fmt_key(k)} = {_fmt_value(v)}" for k, v in table.items())
    return "{ " + items + " }"


def _plain(value: object) -> object:
    """Return ``value`` as tomllib would read it back (tuples -> lists, datetimes in UTC)."""
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, datetime):
        try:
            return value.astimezone(UTC)
        except OverflowError:  # written with its own offset (``_fmt_datetime``)
            return value
    return value


def format_event(table: Mapping[str, Any]) -> str:
    """Return the ``[[events]]`` block for ``table``, ending in its ``crc`` line and a newline.

    Keys keep their order. Values may be str, int, float, bool, aware datetimes
    (written in UTC), lists/tuples and dicts of those (as inline arrays/tables).
    Raises ``TypeError`` for None and unsupported types, ``ValueError`` for values
    TOML cannot hold (NaN, integers beyond 64 bits, lone surrogates) or a ``crc`` key.
    The block is checked to read back as exactly ``table`` plus its ``crc``.
    """
    if not isinstance(table, Mapping):
        raise TypeError(f"an event must be a table (dict), not {type(table).__name__}")
    if "crc" in table:
        raise ValueError("an event may not have a 'crc' key: the journal adds it")
    lines = [HEADER]
    lines.extend(f"{_fmt_key(k)} = {_fmt_value(v)}\n" for k, v in table.items())
    body = "".join(lines)
    try:
        crc = zlib.crc32(body.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ValueError(f"text that is not valid Unicode cannot be stored: {exc}") from exc
    block = f"{body}crc = {crc}\n"
    _check_round_trip(block, table, crc)
    return block


def _check_round_trip(block: str, table: Mapping[str, Any], crc: int) -> None:
    """Raise ValueError unless ``block`` parses back to ``table`` plus ``crc``."""
    try:
        parsed = loads_toml(block)
    except tomllib.TOMLDecodeError as exc:  # pragma: no cover - a bug in the formatter
        raise ValueError(f"event does not round-trip through TOML: {exc}") from exc
    expected = {**{k: _plain(v) for k, v in table.items()}, "crc": crc}
    if parsed != {"events": [expected]}:
        raise ValueError(f"event does not round-trip through TOML: {dict(table)!r}")
