"""nerv-d100, rules as written round three (issue 29): Unsettled, Running and Sprinting,
and the readings the text leaves open.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

from tests.nerv_helpers import RULES, Table, angel, pilot


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1: Carol (Grace 35, Will 30: WB 3) acts first, then the Angel."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def unsettled() -> Table:
    """Carol with Trauma 4 > Will Bonus 3: Unsettled."""
    table = started()
    table.do("gain carol trauma 4")
    assert "Unsettled" in table.conditions("carol")
    return table


# --- Unsettled: every Will test rolled twice, the worse kept ----------------------------


def test_unsettled_fear_test_keeps_the_worse_of_two_dice() -> None:
    # seed 000 l.401: "They reroll all Will tests and take the worst result."
    table = unsettled()
    lines = table.do("fear carol roll", [25, 50])
    assert lines[0] == (
        "Carol Fear test: d100 25, rerolled 50 (Unsettled: the worse kept) 50 "
        "vs Will 30: failed by 2 DoF"
    )
    assert [c.name for c in table.who("carol").conditions if c.category == "Fear"] == ["Avoidance"]


def test_unsettled_keeps_the_worse_whichever_die_comes_first() -> None:
    # seed 000 l.401: the worst result, not the second roll.
    table = unsettled()
    lines = table.do("fear carol roll", [50, 25])
    assert lines[0].startswith("Carol Fear test: d100 50, rerolled 25 (Unsettled: the worse")
    assert lines[0].endswith("50 vs Will 30: failed by 2 DoF")


def test_settled_fear_test_rolls_one_die() -> None:
    # seed 000 l.401: only an Unsettled character rerolls.
    table = started()
    lines = table.do("fear carol roll", [25, 50])
    assert lines[0] == "Carol Fear test: d100 25 vs Will 30: passed with 0 DoS"


def test_unsettled_mental_shake_off_is_a_will_test_rerolled() -> None:
    # seed 000 l.270: Mental Ailments shake off on "Fortitude … or just flat … Will";
    # l.401: Will tests are rerolled, the worse kept.
    table = unsettled()
    table.do("ail carol Confused")
    lines = table.do("shake carol roll Confused", [10, 90])
    assert lines[0].startswith("Carol shake-off Confused: d100 10, rerolled 90 (Unsettled")
    assert "failed" in lines[0]
    assert "Confused" in table.conditions("carol")


def test_unsettled_physique_shake_off_rolls_one_die() -> None:
    # seed 000 l.270: Physical Ailments shake off on Physique — not a Will test (l.401).
    table = unsettled()
    table.do("ail carol Dizzy")
    lines = table.do("shake carol roll Dizzy", [10, 90])
    assert lines[0].startswith("Carol shake-off Dizzy: d100 10 vs Physique 30")
    assert "Dizzy" not in table.conditions("carol")


# --- Running and Sprinting: the runner's edge for attackers ------------------------------


def test_running_gives_melee_attackers_advantage_and_ranged_disadvantage() -> None:
    # seed 000 l.121: "Until the start of your next turn, melee attacks against you take an
    # Advantage; Ranged attacks take a Disadvantage." l.308: "Running Target".
    table = started()
    lines = table.do("act carol running")
    assert lines[-1] == (
        "Carol is Running until the start of their next turn: melee attacks on them "
        "+1 Advantage, ranged attacks 1 Disadvantage"
    )
    assert RULES.summary(table.who("carol")) == "W 3/3 +1Am -1Ar"
    status = RULES.status_lines(table.who("carol"), table.state)
    assert (
        "Running until its next turn: melee attacks on them +1 Advantage, "
        "ranged attacks 1 Disadvantage"
    ) in status


def test_sprinting_gives_two_of_each() -> None:
    # seed 000 l.121: Sprinting (★★) "melee attacks against you take two Advantages;
    # Ranged attacks take two Disadvantages."
    table = started()
    table.do("act carol sprinting")
    assert RULES.summary(table.who("carol")) == "W 3/3 +2Am -2Ar"


def test_an_attack_line_against_a_runner_names_the_edge() -> None:
    # seed 000 l.121, l.308: the attack on the runner had the Advantage / Disadvantage.
    table = started()
    table.do("act carol running")
    table.do("next")
    lines = table.do("dmg carol 2 @body")
    assert lines[0] == (
        "Carol is Running: melee attacks on them +1 Advantage, ranged attacks 1 Disadvantage"
    )


def test_the_edge_lasts_until_the_runner_s_next_turn_starts() -> None:
    # seed 000 l.121: "Until the start of your next turn".
    table = started()
    table.do("act carol running")
    table.do("next")
    assert "Running" in table.conditions("carol")
    lines = table.do("next")
    assert "Carol is no longer Running" in lines
    assert "Running" not in table.conditions("carol")
    assert RULES.summary(table.who("carol")) == "W 3/3"
    assert table.do("dmg carol 2 @body")[0].startswith("Carol @body")
