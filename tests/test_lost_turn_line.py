"""A turn a condition takes away says so in the GM's log — "Slim loses the turn
(Stunned)" — as a surprised one's does; the turn was passed over without a word and the
GM wondered where Slim went. Slots passed over by design (the dead, Eva's hordes and the
pilots aboard a construct, who act with another) stay silent."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from tests.harm_ruleset import HarmOnly
from tests.installed_ruleset import fight_file
from tests.player_helpers import copy_sample, play
from tracker.api import AilmentSpec, EncounterState, Verb, by_name, condition_verbs

FIGHT = """format = 2

[encounter]
title = "The pier"
ruleset = "harm-stunned"

[[combatants]]
id = "jack"
name = "Jack"
side = "pc"

[[combatants]]
id = "slim"
name = "Slim"
"""


class HarmStunned(HarmOnly):
    """Stunned takes the bearer's turn."""

    id: ClassVar[str] = "harm-stunned"

    def verbs(self) -> Mapping[str, Verb]:
        """The shared ail and cure."""
        return by_name(condition_verbs(self))

    def catalogue(self) -> list[AilmentSpec]:
        """Dazed (no effect on turns) and Stunned."""
        return [AilmentSpec("Dazed"), AilmentSpec("Stunned", summary="loses the turn")]

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """No turn while Stunned."""
        stunned = state.combatant(slot).condition("Stunned") is not None
        return not stunned and super().takes_turn(state, slot)


RULESET = HarmStunned


@pytest.fixture
def pier(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The pier, its ruleset installed for the test."""
    return fight_file(HarmStunned, monkeypatch, tmp_path / "pier.toml", FIGHT)


def test_a_turn_a_condition_takes_is_said(pier: Path) -> None:
    play(pier, "ail slim Dazed", "ail slim Stunned", "init jack 9", "init slim 5", "start")
    said = play(pier, "next")
    assert [line for line in said if "loses the turn" in line] == ["Slim loses the turn (Stunned)"]
    play(pier, "cure slim Stunned")
    assert "Slim's turn" in play(pier, "next", "next")


def test_a_turn_passed_over_by_design_is_silent(tmp_path: Path) -> None:
    path = copy_sample("eva-escale-ramiel.toml", tmp_path)
    said = play(path, "start", *["next"] * 8)
    assert [line for line in said if "loses the turn" in line] == []
