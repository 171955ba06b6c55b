"""nerv-d100 turn economy and Fate (seed 000, "Movements and Actions", "Exert", "Fate Points")."""

from __future__ import annotations

import pytest

from tests.nerv_helpers import RULES, Table, angel, pilot
from tracker.core.errors import RuleError


def started(*roster: dict[str, object]) -> Table:
    """Round 1, Carol's turn (Grace 35 beats the Angel's 20)."""
    table = Table(*(roster or (pilot("carol", fate=2), angel())))
    table.do("start")
    return table


def economy_line(table: Table, cid: str = "carol") -> str:
    """The status pane's economy line."""
    return RULES.status_lines(table.who(cid), table.state)[0]


def test_one_move_and_two_actions_shown_as_they_go() -> None:
    # seed 000: "Each turn, a character gets one Move and two Actions."
    table = started()
    assert economy_line(table).startswith("Actions 2/2 · Move 1 · Chance Attack ready")
    assert table.do("act carol standard attack") == ["Carol: Standard Attack ★ (1 action left)"]
    table.do("act carol move")
    line = economy_line(table)
    assert line.startswith("Actions 1/2 · Move 0")
    assert line.endswith("used: standard attack")
    with pytest.raises(RuleError, match="no Move left"):
        table.do("act carol move")
    with pytest.raises(RuleError, match="^Carol has 1 action left; charge costs ★★$"):
        table.do("act carol charge")


def test_an_action_and_its_variations_cannot_repeat() -> None:
    # seed 000: "You cannot repeat an action in the same turn- that includes an action and
    # a variation!"
    table = started()
    table.do("act carol called attack")
    with pytest.raises(RuleError, match="used called attack this turn"):
        table.do("act carol fast attack")
    table.do("act carol focus")
    assert table.track("carol", "actions") == 0


def test_exert_gives_an_action_that_may_repeat_for_rising_stress() -> None:
    # seed 000, Exert: an extra action that ignores the repeat limit; "the first time ...
    # 1 Stress ... your second Exert costs 2 stress and your third costs 3".
    table = started()
    table.do("act carol standard attack")
    table.do("act carol fast attack combo")
    table.do("act carol focus")
    assert table.do("exert carol")[0] == (
        "Carol exerts (#1 since downtime): +1 action for 1 Stress"
    )
    table.do("act carol standard attack")
    table.do("exert carol")
    table.do("exert carol")
    assert table.track("carol", "stress") == 1 + 2 + 3
    table.do("downtime short")
    table.do("exert carol")
    assert table.track("carol", "stress") == 6 - 1 + 1


def test_an_exert_out_of_turn_gives_one_action() -> None:
    # seed 000: "An Exert can be declared during your turn or during another's turn".
    table = started()
    table.do("next")
    with pytest.raises(RuleError, match="it is not Carol's turn"):
        table.do("act carol focus")
    table.do("exert carol")
    table.do("act carol focus")
    with pytest.raises(RuleError, match="it is not Carol's turn"):
        table.do("act carol taunt")


def test_unused_actions_lapse_and_come_back_next_turn() -> None:
    # seed 000 l.9: "Each turn, a character gets one Move and two Actions" — those of a turn
    # gone are not kept.
    table = started()
    table.do("act carol focus")
    table.do("next")
    assert table.track("carol", "actions") == 0
    table.do("next")
    assert table.track("carol", "actions") == 2


def test_running_grants_another_move() -> None:
    # seed 000, Running: "You gain an extra Basic Move."
    table = started()
    table.do("act carol move")
    table.do("act carol running")
    table.do("act carol move")
    assert table.track("carol", "moves") == 0


def test_foot_pain_costs_stress_for_each_basic_move() -> None:
    # seed 000, leg 1 Foot Pain: "whenever you make a Basic Move you suffer 1 stress."
    table = started(pilot("carol", stats={"physique": 90}), angel())
    table.do("injure carol 1 @left-leg")
    table.do("act carol move")
    assert table.track("carol", "stress") == 1


