"""persona-d100 momentum: One More, Baton Pass chains, All-Out Attack."""

from __future__ import annotations

import pytest

from tests.d100_helpers import Table
from tests.persona_helpers import AILMENTS, RULES, party, pixie, shadow, user
from tracker.core.errors import RuleError


def started() -> Table:
    """The party against Pixie and Blob; Yu acts first."""
    t = party()
    t.do("start", [9, 5, 3, 2, 1])  # Yu 13, Yosuke 9, Chie 7, Pixie 5, Blob 4
    assert t.state.current == "yu"
    return t


def test_no_one_more_from_an_enemy_already_staggered() -> None:
    # seed 004, "One More": "enemies who are already Staggered cannot be Staggered again".
    t = started()
    t.do("dmg blob 6 element=fire", [3])
    assert t.track("yu", "one more") == 1
    t.do("act yu bufu half onemore")
    assert t.track("yu", "one more") == 0
    text = t.text("dmg blob 6 element=ice", [2])
    assert "Ice vs Weak: already Staggered: no One More" in text
    assert "Blob is already Staggered: it cannot be Staggered again, no One More" in text
    assert t.track("yu", "one more") == 0


def test_a_one_more_action_that_staggers_another_enemy_earns_another() -> None:
    # seed 004, "One More": "It is possible to use a One More to Stagger another enemy,
    # which will grant you another One More action."
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    t.do("act yu agi half onemore")
    assert t.track("yu", "one more") == 0
    assert "Fire vs Weak: Staggered, One More" in t.text("dmg blob 4 element=fire", [1])
    assert t.track("yu", "one more") == 1


def test_one_one_more_per_action_however_many_are_staggered() -> None:
    # seed 004, "One More": "No matter how many enemies you Stagger with a single action,
    # you only gain a single One More action."
    t = started()
    t.do("act yu maragi half")
    t.do("dmg pixie 5 element=fire", [1])
    text = t.text("dmg blob 5 element=fire", [1])
    assert "Fire vs Weak: Staggered, no second One More from the same action" in text
    assert t.track("yu", "one more") == 1


def test_a_one_more_action_may_repeat_an_action() -> None:
    # seed 004, "One More": "This action ignores the rules on doing the same action twice".
    t = started()
    t.do("act yu standard attack")
    assert "only with a One More" in t.refused("act yu standard attack")
    t.do("dmg blob 5 element=ice", [1])
    t.do("act yu aim half")
    text = t.text("act yu standard attack onemore")
    assert "Yu spends a One More on standard attack" in text
    assert "Half Action (extra)" in text


def test_a_baton_pass_chain_refuses_a_repeat() -> None:
    # seed 004, "Baton Pass": the Receiver adds the S-Link rank to damage; "a character
    # who has already given or received a Baton Pass during this chain cannot receive a
    # second one."
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    text = t.text("baton yu yosuke")
    assert (
        "Baton Pass: Yu → Yosuke (S-Link 3): Yosuke takes the One More, +3 to damage "
        "or healing, Assisted (+10)" in text
    )
    text = t.text("dmg blob 4 element=ice by=yosuke", [2])
    assert "Yosuke spends a One More on the passed action" in text
    assert "4 + Special 2 + Baton 3 = 9 vs Soak 3" in text
    assert t.track("yosuke", "one more") == 1
    assert "Yu has already given or received a Baton Pass in this chain" in t.refused(
        "baton yosuke yu"
    )
    t.do("baton yosuke chie")
    assert t.track("chie", "one more") == 1 and t.track("chie", "baton") == 2
    lines = RULES.status_lines(t.who("chie"), t.state)
    assert "Baton chain: Yu → Yosuke → Chie (nobody receives twice)" in lines


def test_a_baton_pass_needs_a_one_more_an_ally_and_a_social_link() -> None:
    # seed 004 l.132: "On gaining a One More, you can designate one ally … who is also a
    # Confidant with a Social Link rank of at least 1".
    t = Table(RULES, user("yu", links={"yosuke": 1}), user("yosuke"), user("teddie"), pixie())
    assert "holds no One More to pass" in t.refused("baton yu yosuke")
    t.do("dmg pixie 4 element=fire by=yu", [1])
    assert "needs a Social Link rank of 1+ with Yu (has 0)" in t.refused("baton yu teddie")
    assert "not an ally" in t.refused("baton yu pixie")
    t.do("baton yu yosuke")
    assert t.track("yosuke", "baton") == 1


