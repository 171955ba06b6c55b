"""persona-d100, rules as written round five: what a declared action leaves standing until
the start of the attacker's next turn.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, party


def started() -> Table:
    """The party (Yu, Yosuke, Chie) against Pixie and Blob; Yu acts first."""
    table = party()
    table.do("start", [9, 5, 3, 2, 1])
    assert table.state.current == "yu"
    return table


def test_a_cautious_attack_gives_ten_to_evasion_until_the_attacker_s_next_turn() -> None:
    # seed 004 l.195, Cautious Attack: "You make a single Melee attack by testing WS with a
    # -10 penalty, but take a +10 bonus to Evasion tests until the start of your next
    # turn" — the sibling of the Heavy Attack's -20 (l.192), which the status pane shows.
    table = started()
    line = "Cautious Attack: +10 to Evasion until the start of its next turn"
    table.do("act yu cautious attack")
    assert line in RULES.status_lines(table.who("yu"), table.state)
    table.do("next")
    assert line in RULES.status_lines(table.who("yu"), table.state)
    while table.state.current != "yu":
        table.do("next")
    assert line not in RULES.status_lines(table.who("yu"), table.state)


def test_a_downed_user_takes_no_action() -> None:
    # seed 004, Attacking, Step Seven ("Most characters perish if they are dropped to 0
    # wounds"): the fallen act no more — Yu, downed by the GM, neither attacks nor
    # counter-attacks until the GM forces it.
    table = started()
    table.do("down yu")
    assert table.refused("act yu standard attack") == (
        "Yu is down: no actions or reactions (add 'force' to allow)"
    )
    assert table.refused("act yu counter attack") == (
        "Yu is down: no actions or reactions (add 'force' to allow)"
    )


def test_a_downed_user_neither_passes_the_baton_nor_spends_the_one_more() -> None:
    # seed 004, One More / Baton Pass: the One More is an action of the one who earned it,
    # or handed on "at the end of your turn"; Step Seven: the fallen act no more. Yu,
    # downed after Staggering Pixie, keeps the One More unused.
    table = started()
    table.do("dmg pixie 10 element=fire", [4])
    assert table.track("yu", "one more") == 1
    table.do("down yu")
    for line in ("baton yu yosuke", "onemore yu stamina"):
        assert table.refused(line) == "Yu is down: the One More goes unused"
    assert table.track("yosuke", "one more") == 0
    assert table.track("yu", "stamina") == 0
