"""A re-import of an actor the GM keeps in a bestiary file of the folder form
(``bestiary/wrath-glory/orks.toml``) replaces that block where it is. It went to
``bestiary/wrath-glory.toml`` beside it, the report said nothing of replacing, and the
older block, read last, still won: ``add ork-nob`` gave the old numbers, not the sheet's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES, run
from tracker.cli import main
from tracker.store.encounter_file import load

OLD = """ruleset = "wrath-glory"

# the nob from last session
[[blocks]]
id = "ork-nob"
name = "Ork Nob"
side = "enemy"
stats = { toughness = 4, wounds = 9, shock = 4, defence = 1, resilience = 7, initiative = 2 }

[[blocks]]
id = "grot"
name = "Grot"
side = "enemy"
stats = { toughness = 2, wounds = 3, shock = 2, defence = 2, resilience = 3, initiative = 3 }
"""


@pytest.fixture
def orks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "tracker" / "bestiary" / "wrath-glory"
    folder.mkdir(parents=True)
    (folder / "orks.toml").write_text(OLD, encoding="utf-8")
    return folder / "orks.toml"


def test_the_sheet_replaces_the_block_where_the_gm_keeps_it(
    orks: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(FIXTURES / "wrath-threat.json"))
    assert code == 0
    assert out.splitlines()[0].endswith(
        "bestiary/wrath-glory/orks.toml (replacing your block of that id)"
    )
    text = orks.read_text(encoding="utf-8")
    assert "# the nob from last session" in text and 'id = "grot"' in text
    assert "wounds = 9" not in text
    assert not (orks.parent.parent / "wrath-glory.toml").exists()
    fight = tmp_path / "fight.toml"
    assert main(["new", str(fight), "--ruleset", "wrath-glory"]) == 0
    assert main(["do", str(fight), "add", "ork-nob"]) == 0
    nob = load(fight).encounter.state.combatant("ork-nob")
    assert (nob.stats["wounds"], nob.stats["resilience"]) == (12, 9)  # the sheet's


def test_a_new_actor_still_goes_to_the_rulesets_file(
    orks: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, str(FIXTURES / "wrath-psyker-v13.json"))
    assert code == 0 and "bestiary/wrath-glory.toml" in out.splitlines()[0]
    assert orks.read_text(encoding="utf-8") == OLD
