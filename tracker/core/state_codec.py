"""An encounter state as plain data (lists, dicts, str, numbers) and back, exactly.

A journal snapshot (:mod:`tracker.store.snapshot`) keeps the state as of an event in this
form. Tuples, lists, frozensets, mappings and the state's own dataclasses are tagged, so
that the state read back equals the state written (``==``); anything else cannot be
written (TypeError) and a document that is not one this module writes cannot be read
(ValueError): the snapshot is then ignored and the events replayed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tracker.core.model import (
    Combatant,
    Condition,
    EncounterState,
    Injury,
    Reminder,
    RoundOrder,
    Trait,
)

_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        EncounterState,
        Combatant,
        Condition,
        Injury,
        Reminder,
        RoundOrder,
        Trait,
    )
}
_NAMES = {cls: frozenset(f.name for f in dataclasses.fields(cls)) for cls in _CLASSES.values()}
_SCALARS = (str, int, float, bool)


def state_data(state: EncounterState) -> Any:
    """``state`` as plain data (JSON-ready); TypeError for a value it cannot hold."""
    return _encode(state)


def state_from_data(data: Any) -> EncounterState:
    """The state ``data`` (from :func:`state_data`) stands for; ValueError if it is not
    such a document."""
    try:
        state = _decode(data)
    except (TypeError, KeyError, IndexError, AttributeError) as err:
        raise ValueError(f"not a state: {err}") from None
    if not isinstance(state, EncounterState):
        raise ValueError("not a state")
    return state


def _encode(value: object) -> Any:
    if value is None or isinstance(value, _SCALARS):
        return value
    if isinstance(value, tuple):
        return {"t": [_encode(item) for item in value]}
    if isinstance(value, list):
        return {"l": [_encode(item) for item in value]}
    if isinstance(value, frozenset):
        return {"f": [_encode(item) for item in sorted(value, key=repr)]}
    if isinstance(value, Mapping):
        return {"m": [[_encode(k), _encode(v)] for k, v in value.items()]}
    name = type(value).__name__
    if _CLASSES.get(name) is type(value):
        fields = {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}  # type: ignore[arg-type]
        return {"c": name, "v": fields}
    raise TypeError(f"a snapshot cannot hold a {name}")


def _decode(data: Any) -> Any:
    if data is None or isinstance(data, _SCALARS):
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise TypeError("an untagged value")
    if "t" in data:
        return tuple(_decode(item) for item in _items(data["t"]))
    if "l" in data:
        return [_decode(item) for item in _items(data["l"])]
    if "f" in data:
        return frozenset(_decode(item) for item in _items(data["f"]))
    if "m" in data:
        return {_key(pair): _decode(pair[1]) for pair in _items(data["m"])}
    cls = _CLASSES[data["c"]]
    fields = data["v"]
    if not isinstance(fields, dict):
        raise TypeError("fields must be a table")
    if set(fields) != _NAMES[cls]:  # written by an older tracker: replay the events
        raise TypeError(f"{cls.__name__} with other fields than today's")
    return cls(**{name: _decode(value) for name, value in fields.items()})


def _items(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise TypeError("a tagged value must hold a list")
    return data


def _key(pair: Any) -> Any:
    if not isinstance(pair, list) or len(pair) != 2:
        raise TypeError("a mapping entry must be a [key, value] pair")
    key = _decode(pair[0])
    hash(key)
    return key
