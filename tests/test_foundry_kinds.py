"""The wrong kind of Foundry document given to ``tracker import``: one sentence saying what
the file is and what import takes, exit 1, nothing written.

The fixtures in ``fixtures/foundry/kinds/`` are Export Data of what Foundry's right-click
menu also exports (an Item, a JournalEntry, a Macro, a Playlist, a card stack, a Scene
with no tokens), a Combat with no combatants, a module's manifest and a world's
``folders.db``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES, run

KINDS = FIXTURES / "kinds"
TAKES = "import takes actors and RollTables"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("item-rivet-gun-v12.json", "an Item (Rivet Gun, a 'weapon' of wrath-and-glory)"),
        ("journal-briefing-v11.json", "a JournalEntry (Mission Briefing)"),
        ("macro-panic-v12.json", "a Macro (Roll Panic)"),
        ("playlist-hum-v11.json", "a Playlist (Reactor Hum)"),
        ("cards-deck-v12.json", "a card stack (Initiative Cards)"),
        ("module.json", "a Foundry module's manifest (Pipe-Gate Threats)"),
    ],
)
def test_a_document_that_is_no_actor_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    """Each was "not a Foundry actor or RollTable export (no type with system data, no
    results)", the Item "a 'weapon' actor of wrath-and-glory"."""
    code, out, err = run(capsys, str(KINDS / name))
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert err.startswith(f"tracker: {name}: {said}, not an actor: {TAKES}")
    assert not (tmp_path / "data").exists()


def test_a_scene_with_no_tokens_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """It was "a scene of 0 tokens whose actors are not among the files named — name their
    files with it": there are no actors to name."""
    code, _, err = run(capsys, str(KINDS / "scene-empty-v12.json"))
    assert code == 1 and err == (
        "tracker: scene-empty-v12.json: a Scene (Loading Dock) with no tokens: no one on it "
        "to import — nothing was imported\n"
    )


def test_a_combat_with_no_combatants_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(KINDS / "combat-empty-v12.json"))
    assert code == 1 and err == (
        "tracker: combat-empty-v12.json: a Combat with no combatants: no one on it to import"
        " — nothing was imported\n"
    )


def test_a_worlds_folders_db_names_its_folders_and_what_import_takes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each line was "no Foundry actor or RollTable"."""
    code, _, err = run(capsys, str(KINDS / "folders.db"))
    assert code == 1 and err.splitlines() == [
        "tracker: folders.db:1: a folder of actors (Threats), not an actor",
        "tracker: folders.db:2: a folder of scenes (Maps), not an actor",
        f"tracker: no actor or RollTable in what was named: {TAKES} (their Export Data, a "
        "pack, an Adventure, or a Scene or Combat named with its actors' files) — nothing "
        "was imported",
    ]


def test_a_module_folder_names_each_document_it_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Beside the actors of a module's folder, its Item and journal entry are named."""
    module = tmp_path / "module"
    module.mkdir()
    for name in ("item-rivet-gun-v12.json", "journal-briefing-v11.json", "module.json"):
        (module / name).write_bytes((KINDS / name).read_bytes())
    (module / "nob.json").write_bytes((FIXTURES / "wrath-threat.json").read_bytes())
    code, out, _ = run(capsys, str(module))
    assert code == 0
    assert (
        "item-rivet-gun-v12.json: an Item (Rivet Gun, a 'weapon' of wrath-and-glory), "
        "not an actor — skipped"
    ) in out
    assert "journal-briefing-v11.json: a JournalEntry (Mission Briefing), not an actor" in out
    assert "module.json: a Foundry module's manifest (Pipe-Gate Threats), not an actor" in out
