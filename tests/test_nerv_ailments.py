"""nerv-d100 ailments: one per category, shake-off with stacking Advantage, Burning, Shocked.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), the Ailments section.
"""

from __future__ import annotations

import pytest

from tests.nerv_helpers import RULES, Table, angel, pilot
from tracker.core.errors import RuleError


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1, Carol (Grace 35) acting first, then the Angel (Grace 20)."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def test_one_ailment_per_category_is_refused_with_a_message() -> None:
    # seed 000: "You may only possess a single Ailment from each category at once."
    table = started()
    table.do("ail carol Burning")
    with pytest.raises(RuleError) as err:
        table.do("ail carol Dizzy")
    assert str(err.value) == (
        "Carol already has a Physical ailment (Burning) — one per "
        "category; add 'replace' to swap it for Dizzy"
    )
    table.do("ail carol Confused")
    assert table.conditions("carol") == ["Burning", "Confused"]


def test_replace_swaps_the_ailment_in_that_category() -> None:
    # seed 000 l.272: "You may only possess a single Ailment from each category at once".
    table = started()
    table.do("ail carol Burning")
    lines = table.do("ail carol Dizzy replace")
    assert lines == ["Carol: Burning gives way to Dizzy", "Carol: Dizzy (Physical ailment)"]
    assert table.conditions("carol") == ["Dizzy"]
    assert table.track("carol", "burning") == 0


def test_unknown_ailment_lists_the_catalogue_and_writes_nothing() -> None:
    table = started()
    seq = table.state.seq
    with pytest.raises(RuleError) as err:
        table.do("ail carol Sleepy")
    assert str(err.value).startswith(
        "no ailment or condition 'Sleepy' — Physical: Burning, "
        "Dizzy, Shocked, Frozen, Stunned; Mental: Dominated,"
    )
    assert table.state.seq == seq


def test_attackers_gain_an_advantage_per_ailment() -> None:
    # seed 000: "Enemies gain 1 Advantage against you per ailment you have."
    table = started()
    table.do("ail sachiel Frozen")
    table.do("ail sachiel Enraged")
    assert RULES.summary(table.who("sachiel")) == "W 4/4 +2A"
    assert "Attackers +2 Advantage (2 ailments)" in RULES.status_lines(
        table.who("sachiel"), table.state
    )


def test_grappled_and_prone_give_melee_attackers_more_and_enraged_cannot_evade() -> None:
    # seed 000: "attacks against [the grappled] gain Advantage" (l.92), "Melee attacks
    # against grappled enemies gain Advantage" (l.301), "Melee actions against prone
    # targets gain Advantage" (l.305); Enraged: "you cannot evade attacks" (l.285)
    table = started()
    table.do("ail sachiel Enraged")
    table.do("ail sachiel Prone")
    table.do("ail sachiel Grappled")
    assert RULES.summary(table.who("sachiel")) == "W 4/4 +1A +2Am"
    lines = RULES.status_lines(table.who("sachiel"), table.state)
    assert "Attackers +1 Advantage (1 ailment)" in lines
    assert "Melee attackers +2 more Advantage (Prone, Grappled)" in lines
    assert "Enraged: cannot evade attacks" in lines


def test_shake_off_reminder_at_the_start_of_turn_with_stacking_advantage() -> None:
    # seed 000: "at the start of each of their turns ... a free 'shake-off' test ... Every
    # time they fail the test, they gain another advantage to their next test".
    table = started(pilot("carol"), angel(), pilot("rei", stats={"grace": 10}))
    table.do("ail rei Dizzy")
    table.do("next")
    table.do("next")
    assert table.reminders("rei") == {"shake:Dizzy": "Rei: shake off Dizzy — Physique test"}
    table.do("shake rei fail")
    assert table.reminders("rei") == {}
    table.do("next")
    table.do("next")
    table.do("next")
    assert table.reminders("rei")["shake:Dizzy"] == (
        "Rei: shake off Dizzy — Physique test +1 Advantage (1 failed)"
    )
    table.do("shake rei fail")
    table.do("next")
    table.do("next")
    table.do("next")
    assert "+2 Advantage (2 failed)" in table.reminders("rei")["shake:Dizzy"]
    # a rolled shake-off adds the two Advantages and Dizzy's own Disadvantage ("on all
    # tests", l.276; issue 13): 30 + 20 - 10 = 40; a 48 fails, a 38 passes
    lines = table.do("shake rei roll", [48])
    assert lines[0] == (
        "Rei shake-off Dizzy: d100 48 vs Physique 30 +2 Advantage -10 Dizzy = 40: failed by 0 DoF"
    )
    table.do("next")  # one shake-off a turn (l.270): the next is at Rei's next turn
    while table.state.current != "rei":
        table.do("next")
    lines = table.do("shake rei roll", [38])
    assert lines[0] == (
        "Rei shake-off Dizzy: d100 38 vs Physique 30 +3 Advantage -10 Dizzy = 50: passed with 1 DoS"
    )
    assert "Rei shakes off Dizzy" in lines
    assert table.conditions("rei") == []


def test_shake_off_uses_endurance_or_fortitude_when_trained() -> None:
    # seed 000: "either Endurance (Physical Ailments) or Fortitude (Mental Ailments), or
    # just flat Physique or Will if untrained."
    table = started(pilot("carol", stats={"endurance": 55, "fortitude": 25}), angel())
    table.do("ail carol Stunned")
    table.do("ail carol Hypnotised")
    assert table.do("shake carol roll stunned", [55])[0].endswith(
        "vs Endurance 55: passed with 0 DoS"
    )
    assert table.do("shake carol roll mental", [30])[0].endswith("vs Fortitude 25: failed by 0 DoF")


