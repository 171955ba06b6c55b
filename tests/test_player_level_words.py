"""An ally's ailment on the players' page and view is said in its ruleset's words, as
the GM's screen says it: nerv's Burning after a failed shake-off is "Burning ×1 failed"
(the page read "Burning 1", as if it burned for 1), a plain level is "Hindered 2"."""

from __future__ import annotations

from pathlib import Path

from tests.player_helpers import copy_sample
from tracker.core.model import Condition, evolve
from tracker.export.player_view import player_board
from tracker.store.encounter_file import load


def test_an_allys_levels_in_the_rulesets_words(tmp_path: Path) -> None:
    loaded = load(copy_sample("nerv-sachiel.toml", tmp_path))
    state, rules = loaded.encounter.state, loaded.rules
    pc = next(c for c in state.combatants.values() if c.side == "pc" and not c.hidden)
    held = (Condition("Burning", "Physical", level=1), Condition("Hindered", level=2))
    state = evolve(state, combatants={**state.combatants, pc.id: evolve(pc, conditions=held)})
    shown = next(r for r in player_board(state, rules).rows if r.slot == pc.id)
    assert shown.ailments == ("Burning ×1 failed", "Hindered 2")
