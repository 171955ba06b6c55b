"""A typed name finds its combatant anywhere in the name (issue 27): the whole name or id
first, then its start, then the start of a later word, then anywhere; each way is tried
only when the ones before found nobody, and two found at once are named in the refusal."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.conftest import basic_encounter
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.grammar import resolve
from tracker.core.model import EncounterState
from tracker.core.session import Encounter

NONE = ScriptedDice([])


def fight_of(*names: str) -> Encounter:
    roster = [
        {"id": f"c{n}", "name": name, "stats": {"hp": 10, "init": 1}}
        for n, name in enumerate(names)
    ]
    return basic_encounter(roster)


def named(encounter: Encounter, typed: str) -> str:
    return encounter.state.combatants[resolve(encounter.state, typed)].name


def test_dmg_harpy_hits_the_gale_harpy() -> None:
    fight = fight_of("Ann", "Gale Harpy")
    fight.run("dmg harpy 3", NONE)
    assert fight.state.combatant("c1").track("hp") == 7


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("bo", "Bo"),  # the whole name beats the start of another (Bob)
        ("bob", "Bob"),
        ("harpy", "Harpy Queen"),  # the start of a name beats a later word (Gale Harpy)
        ("harp", "Harpy Queen"),
        ("gale", "Gale Harpy"),
        ("queen", "Harpy Queen"),  # the start of a word beats anywhere (Sharpqueened)
        ("arpy q", "Harpy Queen"),
        ("ale h", "Gale Harpy"),  # anywhere, across the space
        ("c5", "Sharpqueened"),  # an id
    ],
)
def test_each_way_is_tried_only_when_the_earlier_found_nobody(typed: str, meant: str) -> None:
    fight = fight_of("Bo", "Bob", "Harpy Queen", "Gale Harpy", "Ann", "Sharpqueened")
    assert named(fight, typed) == meant


def test_two_found_the_same_way_are_named_in_the_refusal() -> None:
    fight = fight_of("Bob", "Bo's Dog", "Ann")
    with pytest.raises(RuleError) as refused:
        fight.run("dmg bo 3", NONE)
    assert str(refused.value) == "'bo' could be Bob and Bo's Dog — type more of the name"


def test_many_found_are_counted_after_the_first_three() -> None:
    fight = fight_of("Rat 1", "Rat 2", "Rat 3", "Rat 4", "Rat 5")
    with pytest.raises(RuleError, match="'rat' could be Rat 1, Rat 2, Rat 3 and 2 more"):
        resolve(fight.state, "rat")


def test_nobody_found_lists_the_fight() -> None:
    fight = fight_of("Ann", "Gale Harpy")
    with pytest.raises(RuleError, match="no combatant 'zed' — in this fight: Ann, Gale Harpy"):
        resolve(fight.state, "zed")


NAME = st.text(alphabet="abcdeAB -'", min_size=1, max_size=8).filter(lambda s: s.strip())


@given(names=st.lists(NAME, min_size=1, max_size=5, unique=True), typed=NAME)
def test_whoever_is_found_has_what_was_typed_in_their_name_or_id(
    names: list[str], typed: str
) -> None:
    state: EncounterState = fight_of(*names).state
    squash = "".join(ch for ch in typed.casefold() if ch.isalnum())
    try:
        found = state.combatants[resolve(state, typed)]
    except RuleError:
        return
    spelled = ["".join(ch for ch in s.casefold() if ch.isalnum()) for s in (found.name, found.id)]
    assert any(squash in s for s in spelled) or typed == found.id


def test_a_name_typed_as_its_start_beats_one_found_by_dropping_punctuation() -> None:
    fight = fight_of("[b]<i>x", "Boss")
    fight.run("dmg [b] 3", NONE)
    assert fight.state.combatant("c0").track("hp") == 7
    assert fight.state.combatant("c1").track("hp") == 10


def test_several_names_starting_as_typed_are_still_refused() -> None:
    fight = fight_of("[b]<i>x", "[b] Boss", "Ann")
    with pytest.raises(RuleError, match=r"'\[b\]' could be \[b\]<i>x and \[b\] Boss"):
        resolve(fight.state, "[b]")


ODD_NAME = st.text(alphabet="abAB[]<>-. '0c", min_size=1, max_size=8).filter(
    lambda s: s.strip() and s != "."
)


def distinct_fight(names: list[str]) -> Encounter:
    """A fight whose names differ from each other and from every id, case aside."""
    ids = {f"c{n}" for n in range(len(names))}
    folded = [name.casefold() for name in names]
    assume(len(set(folded)) == len(folded) and not ids & set(folded))
    return fight_of(*names)


@given(names=st.lists(ODD_NAME, min_size=1, max_size=5), pick=st.integers(0, 4))
def test_an_exact_id_or_whole_name_always_finds_that_combatant(names: list[str], pick: int) -> None:
    state = distinct_fight(names).state
    fighter = list(state.combatants.values())[pick % len(names)]
    assert resolve(state, fighter.id) == fighter.id
    assert resolve(state, fighter.name) == fighter.id
    assert resolve(state, fighter.name.upper()) == fighter.id


@given(
    names=st.lists(ODD_NAME, min_size=1, max_size=5),
    pick=st.integers(0, 4),
    cut=st.integers(1, 8),
)
def test_a_start_as_typed_that_no_one_else_shares_finds_that_combatant(
    names: list[str], pick: int, cut: int
) -> None:
    state = distinct_fight(names).state
    fighters = list(state.combatants.values())
    fighter = fighters[pick % len(names)]
    typed = fighter.name[:cut]
    assume(typed.strip() and typed != ".")
    sharing = [
        c
        for c in fighters
        if any(s.casefold().startswith(typed.casefold()) for s in (c.name, c.id))
    ]
    assume(sharing == [fighter])
    assert resolve(state, typed) == fighter.id
