"""Alien rolls: pushing, opposed rolls and friendly fire (seed 003).

Rules from ../shared/seeds/003_6afe7eb3c14dfc2e.txt ("seed 003"). The push itself is a
picture in the text; its reading is in docs/rulesets/alien-evolved.md.
"""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError


def test_a_pushed_roll_raises_stress_and_rolls_again_all_but_the_sixes() -> None:
    # seed 003 l.17 "you can push the roll"; the reading: stress level +1, every die that is
    # not a six rolled again with the new stress die. Hicks (stress 1) rolls 3 base + 1
    # stress: [6 2 3 | 4] = 1 six. Pushed: stress 2; 2 base + 2 stress again [6 6 | 1 5]:
    # 1 kept + 2 = 3 successes, and the 1 on a stress die calls for panic.
    table = Table()
    table.do("skill hicks 3", [6, 2, 3, 4])
    lines = table.do("push hicks", [6, 6, 1, 5])
    assert "Hicks: stress level 1 → 2 (pushing the roll)" in lines
    assert (
        "Hicks pushes: 1 six kept, 2 base + 2 stress rolled again [6 6 1 5] → 3 successes" in lines
    )
    assert table.reminders() == [("hicks", "panic")]
    with pytest.raises(RuleError, match="pushed once"):
        table.do("push hicks", [6])


def test_synthetics_never_push() -> None:
    # seed 003 l.175: "Androids can't push skill rolls."
    table = Table()
    table.do("skill bishop 2", [1, 2])
    with pytest.raises(RuleError, match="synthetic: it cannot push"):
        table.do("push bishop", [6, 6])


def test_an_opposed_roll_needs_more_sixes_than_the_other_side() -> None:
    # seed 003 l.17: "In an opposed roll, you need to roll more than your opponent to
    # succeed." Ripley (stress 0) 3 base [6 6 1] = 2; Hicks (stress 1) 2 base + 1 stress
    # [6 2 | 3] = 1: Ripley wins. Then 1 to 1: a tie is not more, Ripley fails.
    table = Table()
    lines = table.do("opposed ripley 3 hicks 2", [6, 6, 1, 6, 2, 3])
    assert lines[-1] == "Ripley wins the opposed roll (2 to 1)"
    lines = table.do("opposed ripley 3 hicks 2", [6, 2, 1, 6, 2, 3])
    assert lines[-2].startswith("Ripley fails the opposed roll (1 to 1): it needs more than Hicks")


def test_friendly_fire_is_two_base_dice_one_damage_per_six() -> None:
    # seed 003 l.116: "Roll for an attack with two base dice, 1 damage per success"; l.117
    # "If there are several Adjacent targets, randomize which one is hit."
    table = Table()
    lines = table.do("friendly ripley", [6, 6])
    assert "Friendly fire at Ripley: 2 base dice [6, 6] → 2 damage" in lines
    assert table.who("ripley").track("health") == 4 - 2
    lines = table.do("friendly ripley hicks", [2, 6, 3])  # 1d2 → 2: Hicks; one six
    assert "Friendly fire: 1d2 2 → Hicks is in the line of fire" in lines
    assert table.who("hicks").track("health") == 5 - 1
    assert table.do("friendly hicks", [1, 5])[-1].endswith("→ 0 damage")
    assert table.who("hicks").track("health") == 4
