"""alien-evolved, rules as written round four (seed 003): what a Broken character may not
do for others or with a weapon, and who may rally whom."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.alien_helpers import CARDS, Table
from tests.campaign_helpers import member, ok
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


@pytest.mark.parametrize("line", ["rally hicks 2 by=ripley", "firstaid hicks 2 by=ripley"])
def test_a_broken_character_neither_rallies_nor_gives_first_aid(line: str) -> None:
    # seed 003 l.137: the Broken perform no action but a move; rallying (a quick action,
    # l.102, 145) and first aid (a full action, l.141) are actions — even recorded out of
    # Ripley's turn. Hicks stays Broken at 0 Health.
    table = Table()
    table.start()
    assert table.state.current == "bishop"
    table.do("dmg ripley 4", [1, 2])
    table.do("dmg hicks 5", [1, 3])
    with pytest.raises(RuleError, match="Ripley is Broken"):
        table.do(line)
    assert table.who("hicks").condition("Broken") is not None
    assert table.who("hicks").track("health") == 0


def test_the_dead_help_nobody() -> None:
    # seed 003 l.157: a failed death roll kills; the dead rally no one
    table = Table()
    table.start()
    table.do("crit ripley 11 Gone lethal=instant")
    table.do("dmg hicks 5", [1, 3])
    with pytest.raises(RuleError, match="Ripley is dead"):
        table.do("rally hicks 2 by=ripley")


def test_a_broken_character_cannot_rally_themselves() -> None:
    # seed 003 "Rally" (l.145): "Another character in the same zone can try to rally you"
    table = Table()
    table.start()
    table.do("dmg hicks 5", [1, 3])
    with pytest.raises(RuleError, match="Hicks is Broken"):
        table.do("rally hicks 2 by=hicks")


@pytest.mark.parametrize("timer", ["round", "stretch"])
def test_kept_down_through_a_stretch_means_kept_down_through_a_shift(timer: str) -> None:
    # seed 003 l.149 ("On Your Own": the Broken get up after one stretch) against l.155 (a
    # death roll every turn on a round timer): read "stays-down", one dying on a round or
    # stretch timer does not get up alone. A shift is many stretches (l.24-25): it does not
    # get Ripley up either; the death roll it calls is due.
    table = Table(options={"dying_on_a_stretch": "stays-down"})
    table.start()
    table.do("dmg ripley 4", [1, 2])
    table.do(f"crit ripley 12 Gut lethal={timer}")
    lines = table.do("shift")
    assert not any("back up" in line for line in lines)
    assert table.who("ripley").condition("Broken") is not None
    assert table.who("ripley").track("health") == 0
    assert ("ripley", "deathroll") in table.reminders()


def test_read_gets_up_a_shift_still_gets_the_dying_up() -> None:
    # seed 003 l.149, the default reading: up with 1 Health, the death roll still due
    table = Table()
    table.start()
    table.do("dmg ripley 4", [1, 2])
    table.do("crit ripley 12 Gut lethal=stretch")
    assert "Ripley is back up (on their own): Health 0 → 1" in table.do("shift")
    assert ("ripley", "deathroll") in table.reminders()


@pytest.mark.parametrize(
    "line", ["full bishop ranged", "quick bishop move", "auto bishop 1", "rally hicks 1 by=bishop"]
)
def test_a_shut_down_synthetic_no_longer_operates(line: str) -> None:
    # seed 003 "Synthetics" (l.176): "Until the android suffers a system shutdown (result
    # #6), it can continue to operate" — shut down in its own turn, Bishop takes no action,
    # fires no burst and rallies nobody
    table = Table()
    table.start()
    assert table.state.current == "bishop"
    table.do("dmg hicks 5", [1, 3])
    table.do("dmg bishop 6", [6])
    table.do("crit bishop 6 Shutdown")
    with pytest.raises(RuleError, match="Bishop is shut down"):
        table.do(line, [2, 2, 2])
    assert table.who("bishop").track("ammo") == 3


def test_a_synthetic_at_zero_health_before_shutdown_still_operates() -> None:
    # seed 003 l.176: critical systems damage short of #6 leaves it operating
    table = Table()
    table.start()
    table.do("dmg bishop 6", [3])
    table.do("crit bishop 3 Sensors")
    assert table.do("full bishop ranged")[0] == "Bishop: full action — Ranged attack"


def _broken_drone_on_its_second_card() -> Table:
    """The Speed-2 Drone breaks before either card is played; it moves on the first."""
    table = Table()
    table.start()
    table.do("dmg drone 6", [1, 4])
    table.do("next")
    table.do("next")
    assert table.state.current == "drone@2"
    table.do("quick drone move")
    table.do("next")
    table.do("next")
    assert table.state.current == "drone"
    return table


def test_a_broken_creature_moves_once_a_round_not_once_a_card() -> None:
    # seed 003 "Damage" (l.137): "While broken, you can make a single move action per
    # round" — the Drone (Speed 2) moved on its first card; its second card that round
    # brings no second move
    table = _broken_drone_on_its_second_card()
    with pytest.raises(RuleError, match="Drone is Broken and has already moved this round"):
        table.do("quick drone move")


def test_the_broken_move_comes_back_next_round() -> None:
    # seed 003 l.137: one move *per round* — round 2 gives the Broken Drone its move again
    table = _broken_drone_on_its_second_card()
    table.do("next", [4, 7, 2, 9])  # round 2: the Broken Drone draws one card
    assert table.state.round == 2
    while table.state.current != "drone":
        table.do("next")
    assert table.do("quick drone move") == ["Drone: quick action — Move into an adjacent zone"]


def _dying_with_a_death_roll_due() -> Table:
    """Ripley, Broken on a round timer, has acted: her death roll is due."""
    table = Table()
    table.start()
    table.do("dmg ripley 4", [1, 2])
    table.do("crit ripley 12 Gut lethal=round")
    table.do("next")
    table.do("next")
    assert ("ripley", "deathroll") in table.reminders()
    return table


def test_first_aid_that_stabilises_closes_the_death_roll_due() -> None:
    # seed 003 "First Aid" (l.159-161): "If the roll succeeds, you are stabilized and can
    # stop making death rolls" — the reminder of the death roll due goes with the timer
    table = _dying_with_a_death_roll_due()
    table.do("firstaid ripley 2")
    assert ("ripley", "deathroll") not in table.reminders()


def test_first_aid_failed_on_a_round_timer_kills_and_leaves_no_death_roll_due() -> None:
    # seed 003 l.162: "If the time limit was already round, you perish" — no roll is left
    table = _dying_with_a_death_roll_due()
    table.do("firstaid ripley fail")
    assert table.who("ripley").status == "dead"
    assert ("ripley", "deathroll") not in table.reminders()


def test_first_aid_failed_on_a_longer_timer_keeps_the_death_roll_due() -> None:
    # seed 003 l.162: a failure shortens the timer (stretch -> round); the roll still comes
    table = Table()
    table.start()
    table.do("dmg ripley 4", [1, 2])
    table.do("crit ripley 12 Gut lethal=stretch")
    table.do("stretch")
    assert ("ripley", "deathroll") in table.reminders()
    table.do("firstaid ripley fail")
    assert ("ripley", "deathroll") in table.reminders()


def test_a_death_roll_left_unrolled_and_the_next_one_due_are_two() -> None:
    # seed 003 "Death" (l.155): "If the time limit is round, Death Roll on your every turn,
    # right after you act", and l.157 "you must make another death roll when the time limit
    # has passed again". Ripley's round-1 roll is not made before her round-2 turn ends:
    # two are due, and surviving the first leaves the second.
    table = _dying_with_a_death_roll_due()
    table.do("next")
    table.do("next")
    table.do("next", CARDS)  # round 2: Bishop 2, Ripley 4, Drone (#2) 5, Hicks 7, Drone 9
    assert table.state.round == 2
    table.do("next")
    assert table.state.current == "ripley"
    table.do("next")
    due = [key for who, key in table.reminders() if who == "ripley"]
    assert due == ["deathroll", "deathroll-2"]
    assert _actions(table, "deathroll-2")[0] == ("Roll Stamina", "deathroll ripley")
    table.do("deathroll ripley", [6, 1, 1])
    assert [key for who, key in table.reminders() if who == "ripley"] == ["deathroll-2"]
    table.do("deathroll ripley", [1, 1, 1])
    assert table.who("ripley").status == "dead"
    assert not [key for who, key in table.reminders() if who == "ripley"]


def _actions(table: Table, key: str) -> list[tuple[str, str]]:
    """The choices the table screen offers for one of the open reminders."""
    reminder = next(r for r in table.state.reminders if r.key == key)
    return table.rules.reminder_actions(reminder)


def _campaign_with_ripley_dying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *reading: str
) -> Path:
    """A campaign (with ``reading``, e.g. ``--reading dying_on_a_stretch=stays-down``) whose
    Ripley came back Broken with a lethal critical on a stretch timer."""
    path = tmp_path / "c.toml"
    fight = tmp_path / "f.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "alien-evolved", *reading)
    ok(capsys, "campaign", "add-pc", path, "Ripley", "health=4")
    ok(capsys, "campaign", "fight", path, fight)
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", "--dice", "4,4", fight, "dmg", "ripley", "4")
    ok(capsys, "do", fight, "crit", "ripley", "44", "Gut", "lethal=stretch")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


def test_a_campaign_that_keeps_the_dying_down_keeps_them_down_through_a_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149 against l.155, read "stays-down" for the campaign: Ripley, dying on a
    # stretch timer, does not get up on her own resting a stretch; the death roll the
    # stretch calls for is rolled (l.155-157) and she lingers on, still Broken at 0 Health
    path = _campaign_with_ripley_dying(
        tmp_path, capsys, "--reading", "dying_on_a_stretch=stays-down"
    )
    said = ok(capsys, "campaign", "rest", path, "stretch", "--dice", "6,1,1")
    assert "gets back up" not in said and "stays down" in said
    assert "→ success (1/3 survived)" in said
    ripley = member(path, "ripley").lasting
    assert ripley.has("Broken") and ripley.tracks["health"] == 0


def test_a_campaign_read_gets_up_lets_the_dying_up_resting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 003 l.149, the default reading: up with 1 Health after the stretch, still dying
    path = _campaign_with_ripley_dying(tmp_path, capsys)
    said = ok(capsys, "campaign", "rest", path, "stretch", "--dice", "6,1,1")
    assert "gets back up (Broken ends): Health 0 → 1 (l.149)" in said
    ripley = member(path, "ripley").lasting
    assert not ripley.has("Broken") and ripley.has("Dying")
