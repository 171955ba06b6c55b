"""What players may see, as pure data: allies in full, others in words, the hidden absent,
and the log with every non-ally's numbers guarded unless the encounter says reveal."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.conftest import basic_encounter
from tracker.core.dice import Dice
from tracker.core.model import Condition, Injury, evolve
from tracker.core.session import Encounter
from tracker.export.player_log import player_log
from tracker.export.player_view import PlayerRow, player_board, reveals
from tracker.rules.registry import load_ruleset

DIGIT = re.compile(r"\d")
RULES = load_ruleset("basic")


def fought() -> Encounter:
    """Ann and Bo (pcs) against a Goblin (7 HP) and an Orc (15 HP): one hit each way."""
    fight = basic_encounter()
    dice = Dice(seed=3)
    for line in (
        "start",
        "dmg orc 6",
        "dmg ann 4",
        "gm-note the orc flees at 5 HP",
        "note Bo's player arrives late",
    ):
        fight.run(line, dice)
    return fight


def row(fight: Encounter, cid: str, reveal: bool = False) -> PlayerRow:
    board = player_board(fight.state, RULES, reveal)
    return next(r for r in board.rows if r.slot == cid)


def texts(fight: Encounter, reveal: bool = False) -> list[str]:
    lines = player_log(fight.initial, fight.events, RULES, reveal)
    return [line.text for line in lines]


def test_allies_are_shown_in_full() -> None:
    fight = fought()
    ann = row(fight, "ann")
    assert ann.health == "HP 8/12"
    assert ann.initiative != ""
    assert "HP 8/12" in " ".join(ann.details)


def test_enemies_are_words_without_numbers() -> None:
    fight = fought()
    orc = row(fight, "orc")
    # basic ruleset's player words: 9 of 15 HP is "wounded" (more than half left)
    assert orc.health == "wounded"
    assert orc.initiative == "" and orc.details == ()
    for shown in (orc.health, *orc.ailments, *orc.details):
        assert not DIGIT.search(shown)


def test_enemy_injuries_and_ailments_by_name_only() -> None:
    fight = fought()
    orc = fight.state.combatant("orc")
    hurt = evolve(
        orc,
        injuries=(Injury("left leg", 7, "Torn tendon", "limps"),),
        conditions=(Condition("Burning", "physical", rounds=2, level=3),),
    )
    state = evolve(fight.state, combatants={**fight.state.combatants, "orc": hurt})
    board = player_board(state, RULES)
    shown = next(r for r in board.rows if r.slot == "orc")
    assert shown.ailments == ("Burning",)
    assert shown.details == ("Injuries: left leg: Torn tendon",)
    ally = evolve(state.combatant("ann"), conditions=(Condition("Burning", level=3),))
    state = evolve(state, combatants={**state.combatants, "ann": ally})
    ann = next(r for r in player_board(state, RULES).rows if r.slot == "ann")
    assert ann.ailments == ("Burning 3",)


def test_reveal_shows_enemy_numbers() -> None:
    fight = fought()
    assert row(fight, "orc", reveal=True).health == "HP 9/15"
    assert reveals({"encounter": {"reveal": True}})
    assert not reveals({"encounter": {"title": "x"}})


def test_hidden_combatants_have_no_row_and_no_turn() -> None:
    fight = fought()
    acting = fight.state.current
    assert acting is not None
    fight.run(f"hide {acting}", Dice(seed=1))
    board = player_board(fight.state, RULES)
    name = fight.state.combatant(acting).name
    assert acting not in [r.slot for r in board.rows]
    assert board.acting == "" and not any(name in part for part in board.where)
    assert board.where == ("Round 1",)


def test_the_log_guards_enemy_numbers() -> None:
    log = texts(fought())
    assert "Orc: HP 15 → 9" not in log
    assert "Orc: wounded" in log
    assert "Ann: HP 12 → 8" in log  # an ally's numbers stay
    assert not [t for t in log if "Orc" in t and DIGIT.search(t)]


def test_the_log_with_reveal_is_as_written() -> None:
    log = texts(fought(), reveal=True)
    assert "Orc: HP 15 → 9" in log
    assert "the orc flees at 5 HP" not in log


def test_gm_notes_are_absent_and_table_notes_stay() -> None:
    log = texts(fought())
    assert not [t for t in log if "flees" in t]
    assert "Bo's player arrives late" in log


def test_the_words_line_appears_only_when_the_words_change() -> None:
    fight = fought()
    fight.run("dmg orc 1", Dice(seed=1))  # 8 of 15: still "wounded"
    assert texts(fight).count("Orc: wounded") == 1
    fight.run("dmg orc 2", Dice(seed=1))  # 6 of 15: "badly hurt"
    assert texts(fight)[-1] == "Orc: badly hurt"


def test_someone_hidden_now_vanishes_from_the_whole_log() -> None:
    fight = fought()
    assert [t for t in texts(fight) if "Goblin" in t]
    fight.run("hide gob", Dice(seed=1))
    assert not [t for t in texts(fight) if "Goblin" in t]
    fight.run("reveal gob", Dice(seed=1))
    assert [t for t in texts(fight) if "Goblin" in t]


def test_undone_lines_are_absent() -> None:
    fight = fought()
    fight.run("dmg orc 7", Dice(seed=1))
    assert "Orc: badly hurt" in texts(fight)
    fight.run("undo", Dice(seed=1))
    assert "Orc: badly hurt" not in texts(fight)


def test_what_players_may_see_is_decided_without_textual() -> None:
    code = (
        "import sys, tracker.store.follow, tracker.export.player_view, "
        "tracker.export.player_log\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"
