"""A fall the GM types (``down WHO``, ``dead WHO``, the table's keys) sets off what the
ruleset's own damage sets off: the ``on_status_set`` hook (tracker.api 1.5).

nerv-d100 (seed 000): "Witnessing an important ally (ie. One with fate points) be
defeated" (l.382) and "Being the only important Eva pilot left in a battle against an
Angel" (l.386) are Fear triggers. eva-escale (seed 001 l.136): "When a Construct is
defeated and the pilot ejects, roll on the chart below".
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import ok
from tracker.api import API_VERSION, Ruleset
from tracker.core.model import EncounterState
from tracker.store.encounter_file import load

ENCOUNTERS = Path(__file__).resolve().parents[1] / "encounters"


def played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, sample: str, *lines: str
) -> EncounterState:
    """A copy of a bundled sample after ``start`` and ``lines``."""
    path = tmp_path / sample
    shutil.copyfile(ENCOUNTERS / sample, path)
    for line in ("start", *lines):
        ok(capsys, "do", path, *line.split())
    return load(path).encounter.state


def reminded(state: EncounterState, who: str) -> dict[str, str]:
    """Open reminders about ``who``: key → text."""
    return {r.key: r.text for r in state.reminders_for(who)}


@pytest.mark.parametrize("verb", ["down", "dead"])
def test_nerv_the_gm_s_fall_is_a_fear_trigger(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, verb: str
) -> None:
    """Unit-01 (Fate 2) typed down or dead: Rei and Unit-02 see an important ally fall
    (l.382); Unit-02 is the only important Eva left against Sachiel (l.386)."""
    state = played(capsys, tmp_path, "nerv-sachiel.toml", f"{verb} unit-01")
    assert "sees Unit-01 (Shinji), an important ally, fall" in reminded(state, "rei")["fear:ally"]
    unit02 = reminded(state, "unit-02")
    assert "fear:ally" in unit02
    assert "the only important Eva pilot left against Sachiel" in unit02["fear:alone"]
    assert "fear:ally" not in reminded(state, "sachiel")  # an Angel feels no Fear


def test_nerv_each_trigger_is_faced_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Once a trigger is faced, pass or fail, it does not come again this fight (l.380):
    Rei, reminded at Unit-01's fall and her test made, is not reminded at Unit-02's."""
    state = played(
        capsys,
        tmp_path,
        "nerv-sachiel.toml",
        "down unit-01",
        "dismiss rei fear:ally",
        "down unit-02",
        "dead unit-01",
    )
    assert "fear:ally" not in reminded(state, "rei")


def test_nerv_a_fall_of_someone_unimportant_sets_off_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Sachiel (an enemy, no Fate) typed down: nobody of the party is reminded."""
    state = played(capsys, tmp_path, "nerv-sachiel.toml", "down sachiel")
    assert not [r for r in state.reminders if r.key.startswith("fear")]


def test_eva_a_construct_typed_down_ejects_its_pilot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``down unit-01`` is a defeat: Shinji must eject, as ``defeat unit-01`` says."""
    state = played(capsys, tmp_path, "eva-escale-ramiel.toml", "down unit-01")
    assert "its pilot ejects" in reminded(state, "unit-01")["eject"]
    (tmp_path / "b").mkdir()
    other = played(capsys, tmp_path / "b", "eva-escale-ramiel.toml", "down shinji")
    assert "eject" not in reminded(other, "unit-01")  # the pilot fell, not the construct


def test_the_hook_is_optional_and_versioned() -> None:
    """A ruleset that does not override it reacts to nothing; 1.5 added it."""
    assert Ruleset.on_status_set.__doc__ and tuple(map(int, API_VERSION.split(".")[:2])) >= (1, 5)


def test_wrath_a_hero_typed_dead_owes_no_defiance_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Hero hurt at 0 Wounds owes a Defiance Check; typed dead, it is settled (seed 002
    "Unconsciousness": three failures and the Hero dies — no check after death)."""
    state = played(capsys, tmp_path, "wrath-ork-boarding.toml", "wound amelia 8", "wound amelia 1")
    assert "defiance" in reminded(state, "amelia")
    (tmp_path / "b").mkdir()
    state = played(
        capsys,
        tmp_path / "b",
        "wrath-ork-boarding.toml",
        "wound amelia 8",
        "wound amelia 1",
        "dead amelia",
    )
    assert reminded(state, "amelia") == {}


def test_alien_a_dying_pc_typed_dead_rolls_no_more(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Hudson dying of a lethal critical (a death roll every round, seed 003 l.155-157),
    typed dead: the timer and Dying end, as a failed death roll ends them."""
    state = played(
        capsys,
        tmp_path,
        "alien-operations-deck.toml",
        "crit hudson 61 Punctured lethal=round",
        "dead hudson",
    )
    hudson = state.combatants["hudson"]
    assert hudson.condition("Dying") is None and hudson.track("death_timer") == 0
