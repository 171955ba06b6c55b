"""persona-d100 altitude bands and falling (seed 004 l.80-88)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, shadow, user
from tracker.core.errors import TrackerError


def sky(**options: Any) -> Table:
    """Yu on the ground (Agility 40), Harpy flying High and Moth flying Low (Agility 30);
    Yu acts first."""
    t = Table(
        RULES,
        user("yu"),
        shadow("harpy", altitude="high"),
        shadow("moth", altitude="Low"),
        options=options,
    )
    t.do("start", [9, 5, 3])  # Yu 13, Harpy 8, Moth 6
    assert t.state.current == "yu"
    return t


def end_round(t: Table) -> None:
    """Every remaining turn of the round ends."""
    start = t.state.round
    while t.state.round == start:
        t.do("next")


def test_a_roster_altitude_makes_a_flyer() -> None:
    # seed 004 l.80: "three broad altitude bands … Ground, Low and High"
    t = sky()
    assert t.track("harpy", "altitude") == 2
    assert t.track("moth", "altitude") == 1
    assert "altitude" not in t.who("yu").tracks
    t.do("add Wisp kind=shadow side=enemy altitude=low", [5])
    assert t.track("wisp", "altitude") == 1
    with pytest.raises(TrackerError, match="altitude of Gale must be ground, low, high"):
        t.do("add Gale kind=shadow side=enemy altitude=sky", [5])


def test_a_half_move_changes_one_band_a_full_move_two() -> None:
    # seed 004 l.86: "one band up or down as part of a half move action, or two bands up
    # or down as part of a Full Move, Charge or Run action"
    t = sky()
    assert t.do("fly harpy low") == ["Harpy flies down to Low (part of a Half Move)"]
    t.do("fly harpy high half")
    assert "a move changes at most 1 band" in t.refused("fly harpy ground half")
    assert t.do("fly harpy ground") == [
        "Harpy flies down to Ground (part of a Full Move, Charge or Run)"
    ]
    assert t.do("fly harpy high charge") == ["Harpy flies up to High (part of a Charge)"]
    assert "Yu cannot fly" in t.refused("fly yu low")
    assert "no altitude 'orbit'" in t.refused("fly harpy orbit")


def test_ground_attackers_cannot_melee_a_low_flyer() -> None:
    # seed 004 l.83: "Ground characters both cannot melee attack Flying Low targets and
    # take a -20 penalty to all other attack tests against them"
    t = sky()
    refused = t.refused("dmg moth 5 element=melee by=yu")
    assert (
        refused == "Yu is at Ground, Moth at Low: a Ground attacker cannot melee attack a Low flyer"
    )
    assert "Moth @body: 5 vs Soak 3 (TB 3): 2 wounds" in t.text("dmg moth 5 element=fire")
    status = RULES.status_lines(t.who("moth"), t.state)
    assert "Altitude: Low — Ground attackers: no melee, -20 to other attacks" in status


def test_nobody_attacks_across_high_without_a_long_ranged_weapon() -> None:
    # seed 004 l.84: High "cannot attack characters or be attacked by characters at lower
    # altitude, unless they possess a specially long-ranged weapon, as per GM's approval"
    t = sky()
    assert "no attack between High and a lower band" in t.refused("dmg harpy 5 element=fire")
    assert "no attack between High and a lower band" in t.refused(
        "dmg moth 5 element=wind by=harpy"
    )
    assert "Harpy @body: 5 vs Soak 3 (TB 3): 2 wounds" in t.text(
        "dmg harpy 5 element=fire longshot"
    )
    status = RULES.status_lines(t.who("harpy"), t.state)
    assert (
        "Altitude: High — no attacks to or from lower bands ('longshot': GM's approval)" in status
    )


def test_a_fall_from_high_drops_a_band_a_round_and_asks_for_200_m_of_damage() -> None:
    # seed 004 l.88: "it falls one band at the end of each round; once it moves from Low to
    # Ground, it crashes … If they started at High, they take 200m equivalent of damage"
    t = sky()
    assert t.do("fall harpy") == [
        "Harpy begins to fall from High: one band at the end of each round"
    ]
    assert t.refused("fly harpy low") == (
        "Harpy is falling: 'cure harpy Falling' once it can fly again"
    )
    end_round(t)
    assert t.track("harpy", "altitude") == 1
    assert t.conditions("harpy") == ["Falling"]
    end_round(t)
    assert t.track("harpy", "altitude") == 0
    assert t.conditions("harpy") == []
    assert t.reminders("harpy")["fall"].startswith(
        "Harpy crashes into the ground from High: 200 m of falling damage — the text gives "
        "no damage per metre"
    )
    assert t.track("harpy", "wounds") == 20


def test_the_encounter_can_rule_the_falling_damage() -> None:
    # seed 004 l.88: "if they started at Low they take 60m instead"; the GM's ruling for
    # 60 m here is 1d10+6 against Soak: d10 4 + 6 = 10, Soak 3 (TB 3): 7 wounds, 20 → 13
    t = sky(fall_damage={"low": "1d10+6", "high": "2d10+20"})
    t.do("fall moth")
    t.do("next")
    t.do("next")
    lines = t.do("next", [4, 1, 1, 1])
    assert (
        "Moth crashes into the ground from Low: 60 m of falling damage — 1d10+6 [4] = 10 vs "
        "Soak 3 (TB 3): 7 wounds" in lines
    )
    assert t.track("moth", "wounds") == 13


def test_falling_is_started_with_fall_not_ail() -> None:
    # seed 004 l.88: "If a character in the air begins to fall" — only a flyer in the air
    t = sky()
    assert t.refused("ail harpy Falling") == "a flyer begins to fall with 'fall harpy'"
    assert "Yu is on the ground: nothing to fall from" in t.refused("fall yu")
