"""Events to TOML-able tables and back, through the type registry.

A table is flat: ``seq``, ``type``, ``at``, ``batch``, then the event's fields in
declaration order. Defaults are left out (TOML has no null, and files stay short).
``to_table`` and ``event_fields`` serve every journal's events (a campaign's too).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from datetime import datetime
from typing import Any

from tracker.core.errors import EventFormatError
from tracker.core.events import EVENT_TYPES, Event
from tracker.core.journal_events import JournalEvent

HEAD = ("seq", "type", "at", "batch")
"""The keys every event table starts with, written by ``to_table`` itself."""

Field = tuple[str, Any, Any]
"""(name, type hint, default or ``dataclasses.MISSING``) of one event field."""

_FIELDS: dict[type, tuple[Field, ...]] = {}
_PLANS: dict[type, Any] = {}


def event_fields(cls: type[JournalEvent]) -> tuple[Field, ...]:
    """(name, type hint, default) for each field of an event class, in order (cached per
    class: the two journals share tags such as ``history.undone``)."""
    known = _FIELDS.get(cls)
    if known is None:
        known = _FIELDS[cls] = _read_fields(cls)
    return known


def _read_fields(cls: type[JournalEvent]) -> tuple[Field, ...]:
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


def to_table(event: JournalEvent) -> dict[str, Any]:
    """The event as a flat table ready for the journal."""
    table: dict[str, Any] = {"seq": event.seq, "type": event.TYPE, "at": event.at}
    if event.batch and event.batch != event.seq:
        table["batch"] = event.batch
    for name, _hint, default in event_fields(type(event)):
        if name in HEAD:
            continue
        value = getattr(event, name)
        if value is None or value == default:
            continue
        table[name] = list(value) if isinstance(value, tuple) else value
    return table


Plan = tuple[str, "frozenset[type] | None", Any, bool, str]


def _plan(cls: type[Event]) -> tuple[frozenset[str], tuple[Plan, ...], dict[str, Any]]:
    """The keys an event table may hold, how to check each field, the defaults (cached)."""
    known = _PLANS.get(cls)
    if known is None:
        known = _PLANS[cls] = _make_plan(cls)
    return known


def _make_plan(cls: type[Event]) -> tuple[frozenset[str], tuple[Plan, ...], dict[str, Any]]:
    plan: list[Plan] = []
    defaults: dict[str, Any] = {}
    for name, hint, default in event_fields(cls):
        origin = typing.get_origin(hint)
        item = (typing.get_args(hint) or (None,))[0] if origin is tuple else None
        convert = (
            _TUPLES.get(item, _as_tuple)
            if origin is tuple
            else _as_dict
            if origin is dict
            else None
        )
        exact = None if convert else _EXACT.get(hint)
        required = default is dataclasses.MISSING
        if not required:
            defaults[name] = default
        plan.append((name, exact, convert, required and name != "batch", _NAMES.get(hint, "")))
    return frozenset(name for name, *_ in plan) | {"type"}, tuple(plan), defaults


def from_table(table: dict[str, Any]) -> Event:
    """Rebuild an event from its table; EventFormatError names the offending key."""
    tag = table.get("type")
    if not isinstance(tag, str):
        raise EventFormatError("an event needs a 'type'", "type")
    cls = EVENT_TYPES.get(tag)
    if cls is None:
        raise EventFormatError(f"unknown event type {tag!r}", "type")
    allowed, plan, defaults = _plan(cls)
    if not allowed.issuperset(table):
        key = next(k for k in table if k not in allowed)
        raise EventFormatError(f"unknown key {key!r} in a {tag} event", key)
    values = dict(defaults)
    values["batch"] = table.get("seq", 0)
    for name, exact, convert, required, kind in plan:
        if name in table:
            value = table[name]
            if convert is not None:
                value = convert(value, name, tag)
            elif exact is not None and type(value) not in exact:
                raise EventFormatError(f"{name!r} of a {tag} event must be {kind}", name)
            values[name] = value
        elif required:
            raise EventFormatError(f"a {tag} event needs {name!r}", name)
    event = object.__new__(cls)  # fields checked above; skip the frozen __init__
    event.__dict__.update(values)
    return event


def _as_is(value: Any, name: str, tag: str) -> Any:
    return value


def _as_tuple(value: Any, name: str, tag: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise EventFormatError(f"{name!r} of a {tag} event must be a list", name)
    return tuple(value)


def _as_texts(value: Any, name: str, tag: str) -> tuple[Any, ...]:
    items = _as_tuple(value, name, tag)
    if not all(isinstance(item, str) for item in items):
        raise EventFormatError(f"{name!r} of a {tag} event must be a list of text", name)
    return items


def _as_numbers(value: Any, name: str, tag: str) -> tuple[Any, ...]:
    items = _as_tuple(value, name, tag)
    if not all(isinstance(item, int) and not isinstance(item, bool) for item in items):
        raise EventFormatError(f"{name!r} of a {tag} event must be a list of whole numbers", name)
    return items


_TUPLES: dict[Any, Callable[[Any, str, str], tuple[Any, ...]]] = {str: _as_texts, int: _as_numbers}
"""Element checks for ``tuple[str, ...]`` and ``tuple[int, ...]`` fields."""


def _as_dict(value: Any, name: str, tag: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EventFormatError(f"{name!r} of a {tag} event must be a table", name)
    return value


_EXACT: dict[Any, frozenset[type]] = {
    int: frozenset({int}),
    str: frozenset({str}),
    bool: frozenset({bool}),
    float: frozenset({int, float}),
    datetime: frozenset({datetime}),
}
_NAMES = {
    int: "a whole number",
    str: "text",
    bool: "true or false",
    float: "a number",
    datetime: "a date-time",
}
