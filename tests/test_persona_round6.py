"""persona-d100, rules as written round six: one action against several enemies, and what
the log says of Soak.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.persona_helpers import party


def started() -> Table:
    """The party (Yu, Yosuke, Chie) against Pixie and Blob (both Weak to fire); Yu acts
    first."""
    table = party()
    table.do("start", [9, 5, 3, 2, 1])
    assert table.state.current == "yu"
    return table


def test_one_command_against_two_weak_enemies_earns_one_one_more() -> None:
    # seed 004 l.120, One More: "No matter how many enemies you Stagger with a single
    # action, you only gain a single One More action." Yu's Agi on Pixie and Blob, typed as
    # one command, Staggers both and earns one One More.
    table = started()
    lines = table.do("dmg pixie,blob 5 element=fire", [3, 4])
    assert "Pixie is Staggered (Weak)" in lines
    assert "Blob is Staggered (Weak)" in lines
    assert table.track("yu", "one more") == 1
    assert (
        "Fire vs Weak: Staggered, no second One More from the same action, ailment resist "
        "-20 — Blob @body: 5 + Special 4 = 9 vs Soak 3 (TB 3): 6 wounds"
    ) in lines


def test_two_commands_are_still_two_actions() -> None:
    # seed 004 l.123: "It is possible to use a One More to Stagger another enemy, which will
    # grant you another One More action" — two attack commands, undeclared, are two
    # actions (docs/rulesets/persona-d100.md, "One More").
    table = started()
    table.do("dmg pixie 5 element=fire", [3])
    table.do("dmg blob 5 element=fire", [3])
    assert table.track("yu", "one more") == 2
