"""nerv-d100 Defend: its Advantage on the ailment shake-offs the tracker rolls.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"): l.102 Defend (★★) gives
"Advantage on Chance Attacks, Evasion and Ailment Resistance tests until the start of your
next turn"; l.270 the shake-off at "the start of each of their turns" is the "test to resist
that Ailment"; each point of Advantage grants +10 (l.289).
"""

from __future__ import annotations

from tests.d100_helpers import Table as CommandTable
from tests.nerv_helpers import RULES, Table, angel, pilot


def defended_and_frozen(table: CommandTable) -> CommandTable:
    """Carol (Physique 30) Defends on her turn, Sachiel Freezes her, her next turn starts."""
    table.do("start")  # Carol (Grace 35) before Sachiel (Grace 20)
    assert "Carol is Defending until the start of their next turn" in table.text("act carol defend")
    table.do("next")
    table.do("ail carol Frozen")
    return table


def test_defend_gives_one_advantage_to_the_next_ailment_shake_off() -> None:
    # l.102 + l.270: one Advantage (+10) on the shake-off of Frozen at the start of the
    # next turn: Physique 30 + 10 = 40; a 38 passes with 0 DoS (margin 2 < 10).
    table = defended_and_frozen(Table())
    assert "Carol's Defend covers this turn's shake-off (+1 Advantage)" in table.text("next")
    assert table.text("shake carol roll", [38]).splitlines()[0] == (
        "Carol shake-off Frozen: d100 38 vs Physique 30 +10 Defending = 40: passed with 0 DoS"
    )
    assert "Carol's Defend ends" in table.text("next")
    assert "Defending" not in table.conditions("carol")


def test_defend_without_an_ailment_ends_as_the_next_turn_starts() -> None:
    # l.102 "until the start of your next turn": nothing to resist, so it simply ends.
    table = Table()
    table.do("start")
    table.do("act carol defend")
    table.do("next")
    assert "Carol's Defend ends (the start of their turn)" in table.text("next")
    assert table.conditions("carol") == []


def test_a_fear_shake_off_is_not_an_ailment_resistance_test() -> None:
    # Fear (l.389) is a condition, not one of the Physical/Mental ailments (l.270-272):
    # Defend does not add to its shake-off. Shaken (0-1 DoF) is -1 Disadvantage (l.391):
    # Will 30 - 10 = 20.
    table = defended_and_frozen(Table())
    table.do("fear carol dof=0")
    table.do("next")
    line = table.text("shake carol roll fear", [15]).splitlines()[0]
    assert line == "Carol shake-off Shaken: d100 15 vs Will 30 -10 Shaken = 20: passed with 0 DoS"


def test_the_lapses_reading_ends_defend_before_the_shake_off() -> None:
    # The reading "lapses" (docs/rulesets/nerv-d100.md): Defend ends as the turn starts,
    # so the shake-off is Physique 30 alone and a 38 fails by 0 DoF.
    table = defended_and_frozen(
        CommandTable(RULES, pilot("carol"), angel(), options={"defend": "lapses"})
    )
    assert "Carol's Defend ends (the start of their turn)" in table.text("next")
    assert table.text("shake carol roll", [38]).splitlines()[0] == (
        "Carol shake-off Frozen: d100 38 vs Physique 30: failed by 0 DoF"
    )


def test_the_reading_is_switched_mid_fight_and_refuses_bad_words() -> None:
    table = Table()
    assert "Defend ends as the next turn starts" in table.text("defend-reading lapses")
    assert table.state.options["defend"] == "lapses"
    assert "already" in table.refused("defend-reading lapses")
    assert "counts or lapses" in table.refused("defend-reading maybe")
