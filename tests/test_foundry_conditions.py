"""The conditions on an imported sheet come across: a copy joining a fight (``--into``)
has on the ruleset's own conditions of the same meaning, put on in the command that adds
it (one ``undo`` takes the actor and its conditions back); the rest are named in the
report; a bestiary block has none.

Fixtures (invented actors in the systems' real shapes):

- ``wrath-zealot-conditions-v13.json``: Ashgrave Zealot (Foundry 13, ``statuses``), 2
  Wounds taken, Prone, Hindered (2) (``flags.wrath-and-glory.value``), Frightened
  (``fear``), On Fire, Bleeding, and Exhausted the system put on itself.
- ``wrath-vey-conditions-v10.json``: Brother Kaspen Vey (Foundry 10, ``label`` and
  ``flags.core.statusId``): Vulnerable 3, Poisoned, Pinned.
- ``alien-marrow-conditions-v13.json``: Tech Ines Marrow (Foundry 13): Fatigued and
  Panicked status effects, ``general.starving`` true, 2 Radiation.
- ``alien-orrin-conditions-old.json``: Cpl. Dace Orrin (Foundry 0.8 ``data``): no
  effects, ``general.dehydrated.value`` true and ``panic.value`` "1".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES, alien_fight, on, run, wrath_fight
from tracker.cli import main
from tracker.store.encounter_file import load
from tracker.store.foundry.conditions import carried
from tracker.store.foundry.importing import plan
from tracker.store.foundry.shapes import actor_export

ZEALOT = FIXTURES / "wrath-zealot-conditions-v13.json"
VEY = FIXTURES / "wrath-vey-conditions-v10.json"
MARROW = FIXTURES / "alien-marrow-conditions-v13.json"
ORRIN = FIXTURES / "alien-orrin-conditions-old.json"


def test_a_wrath_threat_joins_prone_hindered_and_afraid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = wrath_fight(tmp_path)
    capsys.readouterr()
    code, out, err = run(capsys, str(ZEALOT), "--into", str(fight))
    assert code == 0, err
    assert on(fight, "ashgrave-zealot") == {"Prone": 0, "Hindered": 2, "Fear": 0}
    assert "Ashgrave Zealot is Hindered (2)" in out
    assert "not carried (no such condition in wrath-glory): On Fire, Bleeding" in out
    assert (
        "not put on (wrath-glory does it itself): Exhausted (it puts Exhausted on at 0 Shock)"
        in out
    )


def test_one_undo_takes_the_actor_its_harm_and_its_conditions_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = wrath_fight(tmp_path)
    assert run(capsys, str(ZEALOT), "--into", str(fight))[0] == 0
    state = load(fight).encounter.state
    assert (
        state.combatant("ashgrave-zealot").track("wounds")
        < state.combatant("ashgrave-zealot").limits["wounds"]
    )
    assert main(["do", str(fight), "undo"]) == 0
    assert "ashgrave-zealot" not in load(fight).encounter.state.combatants
    assert main(["do", str(fight), "redo"]) == 0
    assert on(fight, "ashgrave-zealot") == {"Prone": 0, "Hindered": 2, "Fear": 0}


def test_a_foundry_10_status_id_and_its_rating_come_across(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = wrath_fight(tmp_path)
    code, out, err = run(capsys, str(VEY), "--into", str(fight))
    assert code == 0, err
    assert on(fight, "brother-kaspen-vey") == {"Vulnerable": 3, "Poisoned": 0}
    assert "not carried (no such condition in wrath-glory): Pinned" in out


def test_alien_panic_and_fatigue_come_across_the_rest_are_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(MARROW), "--into", str(fight))
    assert code == 0, err
    assert set(on(fight, "tech-ines-marrow")) == {"Fatigued", "Panicking"}
    assert "not carried (no such condition in alien-evolved): Starving, Radiation 2" in out
    assert "(general.starving)" not in out and "(general.radiation)" not in out  # read, not ignored


def test_alien_flags_of_an_old_sheet_count_without_an_effect(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(ORRIN), "--into", str(fight))
    assert code == 0, err
    assert set(on(fight, "cpl-dace-orrin")) == {"Panicking"}
    assert "not carried (no such condition in alien-evolved): Dehydrated" in out


def test_a_bestiary_block_has_no_conditions_and_the_report_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(ZEALOT))
    assert code == 0, err
    assert "conditions on the sheet: Prone, Hindered (2), Frightened: a copy joining a fight" in out
    assert "a bestiary block has none" in out
    block = plan([ZEALOT]).actors[0].converted.block
    assert "conditions" not in block and "Prone" not in str(block)


def test_a_sheet_without_conditions_says_nothing_of_them() -> None:
    converted = plan([FIXTURES / "wrath-bloodletter-v13.json"]).actors[0].converted
    assert converted.conditions == ()
    assert not any("condition" in remark for remark in converted.remarks)


ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.text(max_size=8), max_size=3),
    st.just("Hindered (999)"),
    st.just("\x1b[31mHindered (2)"),
)


@settings(max_examples=60, deadline=None)
@given(value=ODD, statuses=ODD, name=ODD, panic=ODD)
def test_odd_status_values_give_a_rating_of_0_to_20_or_none(
    value: Any, statuses: Any, name: Any, panic: Any
) -> None:
    doc: dict[str, Any] = json.loads(ZEALOT.read_text(encoding="utf-8"))
    hindered = doc["effects"][1]
    hindered.update(name=name, statuses=statuses, flags={"wrath-and-glory": {"value": value}})
    marks, remarks = carried(actor_export(doc), "wrath-glory")
    assert all(0 <= level <= 20 for _, level in marks)
    assert all("\x1b" not in remark for remark in remarks)
    alien: dict[str, Any] = json.loads(ORRIN.read_text(encoding="utf-8"))
    alien["data"]["general"]["panic"]["value"] = panic
    alien_marks, _ = carried(actor_export(alien), "alien-evolved")
    assert set(alien_marks) <= {("Panicking", 0)}
