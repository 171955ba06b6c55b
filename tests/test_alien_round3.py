"""Alien (evolved), rules as written round three (issue 29): criticals with the same
number, Fatigue and rest, the Broken resting a shift (seed 003)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.alien_helpers import Table
from tests.campaign_helpers import member, ok

NEWT: list[dict[str, Any]] = [
    {"id": "newt", "name": "Newt", "side": "pc", "kind": "human", "stats": {"health": 1}}
]
HICKS: list[dict[str, Any]] = [
    {"id": "hicks", "name": "Hicks", "side": "pc", "kind": "human", "stats": {"health": 5}}
]


def _newt_twice_twelve() -> Table:
    table = Table(NEWT)
    table.do("start", [1])
    table.do("dmg newt 1", [1, 2])  # l.136: at 0 Health roll a critical: d66 → 12
    table.do("dmg newt 1", [1, 2])  # l.137: more damage at 0 Health, another critical: 12
    return table


def test_two_criticals_with_the_same_number_are_two_reminders() -> None:
    # seed 003 l.137 "any further damage gives you another critical injury"; l.153 re-rolls
    # only results of 14 and up already suffered, so 12 twice is two injuries to enter
    table = _newt_twice_twelve()
    assert table.reminders() == [("newt", "critical-12"), ("newt", "critical-12-2")]
    table.do("crit newt 12 Winded")
    assert table.reminders() == [("newt", "critical-12-2")]
    table.do("crit newt 12 Winded")
    assert table.reminders() == []
    assert [i.score for i in table.who("newt").injuries] == [12, 12]


def test_the_second_twelve_is_entered_after_an_undo_of_the_first() -> None:
    # seed 003 l.137: undoing the first entry brings its reminder back, the other stays
    table = _newt_twice_twelve()
    table.do("crit newt 12 Winded")
    table.do("undo")
    assert sorted(table.reminders()) == [("newt", "critical-12"), ("newt", "critical-12-2")]


def test_a_fatigued_character_recovers_no_health_resting_a_stretch() -> None:
    # seed 003 l.151: "As long as you are not fatigued, you automatically recover 1 point
    # of Health per stretch of time while resting"
    table = Table(HICKS)
    table.do("start", [3])
    table.do("dmg hicks 2")
    table.do("ail hicks fatigued")
    assert table.who("hicks").condition("Fatigued") is not None
    lines = table.do("stretch rest")
    assert "Hicks is Fatigued: no Health from rest (l.151)" in lines
    assert table.who("hicks").track("health") == 3


def test_once_fatigue_ends_rest_heals_again() -> None:
    # seed 003 l.151: the same rest heals 1 a stretch for one not fatigued
    table = Table(HICKS)
    table.do("start", [3])
    table.do("dmg hicks 2")
    table.do("ail hicks fatigued")
    table.do("cure hicks fatigued")
    assert "Hicks rests: Health 3 → 4" in table.do("stretch rest")


@pytest.fixture
def broken_ripley(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A campaign whose one PC, Ripley (Health 4), came back Broken from a fight."""
    path = tmp_path / "n.toml"
    fight = tmp_path / "g.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "alien-evolved")
    ok(capsys, "campaign", "add-pc", path, "Ripley", "health=4")
    ok(capsys, "campaign", "fight", path, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", "--dice", "4,4", fight, "dmg", "ripley", "4")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    assert member(path, "ripley").lasting.has("Broken")
    return path


def test_a_broken_pc_resting_a_shift_gets_up_and_heals_to_full(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149: up after one stretch with 1 Health; l.151: +1 Health a stretch resting;
    # l.24-25: a shift (5-10 hours) is at least 30 stretches (5-10 minutes)
    said = ok(capsys, "campaign", "rest", broken_ripley, "shift")
    assert "gets back up (Broken ends): Health 0 → 1 (l.149); Health 1 → 4" in said
    ripley = member(broken_ripley, "ripley").lasting
    assert ripley.tracks["health"] == 4 and not ripley.has("Broken")


def test_a_broken_and_fatigued_pc_gets_up_but_heals_no_more(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149 gets the Broken up whatever their state; l.151 heals only the unfatigued
    ok(capsys, "campaign", "set", broken_ripley, "ripley", "condition", "Fatigued")
    said = ok(capsys, "campaign", "rest", broken_ripley, "shift")
    assert "Fatigued: no Health from rest (l.151)" in said
    assert member(broken_ripley, "ripley").lasting.tracks["health"] == 1


def test_a_broken_pc_resting_a_stretch_only_gets_up(
    broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149: "after one stretch of time and recover 1 point of Health"
    ok(capsys, "campaign", "rest", broken_ripley, "stretch")
    assert member(broken_ripley, "ripley").lasting.tracks["health"] == 1


def test_fatigue_lasts_out_of_a_fight(
    tmp_path: Path, broken_ripley: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.151: fatigue stops rest healing between fights too, so it is carried
    fight = tmp_path / "g2.toml"
    ok(capsys, "campaign", "rest", broken_ripley, "stretch")
    ok(capsys, "campaign", "fight", broken_ripley, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", fight, "ail", "ripley", "fatigued")
    ok(capsys, "campaign", "writeback", broken_ripley, fight, "--yes")
    assert member(broken_ripley, "ripley").lasting.has("Fatigued")
