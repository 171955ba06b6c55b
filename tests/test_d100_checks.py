"""The one d100 test every d100 ruleset rolls: target, degrees and the sum in the log."""

from __future__ import annotations

from tracker.core.dice import ScriptedDice
from tracker.core.draft import Draft
from tracker.core.model import Combatant, EncounterState
from tracker.core.session import now_utc
from tracker.rules.d100.checks import Modifier, judge, roll_test


class Steps:
    """Tables with a degree step of 10 (seed 000 l.60; seed 001 and 004 alike)."""

    def number(self, section: str, key: str) -> int:
        return 10


def test_a_degree_per_full_ten_of_margin_and_none_below_ten() -> None:
    # seed 000: "each full 10 points ... is one Degree"; a 0-degree pass is a pass.
    assert judge(Steps(), 25, 50).degrees == 2
    assert judge(Steps(), 50, 50).passed and judge(Steps(), 50, 50).degrees == 0
    assert judge(Steps(), 71, 50).words == "failed by 2 DoF"


def test_the_log_shows_every_named_modifier_and_the_target() -> None:
    fighter = Combatant(id="rei", name="Rei")
    draft = Draft(EncounterState(combatants={"rei": fighter}), now_utc())
    mods = [Modifier(20, "+2 Advantage"), Modifier(-10, "-10 Dizzy"), Modifier(0, "+0 none")]
    result = roll_test(
        draft, ScriptedDice([38]), Steps(), fighter, "Physique", 30, mods, "shake-off"
    )
    assert result.target == 40 and result.passed
    assert draft.events[-1].text == (
        "Rei shake-off: d100 38 vs Physique 30 +2 Advantage -10 Dizzy = 40: passed with 0 DoS"
    )
