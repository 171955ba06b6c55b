"""The shared ``ail`` (a ruleset's ``condition_verbs``) takes a condition's level as it
takes its rounds (``ail mara Burning level=2 rounds=3``: the badge reads ``Burning 2``),
and an option it does not know is refused in one line naming what it takes — ``level=2``
or a typo (``rouds=2``) was dropped in silence, and the GM believed it recorded. So are
basic's ``cure``, ``dmg`` and ``heal``, which take none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tracker.core.errors import RuleError
from tracker.store.encounter_file import EncounterFile

SAMPLE = "basic-bandits-at-the-ford.toml"


def condition_of(path: Path, who: str, name: str) -> tuple[int, int]:
    """(level, rounds) of ``who``'s condition ``name``, as the file replays."""
    with EncounterFile(path) as gm:
        held = gm.encounter.state.combatant(who).condition(name)
    assert held is not None, name
    return held.level, held.rounds


def test_a_level_is_recorded_and_said(tmp_path: Path) -> None:
    path = copy_sample(SAMPLE, tmp_path)
    play(path, "start")
    said = play(path, "ail mara Burning level=2 rounds=3")
    assert said == ["Mara is Burning 2 for 3 rounds"]
    assert condition_of(path, "mara", "Burning") == (2, 3)


@pytest.mark.parametrize(
    ("line", "wrong"),
    [
        ("ail mara Prone rouds=2", "rouds=2"),
        ("ail mara Prone levle=1", "levle=1"),
        ("ail mara Prone sorce=tobin", "sorce=tobin"),
        ("cure mara Prone rounds=2", "rounds=2"),
        ("dmg mara 2 pirce=1", "pirce=1"),
        ("heal mara 1 by=tobin", "by=tobin"),
        ("dmg mara,tobin 2 x=1", "x=1"),
    ],
)
def test_an_option_it_does_not_take_is_refused(tmp_path: Path, line: str, wrong: str) -> None:
    path = copy_sample(SAMPLE, tmp_path)
    play(path, "start", "ail mara Prone")
    before = path.read_bytes()
    with pytest.raises(RuleError) as refused:
        play(path, line)
    text = str(refused.value)
    assert wrong in text and "\n" not in text, text
    assert f"'{line.split()[0]}' has no option" in text, text
    assert path.read_bytes() == before


def test_a_level_below_zero_is_refused(tmp_path: Path) -> None:
    path = copy_sample(SAMPLE, tmp_path)
    play(path, "start")
    with pytest.raises(RuleError, match="level"):
        play(path, "ail mara Burning level=-1")
