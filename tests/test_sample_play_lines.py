"""The Wrath & Glory and Alien samples say how to play them in their opening comment
("Play: `tracker do FILE start`, …"); each command there runs as it says, whatever the
dice deal. The Alien one began with Vasquez firing on a drone's card (refused: not her
turn), the W&G one had Amelia attack on Kell's turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tracker.core.dice import Dice
from tracker.core.session import Encounter
from tracker.store.encounter_file import load

SAMPLES = Path(__file__).resolve().parent.parent / "encounters"
COMMAND = re.compile(r"`tracker do FILE ([^`]+)`")
LATER = re.compile(r"on (.+?)'s card")
"""Where the comment waits for someone's card: ``on Pvt. Vasquez's card``."""


def play_comment(path: Path) -> str:
    """The opening comment's "Play:" sentence, its lines joined."""
    lines = path.read_text(encoding="utf-8").splitlines()
    text = " ".join(line.removeprefix("#").strip() for line in lines if line.startswith("#"))
    found = re.search(r"Play:(.*?`)\.(\s|$)", text)  # up to the full stop after a command
    assert found is not None, f"{path.name} has no Play: sentence"
    return found[1]


TURN_VERBS = ("attack", "full", "quick", "auto", "option")
"""Commands a combatant makes on their own turn: the sample shows them made by the one acting."""


def run(encounter: Encounter, line: str, dice: Dice) -> None:
    verb, *args = line.split()
    if verb in TURN_VERBS:
        acting = encounter.state.acting
        assert acting is not None and acting.id == args[0], f"'{line}' is not on its turn"
    encounter.run(" ".join(line.split()), dice)


def until_turn_of(encounter: Encounter, name: str, dice: Dice) -> None:
    for _ in range(40):
        acting = encounter.state.acting
        if acting is not None and acting.name == name:
            return
        encounter.run("next", dice)
    raise AssertionError(f"{name}'s turn never came")


@pytest.mark.parametrize("sample", ["wrath-ork-boarding", "alien-operations-deck"])
@pytest.mark.parametrize("seed", [1, 7, 23])
def test_the_play_line_of_the_sample_runs_as_its_comment_says(sample: str, seed: int) -> None:
    path = SAMPLES / f"{sample}.toml"
    sentence = play_comment(path)
    now, _, later = sentence.partition("; on ")
    encounter = load(path).encounter
    dice = Dice(seed=seed)
    for line in COMMAND.findall(now):
        run(encounter, line, dice)
    if later:
        waiting = LATER.search("on " + later)
        assert waiting is not None
        until_turn_of(encounter, waiting[1], dice)
        for line in COMMAND.findall(later):
            run(encounter, line, dice)
    assert encounter.state.phase == "running"
