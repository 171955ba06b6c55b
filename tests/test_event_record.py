"""Event classes are made without compiling a method each (CLI start, issue 32), yet behave
as the frozen keyword-only dataclasses they were: same repr, equality, hash, defaults,
``replace`` and refusals."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.core import events as ev
from tracker.core.campaign_events import CAMPAIGN_EVENTS
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.journal_events import JournalEvent
from tracker.core.model import Combatant, Condition, EncounterState, Trait

AT = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
CLASSES = sorted({*ev.EVENT_TYPES.values(), *CAMPAIGN_EVENTS.values()}, key=lambda c: c.TYPE)


def _required(cls: type[JournalEvent]) -> dict[str, Any]:
    """A value for each field that has no default (a word, a number, a table)."""
    values: dict[str, Any] = {"seq": 3, "at": AT}
    for f in dataclasses.fields(cls):
        if f.name in values or f.default is not dataclasses.MISSING:
            continue
        if f.default_factory is not dataclasses.MISSING:
            continue
        values[f.name] = {"str": "orc", "int": 2, "float": 1.5}.get(str(f.type), {"k": 1})
    return values


def _twin(cls: type[JournalEvent]) -> Any:
    """The same fields made by ``dataclass(frozen=True, kw_only=True)`` itself."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=True, kw_only=True)
    made.__qualname__ = cls.__qualname__
    return made


def test_no_event_or_state_class_has_methods_of_its_own_compiled() -> None:
    generated = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
    for cls in (*CLASSES, JournalEvent, ev.Event, Combatant, Condition, EncounterState, Trait):
        assert not generated & vars(cls).keys(), cls.__name__


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.TYPE)
def test_an_event_reads_and_compares_as_its_dataclass_twin(cls: type[JournalEvent]) -> None:
    values = _required(cls)
    event, twin = cls(**values), _twin(cls)(**values)
    assert repr(event) == repr(twin)
    assert dataclasses.asdict(event) == dataclasses.asdict(twin)
    assert event == cls(**values) and event != twin
    assert dataclasses.replace(event, seq=4) != event
    assert dataclasses.replace(event, seq=4).seq == 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seq = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del event.text
    with pytest.raises(TypeError, match="required keyword-only argument: 'at'"):
        cls(**{k: v for k, v in values.items() if k != "at"})
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        cls(**values, colour="red")  # type: ignore[call-arg]


def test_a_default_table_is_not_shared_between_events() -> None:
    first = ev.CombatantAdded(seq=1, at=AT, id="orc", name="Orc")
    second = ev.CombatantAdded(seq=2, at=AT, id="gob", name="Gob")
    assert first.stats == {} and first.stats is not second.stats


@given(
    who=st.text(max_size=8),
    name=st.text(max_size=8),
    rounds=st.integers(-3, 3),
    level=st.integers(-3, 3),
    other=st.text(max_size=8),
)
def test_equal_events_hash_alike_and_differ_in_any_field(
    who: str, name: str, rounds: int, level: int, other: str
) -> None:
    event = ev.ConditionChanged(seq=1, at=AT, who=who, name=name, rounds=rounds, level=level)
    same = ev.ConditionChanged(seq=1, at=AT, who=who, name=name, rounds=rounds, level=level)
    assert event == same and hash(event) == hash(same)
    twin = _twin(ev.ConditionChanged)(seq=1, at=AT, who=who, name=name, rounds=rounds, level=level)
    assert repr(event) == repr(twin)
    assert (dataclasses.replace(event, who=other) == event) is (other == who)


def _frozen_twin(cls: type) -> Any:
    """The same fields made by ``dataclass(frozen=True)`` itself."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=True)
    made.__qualname__ = cls.__qualname__
    return made


def test_a_state_record_takes_its_fields_by_position_as_the_dataclass_did() -> None:
    trait = Trait("Claws", "2d6 damage", "weapon")
    twin = _frozen_twin(Trait)("Claws", "2d6 damage", "weapon")
    assert repr(trait) == repr(twin) and trait == Trait(
        name="Claws", text="2d6 damage", kind="weapon"
    )
    assert hash(trait) == hash(Trait("Claws", "2d6 damage", "weapon"))
    with pytest.raises(TypeError, match="multiple values for argument 'name'"):
        Trait("Claws", name="Bite")  # type: ignore[misc]
    with pytest.raises(TypeError, match="positional arguments but 5 were given"):
        Trait("Claws", "2d6", "weapon", "extra")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="required positional argument: 'name'"):
        Condition()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        trait.name = "Bite"  # type: ignore[misc]


def test_a_fight_state_compares_by_value() -> None:
    orc = Combatant(id="orc", name="Orc")
    state = EncounterState(combatants={"orc": orc})
    assert state == EncounterState(combatants={"orc": Combatant(id="orc", name="Orc")})
    assert state != EncounterState(combatants={"orc": Combatant(id="orc", name="Orc", side="pc")})
    assert repr(orc) == repr(_frozen_twin(Combatant)(id="orc", name="Orc"))


def test_post_init_checks_run_and_what_init_cannot_build_is_refused() -> None:
    @frozen_record
    class Checked(FrozenRecord):
        """Checks itself after __init__."""

        size: int

        def __post_init__(self) -> None:
            """A size below one is refused."""
            if self.size < 1:
                raise ValueError("too small")

    assert Checked(2).size == 2
    with pytest.raises(ValueError, match="too small"):
        Checked(0)
    with pytest.raises(TypeError, match="outside __init__"):

        @frozen_record
        class Derived(FrozenRecord):
            """A field set from its default only."""

            size: int
            area: int = dataclasses.field(init=False, default=0)

    with pytest.raises(TypeError, match="InitVar"):

        @frozen_record
        class Passed(FrozenRecord):
            """A value handed to __post_init__ only."""

            size: int
            scale: dataclasses.InitVar[int] = 1
