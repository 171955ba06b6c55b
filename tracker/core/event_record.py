"""Event classes made cheaply: frozen, keyword-only dataclasses whose methods are shared.

``dataclass(frozen=True, kw_only=True)`` compiles six methods for every class it makes
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``):
for the fifty-odd event classes that was a third of the time ``tracker state`` takes to
start. :func:`event_record` makes the same dataclass (fields, ``fields()``,
``replace()``, ``__match_args__``) but compiles nothing: :class:`EventRecord` holds one
copy of each method, reading the fields of the class it is called on. A journal builds
its events without ``__init__`` (the codec fills them in), so the shared ``__init__``
is used only for the few events a command makes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_Spec = tuple[tuple[str, Any, Any], ...]
"""(name, default, default factory) of each field of a class, in order."""

_SPECS: dict[type, _Spec] = {}
_VALUES: dict[type, Any] = {}
_SHOWN: dict[type, tuple[str, ...]] = {}


@dataclass_transform(
    kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field,)
)
def event_record(cls: type[T]) -> type[T]:
    """``cls`` as a frozen, keyword-only dataclass whose methods are those of
    :class:`EventRecord` (which ``cls`` must inherit)."""
    if not issubclass(cls, EventRecord):
        raise TypeError(f"{cls.__name__} is an event record but not an EventRecord")
    return dataclasses.dataclass(kw_only=True, init=False, repr=False, eq=False)(cls)


def _spec(cls: type) -> _Spec:
    known = _SPECS.get(cls)
    if known is None:
        fields = dataclasses.fields(cls)
        known = _SPECS[cls] = tuple((f.name, f.default, f.default_factory) for f in fields)
    return known


def _values(cls: type) -> Any:
    """The getter of the compared fields' values, as one tuple (as the dataclass does)."""
    known = _VALUES.get(cls)
    if known is None:
        names = [f.name for f in dataclasses.fields(cls) if f.compare]
        getter = attrgetter(*names)
        known = _VALUES[cls] = getter if len(names) > 1 else (lambda obj: (getter(obj),))
    return known


def _shown(cls: type) -> tuple[str, ...]:
    known = _SHOWN.get(cls)
    if known is None:
        known = _SHOWN[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.repr)
    return known


class EventRecord:
    """The methods every event record shares: a keyword-only ``__init__``, equality and
    hash over the fields (events of one class only), the dataclass ``repr``, and no
    attribute ever assigned or deleted after ``__init__`` (FrozenInstanceError)."""

    __slots__ = ()

    def __init__(self, **given: Any) -> None:
        cls = type(self)
        values = {}
        for name, default, factory in _SPECS.get(cls) or _spec(cls):
            if name in given:
                values[name] = given.pop(name)
            elif default is not MISSING:
                values[name] = default
            elif factory is not MISSING:
                values[name] = factory()
            else:
                raise TypeError(
                    f"{cls.__qualname__}.__init__() missing 1 required keyword-only "
                    f"argument: {name!r}"
                )
        if given:
            raise TypeError(
                f"{cls.__qualname__}.__init__() got an unexpected keyword argument "
                f"{next(iter(given))!r}"
            )
        self.__dict__.update(values)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _VALUES.get(type(self)) or _values(type(self))
        return bool(values(self) == values(other))

    def __hash__(self) -> int:
        return hash((_VALUES.get(type(self)) or _values(type(self)))(self))

    def __repr__(self) -> str:
        cls = type(self)
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _shown(cls))
        return f"{cls.__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
