"""nerv-d100 initiative, its tie-break chain, and surprise (seed 000, "Combat Structure")."""

from __future__ import annotations

from tests.nerv_helpers import RULES, Table, angel, pilot
from tracker.core.events import InitiativeSet


def order(table: Table) -> list[str]:
    """The initiative order, by id."""
    return list(table.state.order)


def test_initiative_is_grace_bonus_plus_starting_advantage() -> None:
    # seed 000, Step Three: "initiative, which is equal to Grace Bonus, plus 1 per starting
    # Advantage".
    table = Table(pilot("asuka", stats={"grace": 47}, advantage=2), pilot("rei"))
    lines = table.do("start")
    assert "Asuka initiative 6 (Grace Bonus 4 +2 Advantage)" in lines
    assert "Rei initiative 3 (Grace Bonus 3)" in lines
    assert order(table) == ["asuka", "rei"]


def test_a_bonus_override_replaces_the_tens_digit() -> None:
    # seed 000 l.17: initiative "is equal to Grace Bonus"; docs/rulesets/nerv-d100.md: a
    # roster's `bonuses` overrides the score's tens digit.
    table = Table(pilot("rei", bonuses={"grace": 7}), pilot("asuka", stats={"grace": 60}))
    table.do("start")
    assert table.state.initiative["rei"] == 7
    assert order(table) == ["rei", "asuka"]


def test_ties_go_to_the_higher_grace_score() -> None:
    # seed 000: "If a value is tied, the one with the higher score (not bonus) goes first."
    table = Table(pilot("rei", stats={"grace": 31}), pilot("asuka", stats={"grace": 38}))
    lines = table.do("start")
    assert order(table) == ["asuka", "rei"]
    assert not any("opposed Grace test" in line for line in lines)


def test_then_the_larger_fate_pool() -> None:
    # seed 000: "If this is also tied, then the one with the largest pool of Fate Points
    # goes first."
    table = Table(pilot("rei", fate=1), pilot("asuka", fate=2))
    table.do("start")
    assert order(table) == ["asuka", "rei"]


def test_then_an_opposed_grace_test_recorded_in_the_log() -> None:
    # seed 000: "If this is also tied then the characters make an opposed Grace Test".
    # Both Grace 35: Rei rolls 62 (fails by 2 DoF), Asuka rolls 14 (passes with 2 DoS).
    table = Table(pilot("rei", fate=1), pilot("asuka", fate=1))
    lines = table.do("start", [62, 14])
    assert order(table) == ["asuka", "rei"]
    tie = next(line for line in lines if "opposed Grace test" in line)
    assert "Asuka d100 14 vs Grace 35: passed with 2 DoS" in tie
    assert "Rei d100 62 vs Grace 35: failed by 2 DoF" in tie
    assert "Asuka goes first" in tie
    rolls = {
        e.who: e.rolls for e in table.encounter.events if isinstance(e, InitiativeSet) and e.rolls
    }
    assert rolls == {"rei": (62,), "asuka": (14,)}


def test_more_degrees_of_success_win_and_equal_results_roll_again() -> None:
    # seed 000 l.17: the last tie-break is "an opposed Grace Test"; docs/rulesets/nerv-d100.md
    # ("Initiative ties"): more DoS wins, identical results are rolled again. Both pass;
    # 30 vs 35 is 0 DoS, 10 vs 35 is 2 DoS. A first pair of identical rolls is rolled again.
    table = Table(pilot("rei"), pilot("asuka"))
    lines = table.do("start", [20, 20, 30, 10])
    assert order(table) == ["asuka", "rei"]
    assert any("rolled again after equal results: Rei [20], Asuka [20]" in line for line in lines)


def test_the_gm_may_let_the_winner_go_second() -> None:
    # seed 000: "the winner deciding who goes first" — a swap after the roll.
    table = Table(pilot("rei"), pilot("asuka"))
    table.do("start", [5, 90])
    assert order(table) == ["rei", "asuka"]
    table.do("swap rei asuka")
    assert order(table) == ["asuka", "rei"]


def test_surprised_combatants_lose_their_first_turn_and_cannot_oppose() -> None:
    # seed 000, Step Two: "Surprised characters lose their first turn and may not oppose
    # any tests in the surprise round."
    table = Table(pilot("rei", stats={"grace": 50}), angel())
    lines = table.do("start surprised=rei")
    assert "Rei is surprised and loses the turn" in lines
    assert table.state.current == "sachiel"
    rei_lines = RULES.status_lines(table.who("rei"), table.state)
    assert "Surprised: loses the first turn and cannot oppose tests this round" in rei_lines
    angel_lines = RULES.status_lines(table.who("sachiel"), table.state)
    assert "Ambushing: Advantage on every test in the surprise turn" in angel_lines
    table.do("next")
    assert table.state.round == 2 and table.state.current == "rei"
    assert not any(
        line.startswith("Surprised") for line in RULES.status_lines(table.who("rei"), table.state)
    )
