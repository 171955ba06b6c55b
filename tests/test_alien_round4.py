"""alien-evolved, rules as written round four (seed 003): what a Broken character may not
do for others or with a weapon, and who may rally whom."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError


def test_a_broken_character_fires_no_full_auto_burst() -> None:
    # seed 003 "Damage" (l.137): "While broken, you can make a single move action per round
    # ... but not perform any other actions" — Hicks, Broken, cannot fire a burst (l.124-126),
    # and his ammo stays as it was
    table = Table()
    table.start()
    table.do("dmg hicks 5", [1, 3])
    with pytest.raises(RuleError, match="Hicks is Broken"):
        table.do("auto hicks 1", [1, 1, 1, 1])
    assert table.who("hicks").track("ammo") == 4


def test_the_dead_fire_no_burst_either() -> None:
    # seed 003 l.137, l.157: a dead character makes no attack at all
    table = Table()
    table.start()
    table.do("crit hicks 11 Gone lethal=instant")
    assert table.who("hicks").status == "dead"
    with pytest.raises(RuleError, match="Hicks is dead"):
        table.do("auto hicks 1", [1, 1, 1, 1])
