"""One ``record_roll`` builds every dice roll a ruleset records: the journal it writes is
the one the hand-built events wrote. The files under ``fixtures/rolls/`` were played with
the code before ``record_roll`` (same samples, same commands, same seed); played again
now, every event reads the same but for its time."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tracker.core.codec import to_table
from tracker.core.dice import Dice
from tracker.core.model import Combatant, evolve
from tracker.store.encounter_file import EncounterFile, load

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "rolls"
SAMPLES = Path(__file__).resolve().parent.parent / "encounters"
PLAYS = {
    "nerv-sachiel": ["start", "dmg sachiel 12", "dmg rei 30", "roll 2d6", "next"],
    "wrath-ork-boarding": ["start", "attack amelia nob 6 melee dmg=10", "roll 3d6", "next"],
    "alien-operations-deck": ["start", "panic ripley", "crit vasquez", "roll 2d6", "next"],
    "eva-escale-ramiel": ["start", "dmg ramiel 30", "eject unit-01 roll", "roll 1d100"],
}


HEDGED = re.compile(r"(\d+) (\w+)\((e?s)\)")
"""A count the fixtures' texts hedged (``3 icon(s)``): they were played before counts
read as words."""


def worded(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with its text's hedged counts read as words, as play writes them now."""
    if "text" not in table:
        return table
    text = HEDGED.sub(lambda m: f"{m[1]} {m[2]}" + ("" if m[1] == "1" else m[3]), table["text"])
    return {**table, "text": text}


def without_later_rules(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` without those a rule added since the fixtures were played (eva-escale's
    mark that a horde was commanded this round, seed 001 'Hordes'; the d100 rulesets'
    marks of the round a turn began and ended in, one turn a round), numbered again."""
    marks = ("commanded", "turn@began", "turn@ended")
    later = [e["seq"] for e in events if e.get("track") in marks]
    kept = [e for e in events if e["seq"] not in later]

    def before(seq: int) -> int:
        return sum(1 for gone in later if gone < seq)

    return [
        {**e, "seq": e["seq"] - before(e["seq"]), "batch": e["batch"] - before(e["batch"])}
        if "batch" in e
        else {**e, "seq": e["seq"] - before(e["seq"])}
        for e in kept
    ]


def attack_unnamed(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` with a Wrath & Glory attack's action as the fixtures hold it: ``attack``
    (since round six it names its kind, ``melee attack``, seed 002 "One Combat Option")."""
    if table["type"] == "action.used" and table["action"] in ("melee attack", "ranged attack"):
        return {**table, "action": "attack"}
    return table


def tables(path: Path) -> list[dict[str, Any]]:
    """The file's events as the journal holds them, without their times."""
    return [
        {k: v for k, v in to_table(e).items() if k != "at"} for e in load(path).encounter.events
    ]


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_the_rolls_played_now_are_the_rolls_played_before(name: str, tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    shutil.copyfile(SAMPLES / f"{name}.toml", path)
    dice = Dice(seed=7)
    with EncounterFile(path) as gm:
        for line in PLAYS[name]:
            gm.execute(line, dice)
        played = gm.encounter.state
    before = [worded(t) for t in tables(FIXTURES / f"{name}.toml")]
    now = [attack_unnamed(t) for t in without_later_rules(tables(path))]
    assert [e for e in now if e["type"] == "dice.rolled"]
    assert now == before
    fixed = load(FIXTURES / f"{name}.toml").encounter.state.combatants
    assert {cid: _unnumbered(c) for cid, c in fixed.items()} == {
        cid: _unnumbered(c) for cid, c in played.combatants.items()
    }


def _unnumbered(fighter: Combatant) -> Combatant:
    """``fighter`` without the later rules' marks, without the journal numbers its
    injuries carry (the marks, left out of ``now``, shift them), and with W&G's attacks
    by their old name (``melee attack`` was ``attack``)."""
    marks = ("commanded", "turn@began", "turn@ended")
    return evolve(
        fighter,
        tracks={k: v for k, v in fighter.tracks.items() if k not in marks},
        injuries=tuple(evolve(i, seq=0) for i in fighter.injuries),
        spent=tuple("attack" if a.endswith(" attack") else a for a in fighter.spent),
    )
