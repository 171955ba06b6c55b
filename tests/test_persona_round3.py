"""persona-d100, rules as written round three (issue 29): the Low flyer's -20 named on
the attack line.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, party, shadow, user

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
        "Fire vs Normal — Moth @body: 5 vs Soak 3 (TB 3): 2 wounds" + GROUND_NOTE
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


# --- rules no test covered yet -------------------------------------------------------------


def started_party(line: str = "start") -> Table:
    """The party (Yu, Yosuke, Chie) against Pixie and Blob; Yu acts first."""
    t = party()
    t.do(line, [9, 5, 3, 2, 1])
    assert t.state.current == "yu"
    return t


def test_attacks_against_the_surprised_take_plus_30() -> None:
    # seed 004 l.18: "attack actions against them take a +30 bonus."
    t = started_party("start surprised=pixie")
    assert "Surprised: loses the first turn, no Reactions; attacks against it +30" in (
        RULES.status_lines(t.who("pixie"), t.state)
    )
    assert not any("Surprised" in line for line in RULES.status_lines(t.who("blob"), t.state))


def test_a_weak_hit_names_the_minus_20_to_resist_its_ailment() -> None:
    # seed 004 l.106: Weak — "the target has a -20 to tests to resist it."
    t = started_party()
    line = next(x for x in t.do("dmg blob 4 element=fire", [1]) if x.startswith("Fire vs"))
    assert line.startswith("Fire vs Weak: Staggered, One More, ailment resist -20 — Blob")


def test_a_heavy_attack_costs_20_evasion_until_the_attacker_s_next_turn() -> None:
    # seed 004 l.192 Heavy Attack: "you take a -20 penalty to Evasion tests until the start
    # of your next turn."
    t = started_party()
    line = "Heavy Attack: -20 to Evasion until the start of its next turn"
    t.do("act yu heavy attack")
    assert line in RULES.status_lines(t.who("yu"), t.state)
    t.do("next")
    assert line in RULES.status_lines(t.who("yu"), t.state)
    while t.state.current != "yu":
        t.do("next")
    assert line not in RULES.status_lines(t.who("yu"), t.state)
