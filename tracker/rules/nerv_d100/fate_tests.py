"""nerv-d100 Fate spent on a test (seed 000 l.262-263): "two Advantages on a test" and
"reroll a test that has already been rolled".

``spend WHO fate use=advantage|reroll`` leaves the spender holding ``Fate Advantage`` or
``Fate Reroll`` until the next test the tracker rolls for them. The encounter's ``fate``
reading decides what that roll does: ``apply`` counts the two Advantages (``+20 Fate``)
and rerolls a failed test (the second roll stands; a Reroll waits while tests pass),
``logged`` leaves both to the table and says so on that roll.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.d100.checks import Modifier, TestResult
from tracker.rules.nerv_d100.tables import NervTables
from tracker.rules.readings import chosen

CATEGORY = "Fate"


def _name(tables: NervTables, use: str) -> str:
    return str(tables.raw["fate_tests"][use])


def hold(draft: Draft, tables: NervTables, fighter: Combatant, use: str) -> None:
    """After ``spend WHO fate use=advantage|reroll``: held for the next rolled test."""
    name = _name(tables, use)
    if fighter.condition(name) is not None:
        return
    text = f"{fighter.name} holds {name} for the next test the tracker rolls"
    draft.emit(ev.ConditionApplied, who=fighter.id, name=name, category=CATEGORY, text=text)


def applies(draft: Draft, tables: NervTables) -> bool:
    """Whether this encounter applies held Fate to the rolls (the ``fate`` reading)."""
    return chosen(tables.readings, draft.state.options, "fate") == "apply"


def advantage(draft: Draft, tables: NervTables, fighter: Combatant) -> list[Modifier]:
    """``+20 Fate`` when the tester holds Fate Advantage and the encounter applies it."""
    if fighter.condition(_name(tables, "advantage")) is None or not applies(draft, tables):
        return []
    step = tables.number("tests", "advantage") * tables.number("fate_tests", "advantages")
    return [Modifier(step, f"{step:+d} Fate")]


def wants_reroll(draft: Draft, tables: NervTables, fighter: Combatant, result: TestResult) -> bool:
    """A failed test by one holding Fate Reroll, in an encounter that applies it."""
    held = fighter.condition(_name(tables, "reroll")) is not None
    return held and not result.passed and applies(draft, tables)


def settle(draft: Draft, tables: NervTables, who: str, rerolled: bool) -> None:
    """After the roll: the Fate it used is spent; under ``logged`` the roll names it."""
    fighter = draft.state.combatant(who)
    applied = applies(draft, tables)
    for use in ("advantage", "reroll"):
        name = _name(tables, use)
        if fighter.condition(name) is None:
            continue
        if not applied:
            text = f"{fighter.name} spent {name} on this test: the table's to apply"
            draft.emit(ev.ConditionRemoved, who=who, name=name, text=text)
        elif use == "advantage" or rerolled:
            draft.emit(ev.ConditionRemoved, who=who, name=name, text="")


def lapse(draft: Draft, tables: NervTables, who: str) -> None:
    """A Downtime ends the Crisis: Fate still held for a test lapses unused."""
    fighter = draft.state.combatant(who)
    for use in ("advantage", "reroll"):
        name = _name(tables, use)
        if fighter.condition(name) is not None:
            text = f"{fighter.name}'s {name} lapses unused (Downtime)"
            draft.emit(ev.ConditionRemoved, who=who, name=name, text=text)
