"""nerv-d100 Defend (seed 000 l.102): "You defend, gaining Advantage on Chance Attacks,
Evasion and Ailment Resistance tests until the start of your next turn."

Declaring Defend puts the ``Defending`` condition on (its status line tells the GM, who
rolls Chance Attacks and Evasion). Of those tests the tracker rolls only the shake-off
of an ailment — "their next test to resist that Ailment" (l.270), made at the start of
the turn — where ``[[test_modifiers]]`` gives the one Advantage. Whether Defend still
covers that start-of-turn shake-off is the encounter's reading (``[readings.defend]`` in
the data: ``[encounter.options] defend``, or ``reading defend`` mid-fight): ``counts`` keeps the
condition through the turn that starts (gone at its end), ``lapses`` ends it as the
turn starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.draft import Draft
from tracker.rules.nerv_d100.stats import ailments, put_on, take_off
from tracker.rules.nerv_d100.tables import NervTables
from tracker.rules.readings import chosen

OPTION = "defend"


def _word(tables: NervTables, key: str) -> str:
    return str(tables.raw["defend"][key])


def reading(options: Mapping[str, Any], tables: NervTables) -> str:
    """How this encounter reads Defend at the start of the next turn (``counts``/``lapses``)."""
    return chosen(tables.readings, options, OPTION)


def declared(draft: Draft, tables: NervTables, who: str, action: str) -> None:
    """After ``act WHO defend``: the bearer is Defending until the start of its next turn."""
    if action != _word(tables, "action"):
        return
    fighter = draft.state.combatant(who)
    name = _word(tables, "condition")
    if fighter.condition(name) is None:
        put_on(
            draft, who, name, "", f"{fighter.name} is Defending until the start of their next turn"
        )


def start_of_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """The turn starts: Defend lapses — unless it is read to cover this turn's shake-off
    of an ailment, which then counts it (the condition goes at the turn's end)."""
    fighter = draft.state.combatant(who)
    name = _word(tables, "condition")
    if fighter.condition(name) is None:
        return
    if reading(draft.state.options, tables) == "counts" and ailments(fighter):
        draft.say(f"{fighter.name}'s Defend covers this turn's shake-off (+1 Advantage)")
        return
    take_off(draft, who, name, f"{fighter.name}'s Defend ends (the start of their turn)")


def end_of_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """A Defend kept for the shake-off ends with the turn (one declared this turn stays)."""
    fighter = draft.state.combatant(who)
    name = _word(tables, "condition")
    action = _word(tables, "action")
    if fighter.condition(name) is None or action in (e.split(" (")[0] for e in fighter.spent):
        return
    take_off(draft, who, name, f"{fighter.name}'s Defend ends")