def test_the_baton_rank_adds_to_healing() -> None:
    # seed 004 l.134: "If they're healing, they instead add that rank to the amount healed."
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    t.do("baton yu yosuke")
    t.do("dmg chie 6")
    text = t.text("heal chie 2 by=yosuke")
    assert "Baton Pass: Yosuke adds 3 to the healing" in text
    assert t.track("chie", "wounds") == 14


def test_unused_one_mores_lapse_and_the_chain_ends_with_the_turn() -> None:
    # seed 004 l.122: a One More is an extra action "at the end of your turn" — unused, it
    # lapses when the turn ends, and the Baton chain (l.135) with it.
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    t.do("baton yu yosuke")
    text = t.text("next")
    assert "Yosuke's unused One More lapses" in text
    assert t.track("yosuke", "baton") == 0
    assert [k for k, v in t.state.tracks.items() if k.startswith("baton@") and v] == []


def test_one_more_for_a_charge_of_stamina() -> None:
    # seed 004 l.124: "expend it to gain a single charge of Stamina".
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    t.do("onemore yu stamina")
    assert (t.track("yu", "one more"), t.track("yu", "stamina")) == (0, 1)


def test_all_out_attack_refused_while_one_enemy_stands_unstaggered() -> None:
    # seed 004, "All Out Attack": "enabled when you gain a One More and all enemies are
    # Staggered".
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    assert "still standing: Blob" in t.refused("allout yu", [5])


def test_all_out_attack_refused_with_a_single_contributor() -> None:
    # seed 004, "All Out Attack": "at least two contributors, including yourself"; only
    # allies "who [aren't] suffering from an ailment" contribute.
    t = started()
    t.do("ail yosuke Fear")
    t.do("ail chie Burn")
    t.do("dmg pixie 4 element=fire", [1])
    t.do("ail blob Staggered")
    assert "at least 2 contributors" in t.refused("allout yu", [5])
    assert "Chie suffers Burn" in t.refused("allout yu with=chie", [5])


def test_all_out_attack_hits_every_enemy_and_ends_their_stagger() -> None:
    # seed 004, "All Out Attack": 1d10 + contributors, exploding, Almighty, ignoring AP and
    # TB; "all enemies struck by the attack lose the Staggered ailment".
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    t.do("ail blob Staggered")
    assert "Yosuke holds no One More" in t.refused("allout yosuke", [5])
    text = t.text("allout yu", [10, 4])
    assert (
        "All-Out Attack! Yu, Yosuke, Chie: 1d10 [10, 4] + 3 contributors = 17 Almighty "
        "damage to every enemy, ignoring armour and Toughness" in text
    )
    assert t.track("pixie", "wounds") == 20 - 2 - 17  # 4 + Special 1 - TB 3, then 17
    assert t.track("blob", "wounds") == 3
    assert t.conditions("blob") == [] and "Staggered" not in t.conditions("pixie")
    assert t.track("yu", "one more") == 0


def test_every_shadow_falling_to_an_all_out_attack_owes_a_benefit() -> None:
    # seed 004 l.176: "If the attack defeats all Shadows, then one of them are obliged to
    # provide you with a single benefit … After this, all Shadows die."
    t = Table(
        RULES,
        user("yu"),
        user("yosuke"),
        shadow("blob", wounds=5, affinities={"fire": "weak"}),
        options={"ailments": AILMENTS},
    )
    t.do("dmg blob 3 element=fire by=yu", [1])
    text = t.text("allout yu", [6])
    assert "Every Shadow falls" in text
    assert t.who("blob").status == "dead"


def test_a_counter_attack_waits_for_the_start_of_ones_next_turn() -> None:
    # seed 004 l.197: "After performing a single Counter-Attack, you may not perform
    # another until the start of your next turn." (issue 13: it was not limited)
    t = party()
    t.do("start", [9, 5, 3, 2, 1])  # Yu's turn; Yosuke next
    t.do("act yosuke counter")
    with pytest.raises(RuleError, match="Yosuke has made a Counter Attack already"):
        t.do("act yosuke counter")
    t.do("next")  # Yosuke's turn begins: the counter is back
    assert t.do("act yosuke counter") == ["Yosuke: Counter Attack [attack, melee] — free action"]


