"""A ruleset's own ``break_tie`` places the tied through ``tracker.api``: the guide offered
the hook, but the tiebreak number could only be recorded by importing the core's events
(``draft.emit(ev.InitiativeSet, …)``), which a package of its own may not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run
from tracker import api
from tracker.core.dice import Dice
from tracker.core.session import Encounter
from tracker.store.encounter_file import EncounterFile


def test_a_break_tie_of_ones_own_orders_the_tied_by_its_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tie.toml"
    assert run(capsys, "new", str(path), "--ruleset", "basic")[0] == 0
    for name in ("Ann", "Bo", "Cy"):
        assert run(capsys, "do", str(path), "add", name, "hp=5")[0] == 0
        assert run(capsys, "do", str(path), "init", name.casefold(), "10")[0] == 0
    scores = {"ann": 1, "bo": 3, "cy": 2}  # a score of the game's own: highest first

    def break_tie(draft: api.Draft, tied: list[str], dice: api.DiceLike) -> None:
        for slot in tied:
            api.tie_broken(draft, slot, scores[slot])
        api.say(draft, "Ties go to the higher score")

    with EncounterFile(path) as play:
        fight: Encounter = play.encounter
        monkeypatch.setattr(fight.rules, "break_tie", break_tie)
        play.execute("start", Dice(seed=1))
        assert fight.state.order == ("bo", "cy", "ann")
        assert fight.state.tiebreak == {"ann": 1, "bo": 3, "cy": 2}
