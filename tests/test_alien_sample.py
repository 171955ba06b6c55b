"""The bundled alien-evolved sample plays from a file and replays to the same state."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.alien_helpers import Table
from tracker.core.dice import ScriptedDice
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import EncounterFile, load

SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "alien-operations-deck.toml"

SCRIPT = [
    ("start", [4, 7, 2, 9, 5, 3, 8]),  # Drone (1) 1, Ripley 2, Drone (2) 3, Vasquez 4 …
    ("next", []),
    ("dmg ripley 2", []),
    ("next", []),
    ("next", []),
    ("full vasquez ranged", []),
    ("auto vasquez 3", [6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 2, 2, 2, 2]),
    ("dodge hudson", []),
    ("dmg ripley 2", [3, 4]),
    ("crit ripley 34 Broken ribs effect=hurts lethal=stretch", []),
    ("firstaid ripley fail by=bishop", []),
    ("stretch", []),
]


def test_sample_plays_and_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # no GM critical table
    path = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, path)
    with EncounterFile(path) as play:
        for line, faces in SCRIPT:
            play.execute(line, ScriptedDice(faces))
        live = play.encounter.state
    again = load(path).encounter.state
    assert again == live
    assert again.initiative["drone-1"] == 1  # the sample's surprise: the Drone has card 1
    vasquez = again.combatants["vasquez"]
    assert (vasquez.track("ammo"), vasquez.track("stress")) == (4, 2)
    ripley = again.combatants["ripley"]
    assert ripley.track("health") == 1 and not ripley.condition("Broken")
    assert ripley.track("death_timer") == 1  # failed first aid: stretch -> round


def test_registry_knows_the_ruleset() -> None:
    assert load_ruleset("alien-evolved").id == "alien-evolved"


def test_views_show_health_stress_criticals_and_the_death_timer() -> None:
    table = Table()
    table.do("dmg ripley 4", [4, 5])
    table.do("crit ripley 45 Gut wound lethal=stretch")
    ripley = table.who("ripley")
    labels = [v.label for v in table.rules.track_views(ripley)]
    assert labels == ["Health", "Stress", "Death roll", "Critical injuries", "Air"]
    assert table.rules.summary(ripley) == "H 0/4 S 0 BROKEN dying/stretch"
    assert table.rules.player_summary(ripley) == "dying"
    assert table.rules.header_parts(table.state) == ["stretch 0", "shift 0"]


def test_status_lines_show_cards_and_actions_left() -> None:
    table = Table()
    table.do("start", [4, 7, 2, 9, 5])
    table.do("full bishop ranged")
    lines = table.rules.status_lines(table.who("bishop"), table.state)
    assert lines[0] == "Card 2"
    assert lines[1] == "Actions left: 1 quick"
    drone = table.rules.status_lines(table.who("drone"), table.state)
    assert drone[0] == "Cards 5, 9"


def test_reminder_actions_run() -> None:
    table = Table()
    table.do("crit ripley 22 Torn artery lethal=round")
    table.do("stretch")  # a stretch is many rounds: the round timer calls a death roll
    table.start()
    table.do("next")  # Ripley's turn ends after Bishop's: a second death roll is due
    table.do("next")
    reminder, _second = table.state.reminders
    label, line = table.rules.reminder_actions(reminder)[1]
    assert label == "Passed"
    table.do(line)
    assert table.who("ripley").track("death_saves") == 1
