"""Stats may be dice at ``add`` (issue 31): ``add Goblin hp=1d6`` rolls once, the roll is
in the log, and undo, redo and replay give the same number (the result is in the
journal); a bad dice expression is refused in one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.cli import main
from tracker.core.dice import Dice, ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.fold import replay
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import EncounterFile


def _fight() -> Encounter:
    rules = load_ruleset("basic")
    return Encounter(EncounterState(title="Ford", ruleset="basic"), rules)


def test_a_stat_written_as_dice_is_rolled_and_the_roll_is_logged() -> None:
    fight = _fight()
    events = fight.run("add Goblin hp=2d6+1 init=2", ScriptedDice([3, 5]))
    goblin = fight.state.combatant("goblin")
    assert goblin.track("hp") == 9 and goblin.limits["hp"] == 9
    assert goblin.stats["init"] == 2
    assert events[0].text == "Goblin joins the fight (enemy): hp 2d6+1 = 9 [3, 5]"


def test_undo_redo_and_replay_never_roll_again() -> None:
    fight = _fight()
    fight.run("add Goblin hp=1d6", ScriptedDice([4]))
    no_dice = ScriptedDice([])  # rolling again would run out of faces
    fight.run("undo", no_dice)
    assert "goblin" not in {c.id for c in fight.state.active}
    fight.run("redo", no_dice)
    assert fight.state.combatant("goblin").track("hp") == 4
    assert replay(fight.initial, fight.events) == fight.state


@pytest.mark.parametrize("bad", ["1d0", "2d6+", "d", "1d6x", "0d6", "1001d6"])
def test_a_bad_dice_stat_is_refused_in_one_line(bad: str) -> None:
    fight = _fight()
    with pytest.raises(RuleError) as refused:
        fight.run(f"add Goblin hp={bad}", Dice(seed=1))
    assert "\n" not in str(refused.value) and f"hp={bad}" in str(refused.value)
    assert fight.events == []


@settings(max_examples=40, deadline=None)
@given(sides=st.integers(2, 20), seed=st.integers(0, 10_000))
def test_the_rolled_stat_is_a_face_of_the_die_and_replays_alike(sides: int, seed: int) -> None:
    fight = _fight()
    fight.run(f"add Goblin hp=1d{sides}", Dice(seed=seed))
    hp = fight.state.combatant("goblin").track("hp")
    assert 1 <= hp <= sides
    assert replay(fight.initial, fight.events).combatant("goblin").track("hp") == hp


def test_the_cli_takes_the_faces_with_dice_and_refuses_bad_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ford.toml"
    assert main(["new", str(path), "--ruleset", "basic"]) == 0
    capsys.readouterr()
    assert main(["do", "--dice", "2,6", str(path), "add", "Orc", "hp=2d8"]) == 0
    assert capsys.readouterr().out == "Orc joins the fight (enemy): hp 2d8 = 8 [2, 6]\n"
    before = path.read_bytes()
    assert main(["do", str(path), "add", "Troll", "hp=3d"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hp=3d" in err and "Traceback" not in err
    assert path.read_bytes() == before
    play = EncounterFile(path)
    try:
        assert play.encounter.state.combatant("orc").track("hp") == 8  # read back, not rolled
    finally:
        play.close()
