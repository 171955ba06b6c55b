"""Traits (issue 28): abilities, talents, keywords, weapons and special rules kept whole
as structured notes — ``traits = [{ name, text, kind }]`` — in a roster entry, a bestiary
block and the ``combatant.added`` event; shown in the status pane and ``state --json``;
refused in one line when they are not plain text; old files unaffected."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.ui_helpers import make_app, opened, pane_text, ui_test
from tracker.cli import main
from tracker.core import events as ev
from tracker.core.codec import from_table, to_table
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.model import Trait
from tracker.core.safe_text import TRAIT_LIMIT
from tracker.core.traits import read_traits
from tracker.export.player_view import player_board
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, save_blocks
from tracker.store.encounter_file import EncounterFile, load

AT = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)
LONG = "\n".join(f"Paragraph {n}: " + "the beast does a thing. " * 12 for n in range(12))

HEAD = """format = 1

[encounter]
title = "Traits"
ruleset = "wrath-glory"

[[combatants]]
id = "nob"
name = "Nob"
stats = { toughness = 5, resilience = 9 }
"""


def roster_file(tmp_path: Path, traits: str) -> Path:
    path = tmp_path / "fight.toml"
    path.write_text(HEAD + f"traits = {traits}\n", encoding="utf-8")
    return path


def test_a_roster_entrys_traits_are_kept_whole(tmp_path: Path) -> None:
    text = json.dumps(LONG)  # a TOML basic string with \n escapes
    path = roster_file(tmp_path, f'[{{ name = "WAAAGH!", text = {text}, kind = "ability" }}]')
    nob = load(path).encounter.state.combatant("nob")
    assert nob.traits == (Trait("WAAAGH!", LONG, "ability"),)
    assert len(LONG) > 2000


@pytest.mark.parametrize(
    ("traits", "says"),
    [
        ('[{ name = "X", kind = "spell" }]', "kind 'spell' is one of ability, talent"),
        ('[{ text = "no name" }]', "needs a name"),
        ('[{ name = "X", colour = "red" }]', "unknown key 'colour'"),
        ('[{ name = "X\\u001b[31m" }]', "ESC (U+001B)"),
        ('"just text"', "traits of Nob must be a list"),
        (f'[{{ name = "X", text = "{"a" * (TRAIT_LIMIT + 1)}" }}]', "at most 20,000"),
    ],
)
def test_bad_traits_in_a_roster_are_one_line_and_the_file_is_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], traits: str, says: str
) -> None:
    path = roster_file(tmp_path, traits)
    before = path.read_bytes()
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "fight.toml:" in err
    assert path.read_bytes() == before


def test_an_added_blocks_traits_are_in_its_event_and_replay(tmp_path: Path) -> None:
    rules = load_ruleset("wrath-glory")
    block = {
        "id": "ork-nob",
        "name": "Ork Nob",
        "stats": {"toughness": 5},
        "traits": [
            {"name": "Choppa", "text": "melee: damage 7 + Strength", "kind": "weapon"},
            {"name": "ORK", "kind": "keyword"},
        ],
    }
    save_blocks("wrath-glory", [block])
    assert load_bestiary(rules).problems == []
    path = roster_file(tmp_path, "[]")
    assert main(["do", str(path), "add ork-nob"]) == 0
    assert 'traits = [{ name = "Choppa"' in path.read_text(encoding="utf-8")
    nob = load(path).encounter.state.combatant("ork-nob")
    assert [(t.name, t.kind) for t in nob.traits] == [("Choppa", "weapon"), ("ORK", "keyword")]
    assert main(["do", str(path), "undo"]) == 0
    assert "ork-nob" not in load(path).encounter.state.combatants


def test_an_event_without_traits_reads_as_before() -> None:
    table = {"seq": 1, "type": "combatant.added", "at": AT, "id": "gob", "name": "Goblin"}
    event = from_table(table)
    assert isinstance(event, ev.CombatantAdded) and event.traits == ()
    assert "traits" not in to_table(event)  # nothing new written for a trait-less one


@given(
    name=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cf")), min_size=1, max_size=60),
    text=st.text(
        st.characters(blacklist_categories=("Cc", "Cs", "Cf")) | st.just("\n"), max_size=400
    ),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_plain_trait_survives_the_bestiary_and_the_journal(name: str, text: str) -> None:
    if not name.strip():
        return
    traits = read_traits([{"name": name, "text": text, "kind": "rule"}])
    event = ev.CombatantAdded(seq=1, at=AT, id="x", name="X", traits=(traits[0].as_table(),))
    assert read_traits(from_table(to_table(event)).traits) == traits  # type: ignore[attr-defined]


def test_a_trait_text_longer_than_the_limit_is_refused_not_cut() -> None:
    with pytest.raises(RuleError, match="at most 20,000 are allowed"):
        read_traits([{"name": "X", "text": "a" * (TRAIT_LIMIT + 1)}])


@ui_test
async def test_the_status_pane_shows_the_selected_ones_traits_whole(tmp_path: Path) -> None:
    text = json.dumps("Spend 1 Ruin: every Ork within 10 m adds +1 ED.\nOnce per scene.")
    path = roster_file(
        tmp_path,
        f'[{{ name = "[b]WAAAGH![/b]", text = {text}, kind = "ability" }},'
        ' { name = "ORK", kind = "keyword" }]',
    )
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("nob")
        await pilot.pause()
        shown = pane_text(app, "#status-text")
        assert "[b]WAAAGH![/b] · ability: Spend 1 Ruin: every Ork within 10 m adds" in shown
        assert "Once per scene." in shown
        assert "ORK · keyword" in shown


def test_the_players_never_see_an_enemys_traits(tmp_path: Path) -> None:
    path = roster_file(
        tmp_path, '[{ name = "Secret Weakness", text = "dies to fire", kind = "rule" }]'
    )
    loaded = load(path)
    board = player_board(loaded.encounter.state, loaded.rules)
    shown = repr(board)
    assert "Nob" in shown and "Secret Weakness" not in shown and "dies to fire" not in shown


def test_save_template_keeps_the_traits(tmp_path: Path) -> None:
    text = json.dumps(LONG)
    path = roster_file(tmp_path, f'[{{ name = "Bosspole", text = {text}, kind = "rule" }}]')
    with EncounterFile(path) as play:
        play.execute("save-template nob as warboss", ScriptedDice([]))
        play.execute("add warboss", ScriptedDice([]))
        copy = play.encounter.state.combatant("nob-2")
    assert copy.traits == (Trait("Bosspole", LONG, "rule"),)
    assert load_bestiary(load_ruleset("wrath-glory")).problems == []
