"""Tab after ``tracker do FILE WORD`` reads the combatants' ids from the file's head and
its ``combatant.added`` blocks: it loaded and replayed the whole fight (0.3 s on a
5,000-event one), now no event is folded, and the ids are the ones a full load gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.ui_helpers import basic_file
from tracker.cli.completion import complete_words
from tracker.core import session
from tracker.core.dice import Dice
from tracker.store import encounter_load
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.roster_glance import glance

STEPS = st.lists(st.sampled_from(["add", "undo", "redo", "next", "dmg"]), max_size=12)


def played(path: Path, steps: list[str]) -> Path:
    """Start the fight at ``path`` and run ``steps`` (adds, undos, redos …)."""
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=1))
        for number, step in enumerate(steps):
            line = {"add": f"add Rat{number} hp=3", "dmg": "dmg orc 1"}.get(step, step)
            try:
                gm.execute(line, Dice(seed=number))
            except Exception:  # nothing to undo or redo: the GM is told, nothing written
                pass
    return path


def test_completing_an_id_folds_no_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(basic_file(tmp_path), ["add", "next", "add", "undo", "dmg"] * 20)
    folded: list[int] = []
    real = session.replay

    def counted(initial: Any, events: Any, *rest: Any) -> Any:
        folded.append(len(events))
        return real(initial, events, *rest)

    def no_load(*args: object, **kwargs: object) -> None:
        raise AssertionError("the completion loaded the whole fight")

    monkeypatch.setattr(session, "replay", counted)
    monkeypatch.setattr(encounter_load, "load", no_load)
    assert complete_words(["line", "do", str(path), "dmg"]) == 0
    said = capsys.readouterr().out.split()
    assert sum(folded) == 0
    assert said[:5] == [".", "ann", "bo", "gob", "orc"] and "rat0" in said
    assert "rat3" not in said  # added, then undone


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_the_ids_are_those_a_full_load_gives(tmp_path: Path, steps: list[str]) -> None:
    folder = tmp_path / f"f{abs(hash(tuple(steps)))}"
    folder.mkdir(exist_ok=True)
    path = played(basic_file(folder), steps)
    assert set(glance(path).ids) == set(load(path).encounter.state.combatants)
