"""persona-d100, rules as written round four: a fallen Shadow stays fallen.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.persona_helpers import party


def all_out_done() -> Table:
    """Yu staggers both Shadows and leads an All-Out Attack that fells them."""
    table = party()
    table.do("start", [9, 8, 7, 2, 1])
    table.do("dmg pixie 10 element=fire", [4])
    table.do("dmg blob 10 element=ice same", [4])
    table.do("allout yu", [10, 3])
    assert table.who("pixie").status == "dead"
    assert table.who("blob").status == "dead"
    return table


def test_a_fallen_shadow_absorbs_no_attack() -> None:
    # seed 004 l.176 (All Out Attack): "After this, all Shadows die"; l.47: characters
    # without Fate perish at 0 wounds. A dead Shadow that Absorbs Psy (l.111) must not
    # heal back up from a stray attack.
    table = all_out_done()
    message = table.refused("dmg pixie 2 element=psy tier=2", [5])
    assert message == "Pixie is destroyed: there is nothing left to damage"
    assert table.track("pixie", "wounds") == 0


def test_striking_a_fallen_shadow_earns_no_one_more() -> None:
    # seed 004 l.120: "When you hit an enemy with an attack that Staggers them, then you
    # gain a One More" — a dead Shadow is no enemy in the fight to Stagger.
    table = all_out_done()
    table.do("next")
    assert table.refused("dmg blob 1d10 element=fire", [4, 4]) == (
        "Blob is destroyed: there is nothing left to damage"
    )
    assert table.refused("ail blob staggered by=yosuke") == (
        "Blob is out of the fight: it cannot be Staggered"
    )
    assert table.track("yosuke", "one more") == 0


def test_an_unarmed_blow_of_at_least_tb_costs_a_level_of_fatigue() -> None:
    # seed 004 l.63, Unarmed Attacks: "If the damage dealt is equal to or higher than the
    # target's TB, they suffer a level of fatigue" (read: the damage before Soak).
    table = party()
    table.do("start", [9, 8, 7, 2, 1])
    assert table.do("dmg blob 3 element=melee unarmed") == [
        "Melee vs Normal — Blob @body: 3 vs Soak 3 (TB 3): no damage gets through",
        "Blob: Fatigue 0 → 1 (unarmed damage 3 ≥ TB 3)",
    ]
    table.do("dmg blob 2 element=melee unarmed")
    table.do("dmg blob 9 element=melee")
    assert table.track("blob", "fatigue") == 1
