"""nerv-d100 Analyse Target, War Cry and Taunt (seed 000 l.111-117, "Analyse Target and
Disrupting Targets"): a test opposed by one enemy; on a success the effect holds "until the
start of your next turn"."""

from __future__ import annotations

import pytest

from tests.nerv_helpers import RULES, angel, pilot, started
from tracker.core.errors import RuleError


def test_a_war_cry_needs_its_enemy_and_its_result() -> None:
    # l.116: "select one enemy and make a skill test … opposed by" theirs: the enemy and the
    # result are needed (docs/rulesets/nerv-d100.md: the GM enters the result).
    table = started()
    before = table.state
    with pytest.raises(RuleError, match="opposed by one enemy"):
        table.do("act carol war cry")
    assert table.state == before  # no action spent


def test_a_war_cry_that_succeeds_marks_the_enemy_until_carols_next_turn() -> None:
    # l.116: "On a success, until the start of your next turn, that enemy takes a
    # Disadvantage to all tests against you."
    table = started()
    lines = table.do("act carol war cry on=sachiel pass")
    assert lines[-1] == (
        "Carol's War Cry succeeds: Sachiel takes a Disadvantage on all tests against Carol "
        "until the start of Carol's next turn"
    )
    assert "War Cry (Carol)" in table.conditions("sachiel")
    assert any(
        line.startswith("War Cry (Carol): Sachiel takes a Disadvantage")
        for line in RULES.status_lines(table.who("sachiel"), table.state)
    )
    table.do("next")
    assert "War Cry (Carol)" in table.conditions("sachiel")  # Sachiel's turn: still on
    lines = table.do("next")
    assert "War Cry (Carol) on Sachiel ends" in lines
    assert "War Cry (Carol)" not in table.conditions("sachiel")


def test_analyse_target_gives_the_allies_an_advantage_and_taunt_its_trade() -> None:
    # l.113: "you and all allies gain an Advantage against that target"; l.117: "that
    # enemy takes an advantage to hit you, but suffers a DIsadvantage to all other attacks"
    table = started()
    table.do("act carol analyse target on=sachiel pass")
    lines = RULES.status_lines(table.who("sachiel"), table.state)
    assert any(
        "Carol and every ally of Carol have an Advantage against Sachiel" in x for x in lines
    )
    table.do("next")
    table.do("next")
    table.do("act carol taunt on=sachiel pass")
    lines = RULES.status_lines(table.who("sachiel"), table.state)
    assert any("an Advantage to hit Carol, and a Disadvantage on all attacks" in x for x in lines)


def test_a_failed_test_gives_nothing_and_spends_the_action() -> None:
    # l.113-117: the effect comes "On a success"; a failed test still took the action (★).
    table = started()
    lines = table.do("act carol taunt on=sachiel fail")
    assert "Carol's Taunt against Sachiel fails: no effect" in lines
    assert not any(c.category == "Disrupted" for c in table.who("sachiel").conditions)
    assert table.who("carol").track("actions") == 1


def test_undo_takes_the_effect_back_exactly() -> None:
    table = started()
    before = table.state
    table.do("act carol war cry on=sachiel pass")
    table.do("undo")
    assert table.state.combatants == before.combatants
    table.do("redo")
    assert "War Cry (Carol)" in table.conditions("sachiel")


def test_the_attack_lines_name_the_edges_the_effects_gave() -> None:
    # the tracker rolls no attack tests: each dmg line the effect touches says what the
    # GM's roll had (l.113 Advantage for the actor's camp; l.116-117 the enemy's edges)
    table = started(pilot("carol"), pilot("rei", stats={"grace": 25}), angel())
    assert table.state.current == "carol"
    table.do("act carol analyse target on=sachiel pass")
    lines = table.do("dmg sachiel 1 @body by=rei")
    assert "Analysed (Carol): Rei's attack had an Advantage" in lines
    table.do("act carol taunt on=sachiel pass force")
    assert "Taunted (Carol): Sachiel's attack on Carol had an Advantage" in table.do(
        "dmg carol 1 @body by=sachiel"
    )
    assert "Taunted (Carol): Sachiel's attack on Rei had a Disadvantage" in table.do(
        "dmg rei 1 @body by=sachiel"
    )


def test_full_focus_gives_two_advantages_to_the_next_rolled_test_and_is_spent() -> None:
    # l.108-109: Focus "You gain an Advantage to your next test"; Full Focus "two"
    table = started()
    table.do("act carol full focus")
    assert "Focus: +2 Advantage on the next test ('cure carol Focus' once used)" in (
        RULES.status_lines(table.who("carol"), table.state)
    )
    table.do("ail carol blood loss")
    [roll, _] = table.do("test carol bleeding roll", [50])
    assert roll == "Carol Blood Loss test: d100 50 vs Physique 30 +20 Focus = 50: passed with 0 DoS"
    assert "Focus" not in table.conditions("carol")
    table.do("undo")
    assert "Focus" in table.conditions("carol")


def test_distract_lets_the_actor_force_one_reroll() -> None:
    # l.115: "On a success, until the start of your next turn, you can force the target to
    # reroll a single test and take the worse result"
    table = started()
    table.do("act carol distract on=sachiel pass")
    assert any(
        line.startswith("Distracted (Carol): Carol may force Sachiel to reroll one test")
        for line in RULES.status_lines(table.who("sachiel"), table.state)
    )
