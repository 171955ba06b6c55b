"""The hook at the fight's end (``on_fight_end``): what the texts leave pending when a fight
ends is settled or named — never silently dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import nerv_helpers
from tests.alien_helpers import Table as AlienTable
from tests.d100_helpers import Table
from tests.eva_helpers import table
from tests.persona_helpers import RULES as PERSONA
from tests.persona_helpers import shadow, user
from tests.wrath_helpers import Table as WrathTable
from tracker import api
from tracker.contract import CLAUSES, run_clause
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.store.encounter_file import EncounterFile

ROOT = Path(__file__).resolve().parent.parent


def test_the_hook_is_in_the_api_and_its_minor_version() -> None:
    assert api.Ruleset.on_fight_end.__doc__
    assert tuple(map(int, api.API_VERSION.split(".")[:2])) >= (1, 7)


def test_basic_says_the_timed_conditions_that_end_with_the_fight(tmp_path: Path) -> None:
    # basic's campaign carries hit points only: a condition still counting rounds ends
    # with the fight, and the log says so rather than dropping it in silence
    path = tmp_path / "ford.toml"
    path.write_bytes((ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes())
    with EncounterFile(path) as play:
        play.execute("start", Dice(seed=1))
        play.execute("ail mara Frightened rounds=3", Dice(seed=1))
        said = [e.text for e in play.execute("end", Dice(seed=1))]
    assert said == [
        "Timed conditions end with the fight: Mara Frightened (3 rounds left)",
        "The fight ends after 1 round",
    ]


def test_alien_names_the_death_roll_still_owed() -> None:
    # seed 003 l.155-157: a lethal critical calls for death rolls (a failure kills); the
    # fight ending does not make the roll: the end's line names it, and the dying
    table = AlienTable()
    table.start()
    table.do("dmg ripley 4", [2, 3])
    table.do("crit ripley 23 Gut wound lethal=round")
    table.do("next")
    table.do("next")
    [line] = table.do("end")
    assert line.startswith("The fight ends after 1 round — still pending: ")
    assert "Ripley's death roll" in line
    assert "Ripley dying (death rolls go on by the timer)" in line


def test_wrath_names_the_tests_owed_and_the_unconscious_hero() -> None:
    # seed 002 "Poisoned" (l.304) and "Unconsciousness"/"Defiance Checks": a test still
    # owed, and a Hero at 0 Wounds not Stabilised, are named when the fight ends
    table = WrathTable()
    table.do("start")
    table.do("ail amelia poisoned")
    table.do("dmg kell 12")
    while table.state.current != "boy":
        table.do("next")
    table.do("next")
    [line] = table.do("end")
    assert "Sister Amelia's Toughness test (Poisoned)" in line
    assert "Trooper Kell unconscious, not Stabilised (Defiance failures 0)" in line


def test_a_plain_end_names_nothing_when_nothing_is_owed() -> None:
    table = WrathTable()
    table.do("start")
    assert table.do("end") == ["The fight ends after 1 round"]


def test_nerv_a_fall_under_way_lands_when_the_fight_ends() -> None:
    # seed 000 l.77: a faller drops a band a round and crashes at the ground — the fight
    # ending does not leave Sachiel hanging in the air: it lands, the crash with it
    table = nerv_helpers.started(nerv_helpers.pilot("carol"), nerv_helpers.angel(altitude="high"))
    table.do("fall sachiel")
    lines = table.do("end")
    assert "the fight is over, but the fall goes on: Sachiel falls to Ground" in lines
    assert "Sachiel crashes into the ground from High: Damage 50, armour ignored" in lines
    assert table.track("sachiel", "altitude") == 0
    assert "Falling" not in table.conditions("sachiel")
    assert table.state.phase == "ended"


def test_persona_a_fall_under_way_lands_when_the_fight_ends() -> None:
    # seed 004 l.88: the same fall, 200 m from High — the crash's reminder is raised
    t = Table(PERSONA, user("yu"), shadow("harpy", altitude="high"))
    t.do("start", [9, 5])
    t.do("fall harpy")
    t.do("end")
    assert t.track("harpy", "altitude") == 0
    assert t.reminders("harpy")["fall"].startswith(
        "Harpy crashes into the ground from High: 200 m of falling damage"
    )


def _pilot_on_foot() -> Table:
    t = table()
    t.do("start", [5, 2])
    t.do("eject unit01 50", [4, 7])
    assert t.who("shinji").condition("On Foot") is not None
    return t


def test_eva_asks_the_outcome_while_a_pilot_is_on_foot() -> None:
    # seed 001 l.161: "If the mission ends in defeat for the Pilot's side, and the Pilot
    # has not managed to escape, then they are considered Lost"
    t = _pilot_on_foot()
    before = t.state
    with pytest.raises(RuleError, match="'end outcome=defeat'"):
        t.do("end")
    assert t.state == before


def test_eva_a_defeat_leaves_the_pilot_on_foot_lost() -> None:
    t = _pilot_on_foot()
    [*said, line] = t.do("end outcome=defeat")
    assert "Shinji Lost (rescue in a Field Mission next turn)" in line
    assert t.who("shinji").condition("Lost") is not None
    t.do("undo")
    assert t.who("shinji").condition("Lost") is None and t.state.phase == "running"
    t.do("redo")
    assert t.who("shinji").condition("Lost") is not None and t.state.phase == "ended"


def test_eva_a_victory_loses_nobody() -> None:
    t = _pilot_on_foot()
    assert t.do("end outcome=victory") == ["The fight ends after 1 round"]
    assert t.who("shinji").condition("Lost") is None


@pytest.mark.parametrize("line", ["end outcome=maybe", "end foo=bar"])
def test_a_wrong_answer_is_refused_in_one_line(line: str) -> None:
    t = _pilot_on_foot()
    with pytest.raises(RuleError):
        t.do(line)


def test_the_contract_checks_the_end_on_every_bundled_ruleset(tmp_path: Path) -> None:
    clause = next(c for c in CLAUSES if c.name.startswith("the fight ends"))
    for ruleset in ("basic", "nerv-d100", "eva-escale", "wrath-glory", "alien-evolved",
                    "persona-d100"):  # fmt: skip
        verdict = run_clause(ruleset, clause, tmp_path / ruleset)
        assert verdict.outcome == "ok", (ruleset, verdict.why)