def test_a_second_undeclared_attack_that_staggers_a_new_foe_earns_another_one_more() -> None:
    # seed 004 l.120 and l.123: each action that Staggers a foe not yet Staggered earns a
    # One More; without 'act' every attack command is an action of its own (issue 13: the
    # second one earned nothing). Pixie and Blob are both Weak to Fire: 2 One Mores.
    t = started()
    assert "Fire vs Weak: Staggered, One More" in t.text("dmg pixie 4 element=fire", [1])
    assert "Fire vs Weak: Staggered, One More" in t.text("dmg blob 4 element=fire", [1])
    assert t.track("yu", "one more") == 2


def test_same_puts_a_hit_in_the_previous_action() -> None:
    # seed 004 l.120: "No matter how many enemies you Stagger with a single action, you
    # only gain a single One More" — an area spell typed as two hits, the second 'same'.
    t = started()
    t.do("dmg pixie 4 element=fire", [1])
    text = t.text("dmg blob 4 element=fire same", [1])
    assert "Fire vs Weak: Staggered, no second One More from the same action" in text
    assert t.track("yu", "one more") == 1


def test_a_hit_out_of_ones_own_turn_is_an_action_of_its_own() -> None:
    # seed 004 l.120: "When you hit an enemy with an attack that Staggers them, then you
    # gain a One More" — a Counter-Attack in Yosuke's turn is not Yu's last action (issue
    # 13: 'by=yu' outside Yu's turn counted as Yu's previous action and earned nothing).
    t = started()
    t.do("act yu agi half")
    t.do("dmg pixie 4 element=fire", [1])
    assert t.track("yu", "one more") == 1
    t.do("next")  # Yu's unused One More lapses; Yosuke's turn
    assert t.track("yu", "one more") == 0
    t.do("act yu counter")
    assert "Fire vs Weak: Staggered, One More" in t.text("dmg blob 4 element=fire by=yu", [1])
    assert t.track("yu", "one more") == 1
    t.do("next")  # seed 004 l.122: used at the end of the turn, else it lapses with it
    assert t.track("yu", "one more") == 0


def test_a_staggered_by_x_ailment_is_an_action_of_x() -> None:
    # seed 004 l.121: "as part of the Critical Effects of certain spells" — 'ail … Staggered
    # by=X' is X's attack: a second one on another foe is a second action (a second One
    # More), unless it is 'same'.
    t = started()
    t.do("ail pixie staggered by=yu")
    t.do("ail blob staggered by=yu same")
    assert t.track("yu", "one more") == 1
    t.do("cure blob staggered")
    t.do("ail blob staggered by=yu")
    assert t.track("yu", "one more") == 2


def test_an_encounter_may_rule_that_no_one_more_is_earned_out_of_turn() -> None:
    # seed 004 l.122: "A One More is an extra single action … that you can perform at the
    # end of your turn" — read strictly (encounter option), a Counter-Attack in Yosuke's
    # turn Staggers a foe but earns Yu nothing; a Baton Receiver still "may score One
    # Mores off this action" (l.133).
    t = Table(
        RULES,
        user("yu", links={"yosuke": 3}),
        user("yosuke"),
        shadow("blob", affinities={"fire": "weak"}),
        pixie(),
        shadow("mote", affinities={"fire": "weak"}),
        options={"one_more_out_of_turn": False},
    )
    t.do("start", [9, 5, 3, 2, 1])  # Yu 13, Yosuke 9, Blob 6, Pixie 5, Mote 4
    assert "Fire vs Weak: Staggered, One More" in t.text("dmg blob 4 element=fire", [1])
    t.do("baton yu yosuke")
    text = t.text("dmg pixie 4 element=fire by=yosuke", [1])
    assert "Fire vs Weak: Staggered, One More" in text  # the Receiver, in Yu's turn
    t.do("next")  # Yosuke's turn
    text = t.text("dmg mote 4 element=fire by=yu", [1])
    assert "Fire vs Weak: Staggered, no One More out of one's own turn" in text
    assert t.track("yu", "one more") == 0
