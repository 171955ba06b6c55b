"""Alien stress, panic, skill rolls and supplies (seed 003)."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core.errors import RuleError


def test_synthetics_never_gain_stress() -> None:
    # seed 003, "Synthetics": they don't suffer stress, don't have a stress level
    table = Table()
    assert "stress" not in table.who("bishop").tracks
    with pytest.raises(RuleError, match="never gain stress"):
        table.do("stress bishop +1")
    table.do("auto bishop 3", [2, 2, 2, 2, 2, 2, 2, 2, 2])
    assert "stress" not in table.who("bishop").tracks
    with pytest.raises(RuleError, match="never panics"):
        table.do("panic bishop")


def test_full_auto_adds_stress_for_each_roll_after_the_first() -> None:
    # seed 003, "Full Auto": each attack roll except the first gives stress level +1;
    # an ammo supply roll after each attack roll
    table = Table()
    table.do("auto hicks 3", [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4])
    assert table.who("hicks").track("stress") == 1 + 2
    with pytest.raises(RuleError, match="1 to 3"):
        table.do("auto hicks 4")


def test_supply_roll_lowers_ammo_for_each_one() -> None:
    # seed 003, "Supply Roll": stress dice equal to the rating (max six); each one
    # decreases the rating
    table = Table()
    lines = table.do("supply hicks ammo", [1, 6, 1, 3])
    assert table.who("hicks").track("ammo") == 2
    assert "[1, 6, 1, 3]" in lines[0]
    table.do("supply hicks ammo", [1, 1])
    assert "out of air" in " ".join(table.do("supply ripley air", [1, 1, 1]))
    with pytest.raises(RuleError, match="out of ammo"):
        table.do("supply hicks ammo")


def test_supply_roll_throws_at_most_six_dice() -> None:
    # seed 003 l.183-184: a supply roll is "stress dice equal to the current air, ammo or power
    # rating, up to a maximum of six dice".
    roster = [
        {
            "id": "apone",
            "name": "Apone",
            "kind": "human",
            "stats": {"health": 4},
            "supplies": {"power": 9},
        }
    ]
    table = Table(roster=roster)
    lines = table.do("supply apone power", [2, 2, 2, 2, 2, 2])
    assert "[2, 2, 2, 2, 2, 2]" in lines[0]
    assert table.who("apone").track("power") == 9


def test_burst_ends_when_the_magazine_runs_dry() -> None:
    # seed 003 l.126: "When firing a burst, you must make an ammo supply roll after each
    # attack roll"; l.119: when the ammo runs out, you need to reload — the burst ends.
    table = Table()
    lines = table.do("auto hicks 3", [1, 1, 1, 1])
    assert table.who("hicks").track("ammo") == 0
    assert table.who("hicks").track("stress") == 1
    assert any("runs dry" in line for line in lines)


def test_reload_is_a_quick_action_and_uses_a_reload() -> None:
    # seed 003 l.121: "Reloading a firearm is a quick action … track your available
    # reloads".
    table = Table()
    table.do("supply hicks ammo", [1, 1, 1, 1])
    table.do("reload hicks")
    hicks = table.who("hicks")
    assert (hicks.track("ammo"), hicks.track("reloads")) == (4, 1)


def test_no_stress_and_no_panic_while_broken() -> None:
    # seed 003: "While broken, you cannot gain more stress and you never make panic rolls"
    table = Table()
    table.do("dmg hicks 5", [1, 1])
    with pytest.raises(RuleError, match="Broken"):
        table.do("stress hicks +1")
    with pytest.raises(RuleError, match="Broken"):
        table.do("panic hicks")
    table.do("stress hicks -1")
    assert table.who("hicks").track("stress") == 0


def test_skill_roll_adds_stress_dice_and_a_one_calls_for_panic() -> None:
    # seed 003, "Stress Roll": stress dice join the base dice; a 1 on them is a stress
    # response
    table = Table()
    lines = table.do("skill hicks 3", [6, 2, 3, 1])  # 3 base + 1 stress die
    assert "3 base + 1 stress" in lines[0] and lines[0].endswith("→ 1 success")
    assert table.reminders() == [("hicks", "panic")]
    lines = table.do("panic hicks", [4])
    assert lines[0].endswith("= 5")
    assert table.reminders() == [("hicks", "panic-table")]  # no table: the GM looks it up
    table.do("panic hicks 5 Freeze")
    assert table.who("hicks").condition("Panicking")
    assert table.reminders() == []


def test_skill_roll_of_a_synthetic_has_no_stress_dice() -> None:
    # seed 003 l.175: androids "don't suffer stress … and they never make panic rolls".
    table = Table()
    lines = table.do("skill bishop 2", [1, 1])
    assert "stress" not in lines[0]
    assert table.reminders() == []
