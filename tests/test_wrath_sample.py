"""The bundled wrath-glory sample plays from a file and replays to the same state."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.wrath_helpers import RULES, Table
from tracker.core.dice import ScriptedDice
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import EncounterFile, load

SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "wrath-ork-boarding.toml"

SCRIPT = [
    ("start", []),
    # Kell: 7 dice, 5 icons vs Defence 2 -> 1 Shift -> 1 bonus damage die (3): 3 Wounds
    ("attack kell boy-1 agility+ballistic_skill ranged dmg=10", [6, 6, 4, 1, 2, 1, 1, 3]),
    ("next", []),
    # Nob: DR 5 + Str 6 + 1 (bonus die 4) = 12 vs 8: 4 Wounds; Soak 4d: 3 icons, 3 negated
    ("attack nob amelia weapon_skill melee dmg=5 soak", [6, 5, 4, 4, 4, 6, 4, 1, 1]),
    ("next amelia", []),
    ("option amelia aim", []),
    ("test amelia toughness dn=3 bank", [6, 6, 6, 6]),
    ("next", []),
    ("hold", []),
    ("dmg kell 20", []),
    ("undo", []),
]


def test_sample_plays_and_replays(tmp_path: Path) -> None:
    path = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, path)
    with EncounterFile(path) as play:
        for line, faces in SCRIPT:
            play.execute(line, ScriptedDice(faces))
        live = play.encounter.state
    again = load(path).encounter.state
    assert again == live
    # Kell's Wrath 6, Amelia's Wrath 6 and her banked Shift; the Nob's 6 gives no Glory
    assert again.tracks["glory"] == 3
    assert again.combatants["boy-1"].track("wounds") == 3
    amelia = again.combatants["amelia"]
    assert (amelia.track("wounds"), amelia.track("shock")) == (7, 2)
    assert again.combatants["kell"].track("wounds") == 6  # the 20 was undone


def test_registry_knows_the_ruleset() -> None:
    assert load_ruleset("wrath-glory").id == "wrath-glory"


def test_views_show_shock_wounds_and_defiance_failures() -> None:
    # seed 002 l.263: a Defiance Check of 2 or 3 is one failure, shown beside Shock and Wounds
    table = Table()
    table.do("dmg kell 12")
    table.do("defiance kell", [3])
    kell = table.who("kell")
    labels = [(v.label, v.value) for v in RULES.track_views(kell)]
    assert labels[:3] == [("Shock", 5), ("Wounds", 0), ("Defiance failures", 1)]
    assert RULES.summary(kell) == "S 5/5 W 0/6 ✗1"
    assert RULES.player_summary(kell) == "unconscious"
    table.do("dmg nob 11")
    assert RULES.player_summary(table.who("nob")) == "wounded"
    assert RULES.header_parts(table.state) == ["Glory 0"]


def test_reminder_actions_are_commands_that_resolve_the_reminder() -> None:
    table = Table()
    table.do("start")
    table.do("dmg kell 12")
    while table.state.current != "kell" or table.state.round == 1:
        table.do("next")
    (reminder,) = table.state.reminders
    label, line = RULES.reminder_actions(reminder)[1]
    assert "Wrath" in label
    table.do(line, [5])
    assert not table.state.reminders
    assert table.who("kell").status == "active"  # Kell has Wrath 2 by default: 5+1 = 6


def test_status_lines_show_defence_modifiers_and_glory() -> None:
    # seed 002 l.88-89: "A sprinting character suffers -2 Defence" (Defence 3 - 2 = 1)
    table = Table()
    table.do("start")
    table.do("option kell sprint")
    lines = RULES.status_lines(table.who("kell"), table.state)
    assert lines[0].startswith("Defence 1 (-2 Sprint)")
    assert any(line.startswith("Glory 0") for line in lines)
