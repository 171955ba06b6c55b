"""Yes/no and number fields written as text, read as Foundry reads them.

Foundry 10+ cleans every field through its data model before the sheet shows it: a
yes/no given text is true only for ``"true"``, a number given text is that number. Gate
Keeper Ossen (``wrath-gatekeeper-text-v12.yml``, a YAML pack source edited by hand) has
``disabled: 'false'`` on Warding Litany (+2 Resilience) and its mode as ``'2'``,
``disabled: 'true'`` on Spent Fury, Iron Stance overriding Speed with ``mode: ' 5 '``,
``value: ' 5 '`` and ``priority: '60'``, and its Spare Carapace ``equipped: 'false'``
(whose Carapace Bracing, +3 Resilience, transfers only while it is worn).
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES, block_of
from tracker.store.foundry.fields import flag, number
from tracker.store.foundry.importing import plan

OSSEN = FIXTURES / "wrath-gatekeeper-text-v12.yml"
SCENE = FIXTURES / "wrath-scene-v12.json"
COMBAT = FIXTURES / "wrath-combat-v13.json"
ACTORS = (FIXTURES / "wrath-threat.json", FIXTURES / "wrath-psyker-v13.json")


def test_text_modes_and_yes_no_fields_give_the_sheets_numbers() -> None:
    """Warding Litany was left out ("not a number to apply"), Iron Stance too, and the
    Spare Carapace counted as worn with its +3: Resilience 13 and Speed 6, not 12 and 5."""
    stats = block_of(OSSEN)["stats"]
    assert stats["resilience"] == 12  # Toughness 5 + 1 + Warding Litany 2 + plate 4
    assert stats["speed"] == 5
    converted = plan([OSSEN]).actors[0].converted
    assert "Spare Carapace (armour 3) is not equipped: not counted" in converted.remarks


def test_a_token_unlinked_as_text_keeps_its_own_changes(tmp_path: Path) -> None:
    """``actorLink: "false"`` was taken for a linked token: Nob Grukk's 2 Wounds taken on
    the scene were lost."""
    scene = json.loads(SCENE.read_text(encoding="utf-8"))
    scene["tokens"][0]["actorLink"] = "false"
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    grukk = plan([path, *ACTORS]).actors[0].converted
    assert grukk.name == "Nob Grukk" and grukk.now == {"wounds": 10}


def test_a_combatant_defeated_as_text_stays_out_of_the_fight(tmp_path: Path) -> None:
    combat = json.loads(COMBAT.read_text(encoding="utf-8"))
    combat["combatants"][1]["defeated"] = "true"  # Zagg the Loud
    combat["combatants"][0]["defeated"] = "false"  # Nob Grukk
    path = tmp_path / "combat.json"
    path.write_text(json.dumps(combat), encoding="utf-8")
    names = [a.converted.name for a in plan([path, SCENE, *ACTORS]).actors]
    assert names == ["Nob Grukk", "Hexcaller Vyrn"]


@given(st.integers(-10_000, 10_000), st.sampled_from(["", " ", "  ", "\t"]))
def test_a_number_as_text_with_spaces_is_that_number(value: int, pad: str) -> None:
    assert number(f"{pad}{value}{pad}") == value


@given(st.one_of(st.text(max_size=8), st.booleans(), st.none(), st.integers()))
def test_a_yes_no_is_true_only_as_foundry_reads_it(value: object) -> None:
    expected = value == "true" if isinstance(value, str) else bool(value)
    assert flag(value) is expected