def test_shake_needs_a_name_when_two_could_be_meant() -> None:
    table = started()
    table.do("ail carol Burning")
    table.do("ail carol Confused")
    with pytest.raises(RuleError, match="could shake off Burning or Confused"):
        table.do("shake carol pass")
    table.do("shake carol pass confused")
    assert table.conditions("carol") == ["Burning"]


def test_burning_escalates_over_three_rounds() -> None:
    # seed 000, Burning: "At the end of each round, you suffer a Damage 4 attack ignoring
    # AP, dealing 1 wound. This attack's Damage increases by 1 per turn until put out."
    # Physique 10 (PB 1, 3 wounds given): 4 and 5 are 1 wound each; 6 >= Defense 1 + 5
    # adds a wound for high damage.
    table = started(pilot("carol", stats={"physique": 10}, wounds=5, armour={"body": 6}), angel())
    table.do("ail carol Burning")
    burns = []
    for _ in range(3):
        lines = table.do("next")
        lines += table.do("next")
        burns += [line for line in lines if "burns:" in line]
    assert burns == [
        "Carol burns: Damage 4 vs Defense 1 (armour ignored): 1 wound",
        "Carol burns: Damage 5 vs Defense 1 (armour ignored): 1 wound",
        "Carol burns: Damage 6 vs Defense 1 (armour ignored): 1 wound +1 high damage",
    ]
    assert table.track("carol", "wounds") == 1
    assert table.track("carol", "burning") == 7


def test_putting_out_the_fire_stops_the_burns() -> None:
    # seed 000 l.275: Burning's damage goes on "until put out"; a passed shake-off (l.270)
    # puts it out.
    table = started()
    table.do("ail carol Burning")
    table.do("next")
    table.do("next")
    table.do("shake carol pass")
    table.do("next")
    lines = table.do("next")
    assert not any("burns" in line for line in lines)
    assert table.track("carol", "burning") == 0


def test_shocked_takes_a_stress_at_the_start_of_each_turn() -> None:
    # seed 000, Shocked: "At the start of each turn, you take 1 Stress."
    table = started()
    table.do("ail sachiel Shocked")
    lines = table.do("next")
    assert "Sachiel: Stress 0 → 1 (Shocked)" in lines
    table.do("next")
    table.do("next")
    assert table.track("sachiel", "stress") == 2


def test_stunned_blocks_actions_and_moves() -> None:
    # seed 000, Stunned: "You may make no actions or moves, and cannot oppose attacks."
    table = started()
    table.do("ail carol Stunned")
    with pytest.raises(RuleError, match="Carol is Stunned: no actions"):
        table.do("act carol standard attack")
    with pytest.raises(RuleError, match="Carol is Stunned: no moves"):
        table.do("act carol move")
    assert "No opposing (Stunned)" in RULES.status_lines(table.who("carol"), table.state)


def test_an_exploit_hit_clears_the_ailment_it_exploits() -> None:
    # seed 000, Exploit Hits: "Ailments that do so are cleared if Exploited"; Shocked:
    # "Voltaic attacks gain Exploiting against you."
    table = started()
    table.do("ail sachiel Shocked")
    lines = table.do("dmg sachiel 9 @body exploit voltaic")
    assert "Sachiel: the Exploit Hit clears Shocked" in lines
    assert table.conditions("sachiel") == []


def test_a_critical_hit_inflicts_its_damage_types_ailment() -> None:
    # seed 000, Critical Hits: Energy (hot) attacks cause the target to Burn.
    table = started()
    table.do("dmg sachiel 9 @body crit type=energy")
    assert table.conditions("sachiel") == ["Burning"]
    assert table.track("sachiel", "burning") == 4


def test_hallucinating_keeps_the_vision_of_the_first_roll() -> None:
    # seed 000, Hallucinating: 4+ DoF is a nightmare forcing a Fear test every turn.
    table = started()
    table.do("ail sachiel Hallucinating dof=4")
    table.do("next")
    assert "fear:nightmare" in table.reminders("sachiel")


def test_confused_acts_by_the_shake_off_dof() -> None:
    # seed 000, Confused: "2-3, you drop everything in one hand ... You repeat this every
    # turn, using your shake-off test as the DoF."
    table = started()
    table.do("ail carol Confused")
    lines = table.do("shake carol fail dof=3")
    assert lines[-1].startswith("Carol is Confused (3 DoF): drops everything in one hand")


def test_cure_ends_an_ailment_and_names_what_there_is() -> None:
    table = started()
    table.do("ail carol Frozen")
    with pytest.raises(RuleError, match="Carol has no 'burning' to end — has: Frozen"):
        table.do("cure carol burning")
    table.do("cure carol frozen")
    assert table.conditions("carol") == []


def test_an_ailment_from_an_injury_can_be_shaken_off_but_injury_blindness_cannot() -> None:
    # seed 000, head 3 Fracture: "you immediately become Confused" (an ailment, shaken off
    # as usual); head 4 Blinded lasts "until you heal".
    table = started(pilot("carol", stats={"physique": 90}), angel())
    table.do("injure carol 4 @head")
    table.do("next")
    table.do("next")
    assert set(table.reminders("carol")) >= {"shake:Confused"}
    assert "shake:Blinded" not in table.reminders("carol")
    table.do("shake carol pass confused")
    assert "Confused" not in table.conditions("carol")
