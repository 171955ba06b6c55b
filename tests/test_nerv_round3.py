"""nerv-d100, rules as written round three (issue 29): Unsettled, Running and Sprinting,
and the readings the text leaves open.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by line.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.d100_helpers import Table as CommandTable
from tests.nerv_helpers import RULES, Table, angel, pilot


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1: Carol (Grace 35, Will 30: WB 3) acts first, then the Angel."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def reading(key: str, choice: str) -> CommandTable:
    """Carol and the Angel in round 1, the encounter file reading ``key`` as ``choice``."""
    table = CommandTable(RULES, pilot("carol", fate=2), angel(), options={key: choice})
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


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 100), st.integers(1, 100))
def test_unsettled_passes_a_will_test_only_when_both_dice_pass(first: int, second: int) -> None:
    # seed 000 l.401: rerolled, "take the worst result" — never better than either die.
    table = unsettled()
    table.do("fear carol roll", [first, second])
    passed = max(first, second) <= 30
    assert ("Fear" not in {c.category for c in table.who("carol").conditions}) == passed


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


# --- readings, each tested both ways ------------------------------------------------------


@pytest.mark.parametrize("choice", ["fresh", "counts"])
def test_fear_shake_reading_decides_the_first_shake_off_advantage(choice: str) -> None:
    # seed 000 l.389: "with a stacking advantage for each time they fail" — the failed Fear
    # test is the first failure (counts) or not (fresh).
    table = reading("fear-shake", choice)
    table.do("fear carol dof=0")
    line = table.do("shake carol roll", [45])[0]
    if choice == "counts":
        assert line == (
            "Carol shake-off Shaken: d100 45 vs Will 30 +1 Advantage -10 Shaken = 30: "
            "failed by 1 DoF"
        )
    else:
        assert line == (
            "Carol shake-off Shaken: d100 45 vs Will 30 -10 Shaken = 20: failed by 2 DoF"
        )


def test_fear_shake_reading_switched_mid_fight() -> None:
    # seed 000 l.389; the reading is an event the GM can make mid-fight.
    table = started()
    assert table.do("reading fear-shake counts") == [
        "Reading fear-shake = counts: the failed Fear test counts as a failure: the first "
        "Fear shake-off has +1 Advantage"
    ]
    table.do("fear carol dof=0")
    assert "Fear: Shaken — a Disadvantage on every action (+1 Advantage to shake off)" in (
        RULES.status_lines(table.who("carol"), table.state)
    )
    assert table.refused("reading fear-shake counts") == "'fear-shake' is read as 'counts' already"
    assert table.refused("reading fear-shake maybe") == (
        "the reading 'fear-shake' is fresh or counts, not 'maybe'"
    )


@pytest.mark.parametrize("choice", ["every-test", "actions"])
def test_shaken_reading_decides_whether_free_tests_take_the_disadvantage(choice: str) -> None:
    # seed 000 l.391 Shaken: "-1 Disadvantage to all actions"; the Blood Loss test is free
    # (l.338): every test, or actions only.
    table = reading("shaken", choice)
    table.do("fear carol dof=0")
    table.do("ail carol Dizzy")
    line = table.do("shake carol roll Dizzy", [99])[0]
    shaken = "-10 Dizzy -10 Shaken = 10: failed by 8 DoF"
    assert line.endswith(shaken if choice == "every-test" else "-10 Dizzy = 20: failed by 7 DoF")


@pytest.mark.parametrize("choice", ["not-helpless", "helpless"])
def test_no_opposing_reading_decides_whether_stunned_makes_attacks_savage(choice: str) -> None:
    # seed 000 l.363: "Helpless targets … Attacks against them become Savage"; Stunned
    # (l.279) "cannot oppose attacks".
    table = reading("no-opposing", choice)
    table.do("ail carol Stunned")
    line = next(x for x in table.do("dmg carol 5 @body", [1]) if x.startswith("Carol @body"))
    if choice == "helpless":
        assert line.endswith("Savage ×1 (helpless (Stunned: cannot oppose attacks))")
    else:
        assert "Savage" not in line


@pytest.mark.parametrize("choice", ["apply", "logged"])
def test_fate_advantage_reading_on_the_next_rolled_test(choice: str) -> None:
    # seed 000 l.262: "spend a Fate Point to gain two Advantages on a test".
    table = reading("fate", choice)
    table.do("ail carol Dizzy")
    table.do("spend carol fate use=advantage")
    assert "Fate Advantage" in table.conditions("carol")
    lines = table.do("shake carol roll Dizzy", [35])
    if choice == "apply":
        assert lines[0] == (
            "Carol shake-off Dizzy: d100 35 vs Physique 30 -10 Dizzy +20 Fate = 40: "
            "passed with 0 DoS"
        )
    else:
        assert lines[0] == (
            "Carol shake-off Dizzy: d100 35 vs Physique 30 -10 Dizzy = 20: failed by 1 DoF"
        )
        assert "Carol spent Fate Advantage on this test: the table's to apply" in lines
    assert "Fate Advantage" not in table.conditions("carol")


@pytest.mark.parametrize("choice", ["apply", "logged"])
def test_fate_reroll_reading_on_the_next_rolled_test(choice: str) -> None:
    # seed 000 l.263: "spend a Fate Point to reroll a test that has already been rolled."
    table = reading("fate", choice)
    table.do("ail carol Dizzy")
    table.do("spend carol fate use=reroll")
    lines = table.do("shake carol roll Dizzy", [90, 10])
    if choice == "apply":
        assert lines[1] == (
            "Carol shake-off Dizzy, rerolled with Fate: d100 10 vs Physique 30 -10 Dizzy "
            "= 20: passed with 1 DoS"
        )
        assert "Dizzy" not in table.conditions("carol")
    else:
        assert "Carol spent Fate Reroll on this test: the table's to apply" in lines
        assert "Dizzy" in table.conditions("carol")
    assert "Fate Reroll" not in table.conditions("carol")


def test_a_fate_reroll_waits_while_tests_pass() -> None:
    # seed 000 l.263: a reroll is for a test that needs one; a passed test keeps it held.
    table = started(pilot("carol", fate=2), angel())
    table.do("ail carol Dizzy")
    table.do("spend carol fate use=reroll")
    lines = table.do("shake carol roll Dizzy", [10])
    assert len(lines) >= 1 and "rerolled" not in " ".join(lines)
    assert "Fate Reroll" in table.conditions("carol")
    table.do("downtime long")
    assert "Fate Reroll" not in table.conditions("carol")


# --- rules no test covered yet -------------------------------------------------------------


def test_heavy_weapon_attack_and_a_move_exclude_each_other_in_a_turn() -> None:
    # seed 000 l.98 Heavy Weapon Attack: "you cannot move in the same turn you use this
    # action."
    table = started()
    table.do("act carol heavy")
    assert table.refused("act carol move") == (
        "Carol used Heavy Weapon Attack this turn: no move in the same turn "
        "(add 'force' to allow it)"
    )
    table.do("next")
    table.do("next")
    table.do("act carol move")
    assert table.refused("act carol heavy") == (
        "Carol has moved this turn: no Heavy Weapon Attack in the same turn "
        "(add 'force' to allow it)"
    )
    assert table.do("act carol heavy force")[0].startswith("Carol: Heavy Weapon Attack ★★")


def test_fate_ignore_condition_lifts_an_injury_effect_for_the_round() -> None:
    # seed 000 l.267: "spend a Fate Point to ignore a Condition, including an Injury
    # Effect, for a single round" — Foot Pain's Stress per move is not taken meanwhile.
    table = started(pilot("carol", stats={"physique": 90}, fate=1), angel())
    table.do("injure carol 1 @left-leg")
    table.do("spend carol fate use=ignore foot pain")
    table.do("act carol move")
    assert table.track("carol", "stress") == 0
    table.do("next")
    table.do("next")
    table.do("act carol move")
    assert table.track("carol", "stress") > 0


def test_a_faced_injury_trigger_raises_no_second_fear_test() -> None:
    # seed 000 l.380: "once a character has confronted that trigger, pass or fail, they
    # are immune to it until the start of the next Crisis" — Suffering an injury (l.382).
    table = started(pilot("carol", stats={"physique": 90}), angel())
    table.do("injure carol 1 @left-leg")
    assert "fear:injury" in table.reminders("carol")
    table.do("fear carol pass")
    table.do("injure carol 1 @right-arm")
    assert not any(key.startswith("fear:") for key in table.reminders("carol"))
