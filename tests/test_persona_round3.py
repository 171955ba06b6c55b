"""persona-d100, rules as written round three (issue 29): the Low flyer's -20 named on
the attack line.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, shadow, user

GROUND_NOTE = " (from the Ground at a Low flyer: the attack test took -20)"


def sky() -> Table:
    """Yu on the ground acts first; Harpy flies High, Moth flies Low."""
    t = Table(RULES, user("yu"), shadow("harpy", altitude="high"), shadow("moth", altitude="low"))
    t.do("start", [9, 5, 3])
    assert t.state.current == "yu"
    return t


def test_a_ground_attack_on_a_low_flyer_names_the_minus_20() -> None:
    # seed 004 l.83: "Ground characters … take a -20 penalty to all other attack tests
    # against them" — named on the attack line as eva names its -40 (seed 001 l.156).
    t = sky()
    assert t.do("dmg moth 5 element=fire")[0] == (
        "Fire vs Normal — Moth @body: 5 vs Soak 3 (TB 3): 2 wound(s)" + GROUND_NOTE
    )


def test_the_minus_20_is_named_whatever_the_affinity() -> None:
    # seed 004 l.83: the penalty is to the attack test, whichever affinity the hit meets.
    t = Table(
        RULES,
        user("yu"),
        shadow("moth", altitude="low", affinities={"fire": "block"}),
    )
    t.do("start", [9, 3])
    assert t.do("dmg moth 5 element=fire")[0].endswith(GROUND_NOTE)


def test_no_minus_20_from_the_same_band_or_down_at_the_ground() -> None:
    # seed 004 l.83: "Flying Low characters suffer no penalties for attacking characters
    # on the same altitude"; the penalty is the Ground attacker's, not the flyer's.
    t = sky()
    t.do("fly harpy low")
    assert not t.do("dmg moth 5 element=fire by=harpy")[0].endswith(GROUND_NOTE)
    assert not t.do("dmg yu 5 element=fire by=moth")[0].endswith(GROUND_NOTE)
