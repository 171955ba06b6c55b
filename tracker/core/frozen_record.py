"""Frozen dataclasses made cheaply: the methods are shared, not compiled for each class.

``dataclass(frozen=True)`` compiles six methods for every class it makes (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): for the
hundred-odd event, state and rule classes a ``tracker state`` imports, that was half the
time it took to start (issue 32). :func:`frozen_record` and :func:`event_record` make
the same dataclass (fields, ``fields()``, ``replace()``, ``__match_args__``) and compile
nothing: :class:`FrozenRecord`, which the class must inherit, holds one copy of each
method, reading the fields of the class it is called on. Journals and the fold build
their events and states without ``__init__`` (the codec and ``evolve`` fill them in), and
the shared ``__init__`` is within a fifth of the compiled one.

``__post_init__`` is called after ``__init__`` as the dataclass calls it. A class with a
``field(init=False)`` or an ``InitVar`` is refused (the shared ``__init__`` does not set
or pass them): keep ``dataclass(frozen=True)`` for it.
"""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

_Spec = tuple[tuple[str, Any, Any], ...]
"""(name, default, default factory) of each field ``__init__`` takes, in order."""

_SPECS: dict[type, tuple[_Spec, tuple[str, ...], bool]] = {}
_VALUES: dict[type, Any] = {}
_SHOWN: dict[type, tuple[str, ...]] = {}


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_record(cls: type[T]) -> type[T]:
    """``cls`` as ``dataclass(frozen=True)`` makes it, with the methods of
    :class:`FrozenRecord` (which ``cls`` must inherit)."""
    return _made(cls, kw_only=False)


@dataclass_transform(
    kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field,)
)
def event_record(cls: type[T]) -> type[T]:
    """``cls`` as ``dataclass(frozen=True, kw_only=True)`` makes it, with the methods of
    :class:`FrozenRecord` (which ``cls`` must inherit)."""
    return _made(cls, kw_only=True)


def _made(cls: type[T], *, kw_only: bool) -> type[T]:
    if not issubclass(cls, FrozenRecord):
        raise TypeError(f"{cls.__name__} is a frozen record but not a FrozenRecord")
    if any("InitVar" in str(hint) for hint in vars(cls).get("__annotations__", {}).values()):
        raise TypeError(f"{cls.__name__} has an InitVar: make it a dataclass")
    made = dataclasses.dataclass(kw_only=kw_only, init=False, repr=False, eq=False)(cls)
    if any(not f.init for f in _fields_of(made)):  # the shared __init__ skips those
        raise TypeError(f"{cls.__name__} has a field outside __init__: make it a dataclass")
    return made


def _fields_of(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _spec(cls: type) -> tuple[_Spec, tuple[str, ...], bool]:
    """The fields ``__init__`` takes, the names of those it takes by position, and
    whether the class has a ``__post_init__``."""
    known = _SPECS.get(cls)
    if known is None:
        fields = dataclasses.fields(cls)
        spec = tuple((f.name, f.default, f.default_factory) for f in fields if f.init)
        positional = tuple(f.name for f in fields if f.init and not f.kw_only)
        known = _SPECS[cls] = (spec, positional, hasattr(cls, "__post_init__"))
    return known


def _values(cls: type) -> Any:
    """The getter of the compared fields' values, as one tuple (as the dataclass does)."""
    known = _VALUES.get(cls)
    if known is None:
        names = [f.name for f in dataclasses.fields(cls) if f.compare]
        getter = attrgetter(*names) if names else (lambda obj: ())
        known = _VALUES[cls] = getter if len(names) != 1 else (lambda obj: (getter(obj),))
    return known


def _shown(cls: type) -> tuple[str, ...]:
    known = _SHOWN.get(cls)
    if known is None:
        known = _SHOWN[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.repr)
    return known


def _by_position(cls: type, names: tuple[str, ...], args: tuple[Any, ...]) -> dict[str, Any]:
    """The positional ``args`` by field name (TypeError: too many, as the dataclass says)."""
    if len(args) > len(names):
        raise TypeError(
            f"{cls.__qualname__}.__init__() takes {len(names) + 1} positional arguments "
            f"but {len(args) + 1} were given"
        )
    return dict(zip(names, args, strict=False))


class _FieldSignature:
    """``inspect.signature`` (and so ``help``) of a record class: its fields, as the
    dataclass's own ``__init__`` would show them, not the shared ``(*args, **given)``;
    built when asked, so importing the records costs nothing more."""

    def __get__(self, obj: object, cls: type) -> inspect.Signature:
        if not dataclasses.is_dataclass(cls):
            raise AttributeError("__signature__")  # FrozenRecord itself: its own __init__
        fields = [f for f in dataclasses.fields(cls) if f.init]
        kinds = [
            inspect.Parameter.KEYWORD_ONLY if f.kw_only else inspect.Parameter.POSITIONAL_OR_KEYWORD
            for f in fields
        ]
        try:
            params = [_parameter(f, kind) for f, kind in zip(fields, kinds, strict=True)]
            return inspect.Signature(params, return_annotation="None")
        except ValueError:  # a default before a field without one: by name only
            params = [_parameter(f, inspect.Parameter.KEYWORD_ONLY) for f in fields]
            return inspect.Signature(params, return_annotation="None")


def _parameter(field: dataclasses.Field[Any], kind: Any) -> inspect.Parameter:
    """A field as a parameter, its default (or what its factory makes) shown."""
    default: Any = inspect.Parameter.empty
    if field.default is not MISSING:
        default = field.default
    elif field.default_factory is not MISSING:
        default = field.default_factory()
    return inspect.Parameter(field.name, kind, default=default, annotation=field.type)


class FrozenRecord:
    """The methods every frozen record shares: ``__init__`` (fields by position, unless
    keyword-only, or by name), equality and hash over the fields (records of one class
    only), the dataclass ``repr``, and no attribute ever assigned or deleted after
    ``__init__`` (FrozenInstanceError)."""

    __slots__ = ()
    __signature__ = _FieldSignature()

    def __init__(self, *args: Any, **given: Any) -> None:
        cls = type(self)
        spec, positional, post_init = _SPECS.get(cls) or _spec(cls)
        if args:
            named = _by_position(cls, positional, args)
            twice = named.keys() & given.keys()
            if twice:
                raise TypeError(
                    f"{cls.__qualname__}.__init__() got multiple values for argument {min(twice)!r}"
                )
            given.update(named)
        values = {}
        for name, default, factory in spec:
            if name in given:
                values[name] = given.pop(name)
            elif default is not MISSING:
                values[name] = default
            elif factory is not MISSING:
                values[name] = factory()
            else:
                kind = "positional" if name in positional else "keyword-only"
                raise TypeError(
                    f"{cls.__qualname__}.__init__() missing 1 required {kind} argument: {name!r}"
                )
        if given:
            raise TypeError(
                f"{cls.__qualname__}.__init__() got an unexpected keyword argument "
                f"{next(iter(given))!r}"
            )
        self.__dict__.update(values)
        if post_init:
            getattr(self, "__post_init__")()  # noqa: B009 (FrozenRecord itself has none)

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
