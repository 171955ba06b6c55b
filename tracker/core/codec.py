"""Events to TOML-able tables and back, through the type registry.

A table is flat: ``seq``, ``type``, ``at``, ``batch``, then the event's fields in
declaration order. Defaults are left out (TOML has no null, and files stay short).
"""

from __future__ import annotations

import dataclasses
import typing
from datetime import datetime
from functools import cache
from typing import Any

from tracker.core.errors import EventFormatError
from tracker.core.events import EVENT_TYPES, Event

_HEAD = ("seq", "type", "at", "batch")


@cache
def _fields(cls: type[Event]) -> tuple[tuple[str, Any, Any], ...]:
    """(name, type hint, default) for each field of an event class, in order."""
    hints = typing.get_type_hints(cls)
    result = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        result.append((f.name, hints[f.name], default))
    return tuple(result)


def to_table(event: Event) -> dict[str, Any]:
    """The event as a flat table ready for the journal."""
    table: dict[str, Any] = {"seq": event.seq, "type": event.TYPE, "at": event.at}
    if event.batch and event.batch != event.seq:
        table["batch"] = event.batch
    for name, _hint, default in _fields(type(event)):
        if name in _HEAD:
            continue
        value = getattr(event, name)
        if value is None or value == default:
            continue
        table[name] = list(value) if isinstance(value, tuple) else value
    return table


def from_table(table: dict[str, Any]) -> Event:
    """Rebuild an event from its table; EventFormatError names the offending key."""
    tag = table.get("type")
    if not isinstance(tag, str):
        raise EventFormatError("an event needs a 'type'", "type")
    cls = EVENT_TYPES.get(tag)
    if cls is None:
        raise EventFormatError(f"unknown event type {tag!r}", "type")
    values: dict[str, Any] = {}
    known = _fields(cls)
    names = {name for name, _, _ in known}
    for key in table:
        if key != "type" and key not in names:
            raise EventFormatError(f"unknown key {key!r} in a {tag} event", key)
    for name, hint, default in known:
        if name not in table:
            if name == "batch":
                values[name] = table.get("seq", 0)
                continue
            if default is dataclasses.MISSING:
                raise EventFormatError(f"a {tag} event needs {name!r}", name)
            continue
        values[name] = _coerce(table[name], hint, name, tag)
    return cls(**values)


def _coerce(value: Any, hint: Any, name: str, tag: str) -> Any:
    """Check a stored value against the field's type; lists become tuples."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        if not isinstance(value, list):
            raise EventFormatError(f"{name!r} of a {tag} event must be a list", name)
        return tuple(value)
    if origin is dict:
        if not isinstance(value, dict):
            raise EventFormatError(f"{name!r} of a {tag} event must be a table", name)
        return value
    expected = _SIMPLE.get(hint)
    if expected is None:
        return value
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        kind = _NAMES[hint]
        raise EventFormatError(f"{name!r} of a {tag} event must be {kind}", name)
    return value


_SIMPLE: dict[Any, type | tuple[type, ...]] = {
    int: int,
    str: str,
    bool: bool,
    float: (int, float),
    datetime: datetime,
}
_NAMES = {int: "a whole number", str: "text", bool: "true or false", float: "a number",
          datetime: "a date-time"}
