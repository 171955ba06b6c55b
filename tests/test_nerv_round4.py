"""nerv-d100, rules as written round four: rules a checker found the tracker ignoring.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

from tests.nerv_helpers import Table, angel, pilot


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1: Carol (Grace 35, Will 30: WB 3) acts first, then the Angel."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def to_carols_next_turn(table: Table) -> None:
    """The Angel's turn, then Carol's again."""
    table.do("next")
    table.do("next")


# --- Hallucinating's nightmare (seed 000 l.283) ------------------------------------------


def test_a_nightmare_calls_for_a_fear_test_as_it_takes_hold() -> None:
    # seed 000 l.283, Hallucinating: "4+, it's a nightmarish hallucination of your worst
    # fears- you are forced to make a Fear test with 3 disadvantages."
    table = started()
    table.do("ail carol hallucinating dof=4")
    assert table.reminders("carol")["fear:nightmare"] == (
        "Carol: nightmare hallucination — Fear test with 3 Disadvantages"
    )


def test_the_nightmare_fear_test_counts_its_three_disadvantages() -> None:
    # seed 000 l.283: the Fear test the nightmare forces has 3 disadvantages (-30).
    table = started()
    table.do("ail carol hallucinating dof=4")
    lines = table.do("fear carol roll", [10])
    assert lines[0] == "Carol Fear test: d100 10 vs Will 30 -30 nightmare = 0: failed by 1 DoF"
    assert [c.name for c in table.who("carol").conditions if c.category == "Fear"] == ["Shaken"]


def test_the_nightmare_forces_a_fear_test_every_turn_with_its_disadvantages() -> None:
    # seed 000 l.283: "with 4+ forcing you to test against Fear every turn".
    table = started()
    table.do("ail carol hallucinating dof=4")
    table.do("fear carol pass")
    assert "fear:nightmare" not in table.reminders("carol")
    to_carols_next_turn(table)
    assert "fear:nightmare" in table.reminders("carol")
    lines = table.do("fear carol roll", [5])
    assert lines[0] == "Carol Fear test: d100 5 vs Will 30 -30 nightmare = 0: failed by 0 DoF"


def test_a_fear_test_for_another_trigger_has_no_nightmare_disadvantage() -> None:
    # seed 000 l.283 gives the 3 disadvantages to the nightmare's own test only; an
    # auditory vision (0-1 DoF) forces no Fear test at all.
    table = started()
    table.do("ail carol hallucinating dof=1")
    assert "fear:nightmare" not in table.reminders("carol")
    lines = table.do("fear carol roll", [10])
    assert lines[0] == "Carol Fear test: d100 10 vs Will 30: passed with 2 DoS"