def test_one_chance_attack_refreshed_at_the_start_of_the_turn_none_while_ailing() -> None:
    # seed 000, Chance Attacks: "Anyone not suffering from an Ailment can make Chance
    # Attacks ... you can't make another until the start of your next turn".
    table = started()
    table.do("next")
    table.do("act carol chance")
    with pytest.raises(RuleError, match="Chance Attack already"):
        table.do("act carol chance")
    table.do("next")
    table.do("act carol chance")
    table.do("ail carol Dizzy")
    table.do("next")
    table.do("next")
    with pytest.raises(RuleError, match="no Chance Attacks while ailing"):
        table.do("act carol chance")


def test_no_combo_while_ailing() -> None:
    # seed 000, The Combo System: "3) You cannot Combo if you are suffering an ailment."
    table = started()
    table.do("ail carol Dizzy")
    with pytest.raises(RuleError, match="no Combos while ailing"):
        table.do("act carol standard attack combo")


def test_unknown_action_lists_the_actions() -> None:
    table = started()
    with pytest.raises(RuleError, match="no action 'dance' — move, chance, standard attack"):
        table.do("act carol dance")


def test_act_without_an_action_is_still_the_delayers_act() -> None:
    table = started()
    table.do("delay carol")
    table.do("act carol")
    assert table.state.current == "carol"


# --- Fate -------------------------------------------------------------------------------


def test_fate_needs_a_use_and_logs_it() -> None:
    # seed 000, Fate Points: seven uses.
    table = started()
    with pytest.raises(
        RuleError, match="use=advantage\\|reroll\\|wounds\\|ailment\\|block\\|ignore\\|surge"
    ):
        table.do("spend carol fate")
    assert table.do("spend carol fate use=advantage") == [
        "Carol: Fate 2 → 1 (two Advantages on a test)",
        "Carol holds Fate Advantage for the next test the tracker rolls",
    ]


def test_fate_restores_wounds_equal_to_the_pool_size() -> None:
    # seed 000: "restore a number of Wounds to yourself equal to your maximum Fate Pool size."
    table = started()
    table.do("wound carol 3")
    table.do("spend carol fate use=wounds")
    assert table.track("carol", "wounds") == 2


def test_fate_removes_an_ailment_and_surges() -> None:
    # seed 000 l.265, "Remove Ailment"; l.268, "Surge … that costs no Stress".
    table = started()
    table.do("ail carol Dizzy")
    table.do("spend carol fate use=ailment dizzy")
    assert table.conditions("carol") == []
    table.do("spend carol fate use=surge")
    assert table.track("carol", "actions") == 3 and table.track("carol", "stress") == 0


def test_fate_ignores_a_condition_until_the_end_of_the_round() -> None:
    # seed 000: "Ignore Condition ... including an Injury Effect, for a single round."
    table = started(pilot("carol", stats={"physique": 90}, fate=1), angel())
    table.do("injure carol 1 @left-leg")
    table.do("spend carol fate use=ignore foot pain")
    table.do("act carol move")
    assert table.track("carol", "stress") == 0
    table.do("next")
    table.do("next")
    assert not any(c.startswith("Ignoring") for c in table.conditions("carol"))


def test_fate_cannot_go_below_zero() -> None:
    # seed 000 l.260-268: each use spends a Fate Point from the pool; with none, none to spend.
    table = started(pilot("carol", fate=0), angel())
    with pytest.raises(RuleError, match="Carol has 0 Fate left"):
        table.do("spend carol fate use=reroll")


def test_before_its_first_turn_a_combatant_has_not_spent_its_actions() -> None:
    # issue 12: round 1 read "Actions 0/2" for the Angel before its turn, as if spent;
    # seed 000: the two Actions come with each turn.
    table = started()
    assert economy_line(table, "sachiel").startswith("Actions 2 from the first turn")
    table.do("next")
    assert economy_line(table, "sachiel").startswith("Actions 2/2")
