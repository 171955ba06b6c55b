"""eva-escale, rules as written round four: unarmed blows tire the one they land on.

Rules from ../shared/seeds/001_4a06b4925a00c8d1.txt ("seed 001"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.eva_helpers import angel, soldier, table


def brawl() -> Table:
    """Kaji and Ryo (Toughness 35: TB 3, armour 2, 10 wounds) on foot, and Ramiel."""
    fight = table(soldier("kaji"), soldier("ryo", stats={"ag": 20, "t": 35}), angel())
    fight.do("start", [5, 5, 5])
    return fight


def test_an_unarmed_blow_of_at_least_tb_costs_a_level_of_fatigue() -> None:
    # seed 001 l.71, Unarmed Attacks: "If the damage dealt is equal to or higher than the
    # target's TB, they suffer a level of fatigue" (read: the damage before Soak).
    fight = brawl()
    assert fight.do("dmg ryo 1d5+1 @body unarmed", [2]) == [
        "Ryo @body: damage 1d5+1 [2] = 3 vs Soak 5 (TB 3 + AP 2): all soaked, no effect",
        "Ryo: Fatigue 0 → 1 (unarmed damage 3 ≥ TB 3)",
    ]
    fight.do("dmg ryo 8 @body unarmed")
    assert fight.track("ryo", "fatigue") == 2
    assert fight.track("ryo", "wounds") == 7


def test_an_unarmed_blow_under_tb_and_an_armed_one_tire_nobody() -> None:
    # seed 001 l.71: only unarmed damage of at least TB tires.
    fight = brawl()
    fight.do("dmg ryo 2 @body unarmed")
    fight.do("dmg ryo 8 @body")
    assert fight.track("ryo", "fatigue") == 0


def test_a_pilot_held_by_an_angel_takes_ego_damage_every_round() -> None:
    # seed 001 l.158: "If for whatever reason the one doing the rescuing is an Angel, the
    # pilot promptly takes 1d10 Ego damage for every round in which they are held by the
    # Angel."
    fight = table(soldier("kaji"), soldier("ryo", stats={"ag": 20, "t": 35}), angel())
    fight.do("start", [5, 5, 5])
    fight.do("ail kaji held by an angel")
    lines = [line for n in range(3) for line in fight.do("next", [7])]
    assert "Kaji (Held by an Angel) takes 1d10 Ego damage [7] = 7 — for the GM's Ego track" in lines
    fight.do("cure kaji held by an angel")
    lines = [line for n in range(3) for line in fight.do("next", [7])]
    assert not [line for line in lines if "Ego damage" in line]
