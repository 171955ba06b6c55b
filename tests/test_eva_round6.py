"""eva-escale, rules as written round six: one attack that hits several targets.

Rules from ../shared/seeds/001_4a06b4925a00c8d1.txt ("seed 001"), cited by section.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.d100_helpers import Table
from tests.eva_helpers import RULES, angel, soldier, table
from tracker.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_degrees_of_success_replace_a_die_on_one_hit_only() -> None:
    # seed 001, Attacking, Step Five: "you may replace a single damage die result with the
    # Degrees of Success you gained from the Attack Test. If your attack was one that
    # generated multiple hits, only one of these attacks may have their damage die result
    # replaced with DoS." Ramiel's blast hits Kaji and Misato in one command: the 8 DoS
    # replace Kaji's 2, not Misato's 3.
    fight = table(soldier("kaji"), soldier("misato"), angel())
    fight.do("start", [9, 5, 1])
    lines = fight.do("dmg kaji,misato 1d10+4 dos=8 by=ramiel", [2, 3])
    assert (
        "Kaji: damage 1d10+4 [2] (DoS 8 replaces the 2) = 12 vs Soak 5 (TB 3 + AP 2): 7 wounds"
        in (lines)
    )
    assert "DoS replace a damage die on one hit of an attack only (the first target's)" in lines
    assert "Misato: damage 1d10+4 [3] = 7 vs Soak 5 (TB 3 + AP 2): 2 wounds" in lines
    assert fight.track("kaji", "wounds") == 3
    assert fight.track("misato", "wounds") == 8


def test_one_target_still_takes_its_degrees_of_success() -> None:
    # seed 001, Step Five: a single hit may have its die replaced.
    fight = table(soldier("kaji"), soldier("misato"), angel())
    fight.do("start", [9, 5, 1])
    fight.do("dmg kaji 1d10+4 dos=8 by=ramiel", [2])
    fight.do("dmg misato 1d10+4 dos=8 by=ramiel", [3])
    assert fight.track("kaji", "wounds") == 3
    assert fight.track("misato", "wounds") == 3


def test_a_delayed_turn_gets_no_fresh_actions() -> None:
    # seed 001, Structured Time: "Each character gets one Turn per Round … A character may
    # perform either one Full Action or two Half Actions a turn." Kaji moves (a Full
    # Action), delays, then acts: the turn goes on, with nothing left to spend.
    fight = table(soldier("kaji"), soldier("misato"), angel())
    fight.do("start", [9, 5, 1])
    fight.do("act kaji move full")
    fight.do("delay kaji")
    assert "Kaji goes on with the turn begun this round (one turn a round)" in fight.do("act kaji")
    assert fight.track("kaji", "half") == 0
    assert "Half Action" in fight.refused("act kaji standard attack half")


def _rounds_left(fight: Table) -> int:
    """The rounds Kaji's Pinned has left."""
    held = fight.who("kaji").condition("Pinned")
    assert held is not None
    return held.rounds


def test_a_duration_counts_down_once_through_prev() -> None:
    # seed 001, Structured Time ("Start/End of Character's Turn"): an effect of 2 rounds on
    # Kaji counts down at the end of his turn, once — 'prev' and 'next' again do not count
    # that end twice.
    fight = table(soldier("kaji"), soldier("misato"), angel())
    fight.do("start", [9, 5, 1])
    fight.do("ail kaji Pinned rounds=2")
    fight.do("next")
    assert _rounds_left(fight) == 1
    fight.do("prev")
    fight.do("next")
    assert _rounds_left(fight) == 1


def test_the_docs_add_examples_join_their_director_s_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 001, Directors: "When a Director is chosen, they may choose to be in charge of a
    # particular set of units" — their own side's. docs/rulesets/eva-escale.md's `add`
    # examples, typed into the sample (Misato, a PC, is its Supreme Commander), bring the
    # Tanks and Unit-00 in on Misato's side, not as enemies she commands.
    doc = (ROOT / "docs" / "rulesets" / "eva-escale.md").read_text(encoding="utf-8")
    examples = re.findall(r"`(add [^`]+)`", " ".join(doc.split()))
    assert [e.split()[1] for e in examples[:2]] == ["Tanks", "Unit-00"]
    path = tmp_path / "yashima.toml"
    path.write_bytes((ROOT / "encounters" / "eva-escale-ramiel.toml").read_bytes())
    for example in examples[:2]:
        assert main(["do", str(path), *example.split()]) == 0
        assert "joins the fight (PC)" in capsys.readouterr().out


def test_the_status_pane_does_not_show_spent_actions_before_the_first_turn() -> None:
    # seed 001, Actions: "a character may perform one Full Action per Turn … two Half
    # Actions per Turn" — Misato's come with her first turn; before it, none are spent.
    fight = table(soldier("kaji"), soldier("misato"), angel())
    fight.do("start", [9, 5, 1])
    assert "Half Actions 2 from the first turn · Reaction ready" in RULES.status_lines(
        fight.who("misato"), fight.state
    )
