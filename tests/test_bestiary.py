"""The bestiary (issue 14): ``add 3 ork-boy`` from stat blocks, dice rolled per copy and
recorded, numbering that continues, one undo for a multi-copy add, the GM's own blocks
over the starters, a bad block as one ``file:line:col`` line, ``save-template``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, state_of, ui_test
from tracker.cli import main
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError, TrackerError
from tracker.core.events import TemplateSaved, gm_only
from tracker.core.library import MemoryLibrary, RollTable, TableRow
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, user_bestiary_file
from tracker.store.bestiary_add import add_into
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.tables import tables_dir
from tracker.ui.modals.add_combatant import AddCombatantScreen

NONE = ScriptedDice([])


def sample(tmp_path: Path, name: str) -> Path:
    """A copy of a bundled sample encounter."""
    return copy_sample(name, tmp_path)


def names(path: Path) -> list[str]:
    """Every combatant's name in the file, as a fresh load sees it."""
    return [c.name for c in load(path).encounter.state.combatants.values()]


def my_blocks(ruleset: str, text: str) -> Path:
    """Write the GM's own bestiary file for ``ruleset``."""
    path = user_bestiary_file(ruleset)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'ruleset = "{ruleset}"\n' + text, encoding="utf-8")
    return path


def test_three_copies_roll_their_own_dice_and_number_on_from_those_present(
    tmp_path: Path,
) -> None:
    path = sample(tmp_path, "basic-bandits-at-the-ford.toml")  # Bandit 1 and 2 are in it
    with EncounterFile(path) as play:  # the starter block: hp = "2d6+2"
        events = play.execute("add 3 bandit", ScriptedDice([2, 3, 6, 6, 1, 1]))
    lines = [e.text for e in events if e.text]
    assert lines == [
        "Bandit 3 joins the fight (enemy): hp 2d6+2 = 7 [2, 3]",
        "Bandit 4 joins the fight (enemy): hp 2d6+2 = 14 [6, 6]",
        "Bandit 5 joins the fight (enemy): hp 2d6+2 = 4 [1, 1]",
    ]
    fighters = load(path).encounter.state.combatants  # the journal holds the numbers
    assert [fighters[c].stats["hp"] for c in ("bandit-3", "bandit-4", "bandit-5")] == [7, 14, 4]
    assert [fighters[c].track("hp") for c in ("bandit-3", "bandit-4", "bandit-5")] == [7, 14, 4]


def test_one_undo_takes_back_every_copy(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    before = names(path)
    with EncounterFile(path) as play:
        play.execute("add 3 ork-boy", NONE)
        assert len(play.encounter.state.combatants) == len(before) + 3
        play.execute("undo", NONE)
    assert names(path) == before


def test_the_sample_s_numbering_in_brackets_is_continued(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")  # Ork Boy (1), Ork Boy (2)
    with EncounterFile(path) as play:
        play.execute("add 2 Ork Boy", NONE)
    assert names(path)[-2:] == ["Ork Boy (3)", "Ork Boy (4)"]


def test_a_single_first_copy_keeps_the_plain_name_and_options_override_the_block(
    tmp_path: Path,
) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("add ork-boy", NONE)  # no plain "Ork Boy" yet, but (1) and (2)
        play.execute("add ork-nob side=ally hidden wounds=20", NONE)
        nob = play.encounter.state.combatant("ork-nob-2")
    assert names(path)[-1] == "Ork Nob (2)"
    assert (nob.side, nob.hidden, nob.stats["wounds"], nob.stats["shock"]) == ("ally", True, 20, 6)


def test_no_such_block_is_one_line_and_the_file_is_untouched(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    before = path.read_bytes()
    with EncounterFile(path) as play, pytest.raises(RuleError) as caught:
        play.execute("add 3 squig", NONE)
    assert str(caught.value) == "no stat block 'squig' — blocks: ork-boy, ork-nob"
    assert path.read_bytes() == before


@pytest.mark.parametrize("line", ["add 0 ork-boy", "add 51 ork-boy"])
def test_the_number_of_copies_is_bounded(tmp_path: Path, line: str) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play, pytest.raises(RuleError, match="1 to 50 copies"):
        play.execute(line, NONE)


def test_a_plain_name_that_is_no_block_still_adds_one_by_hand(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("add Grot wounds=3 shock=2 defence=1 resilience=5", NONE)
    assert names(path)[-1] == "Grot"


def test_a_horde_block_takes_its_director_when_added(tmp_path: Path) -> None:
    # seed 001: a horde acts on its Director's turn, so the block leaves the Director to
    # the fight it joins.
    path = sample(tmp_path, "eva-escale-ramiel.toml")
    with EncounterFile(path) as play:
        with pytest.raises(TrackerError, match="director"):
            play.execute("add jssdf-artillery", NONE)
        play.execute("add jssdf-artillery director=misato", NONE)
        horde = play.encounter.state.combatant("jssdf-artillery-2")
    assert (horde.kind, horde.extras["director"], horde.track("wounds")) == ("horde", "misato", 20)


def test_the_gms_block_takes_the_place_of_the_starter(tmp_path: Path) -> None:
    my_blocks(
        "wrath-glory",
        '[[blocks]]\nid = "ork-boy"\nname = "Ork Boy"\n'
        'stats = { wounds = "1d3+5", shock = 4, defence = 2, resilience = 7 }\n',
    )
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        events = play.execute("add ork-boy", ScriptedDice([2]))
    assert events[0].text == "Ork Boy (3) joins the fight (enemy): wounds 1d3+5 = 7 [2]"


def test_a_bad_block_is_one_line_with_its_place_and_the_rest_still_load() -> None:
    mine = my_blocks(
        "wrath-glory",
        '\n[[blocks]]\nid = "grot"\nname = "Grot"\nstats = { wounds = 3 }\n'
        '\n[[blocks]]\nid = "squig"\nname = "Squig"\ncolour = "red"\n',
    )
    bestiary = load_bestiary(load_ruleset("wrath-glory"))
    assert "grot" in bestiary.block_ids() and "squig" not in bestiary.block_ids()
    [problem] = bestiary.problems
    assert problem.startswith(f"{mine}:11:1: block 'squig': unknown key 'colour'")


@pytest.mark.parametrize("line", ["add squig", "add 2 squig", "add Squig"])
def test_a_broken_block_is_refused_saying_why_not_added_bare(tmp_path: Path, line: str) -> None:
    mine = my_blocks(
        "wrath-glory", '[[blocks]]\nid = "squig"\nname = "Squig"\nstats = { wounds = "2d" }\n'
    )
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    before = path.read_bytes()
    with EncounterFile(path) as play, pytest.raises(RuleError) as caught:
        play.execute(line, NONE)
    assert str(caught.value).startswith(
        f"the stat block {line.split()[-1]!r} cannot be added until it is fixed: {mine}:5:1: "
        "block 'squig': stats.wounds must be a whole number"
    )
    assert path.read_bytes() == before  # no bare "Squig" with no stats in the fight


def test_a_broken_block_of_the_gm_does_not_fall_back_to_the_starter(tmp_path: Path) -> None:
    my_blocks("wrath-glory", '[[blocks]]\nid = "ork-boy"\nname = "Ork Boy"\nstats = "x"\n')
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play, pytest.raises(RuleError, match="cannot be added until"):
        play.execute("add ork-boy", NONE)
    assert "ork-boy" not in load_bestiary(load_ruleset("wrath-glory")).block_ids()


def test_tracker_bestiary_lists_and_names_the_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    mine = my_blocks("basic", "[[blocks]\n")
    assert main(["bestiary", "--ruleset", "basic"]) == 1
    out, err = capsys.readouterr()
    assert "basic          bandit             Bandit (enemy)  rolls hp 2d6+2  [starter]" in out
    assert err.startswith(f"tracker: {mine}:2:")
    assert len(err.strip().splitlines()) == 1
    assert main(["bestiary", "--ruleset", "wrath-glory", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [b["id"] for b in listed] == ["ork-boy", "ork-nob"]


def test_save_template_keeps_the_maximums_not_the_damage(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("dmg nob 5", ScriptedDice([1, 1, 1, 1, 1, 1]))
        play.execute("save-template nob as warboss", NONE)
        events = play.execute("add 2 warboss", NONE)
        copy = play.encounter.state.combatant("ork-nob-2")
        history = play.encounter.events
    assert [e.text for e in events if e.text][:2] == [
        "Ork Nob is now Ork Nob (1)",  # the Nob already in the fight
        "Ork Nob (2) joins the fight (enemy)",
    ]
    assert copy.track("wounds") == copy.limits["wounds"] == 12
    assert 'id = "warboss"' in user_bestiary_file("wrath-glory").read_text(encoding="utf-8")
    saved = [e for e in history if isinstance(e, TemplateSaved)]
    assert saved and all(gm_only(e) for e in saved)  # never in the players' view


def test_save_template_replaces_the_block_in_the_file_that_holds_its_id(
    tmp_path: Path,
) -> None:
    """A block kept in ``bestiary/RULESET/orks.toml`` and saved again with
    ``save-template``: it is replaced there. It went to ``RULESET.toml`` beside it, and the
    older block, read last, still won: ``add`` gave the old numbers."""
    folder = user_bestiary_file("wrath-glory").with_suffix("")
    folder.mkdir(parents=True)
    orks = folder / "orks.toml"
    orks.write_text(
        'ruleset = "wrath-glory"\n# kept by hand\n[[blocks]]\nid = "warboss"\n'
        'name = "Old Boss"\nside = "enemy"\nstats = { wounds = 3 }\n',
        encoding="utf-8",
    )
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("save-template nob as warboss", NONE)
        play.execute("add warboss", NONE)
        fighters = play.encounter.state.combatants.values()
        boss = [c for c in fighters if c.name.startswith("Ork Nob")]
    text = orks.read_text(encoding="utf-8")
    assert "# kept by hand" in text and "Old Boss" not in text
    assert not user_bestiary_file("wrath-glory").exists()
    assert len(boss) == 2 and boss[-1].limits["wounds"] == 12  # the Nob's, not the old 3


def test_undo_passes_a_saved_template_by(tmp_path: Path) -> None:
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("add ork-boy", NONE)
        play.execute("save-template nob", NONE)
        play.execute("undo", NONE)  # undoes the add: the bestiary is not the fight
        assert "ork-boy" not in play.encounter.state.combatants
    assert "ork-nob" in load_bestiary(load_ruleset("wrath-glory")).block_ids()


def test_a_saved_block_survives_comments_in_the_gms_file(tmp_path: Path) -> None:
    mine = my_blocks("wrath-glory", "# my orks, by hand\n")
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("save-template amelia as battle-sister", NONE)
    text = mine.read_text(encoding="utf-8")
    assert text.startswith('ruleset = "wrath-glory"\n# my orks, by hand\n')
    block = load_bestiary(load_ruleset("wrath-glory")).block("battle-sister")
    assert block is not None and block["stats"]["weapon_skill"] == 3


def test_add_into_adds_imported_blocks_as_one_command(tmp_path: Path) -> None:
    path = sample(tmp_path, "alien-operations-deck.toml")
    before = names(path)
    blocks = [
        {"id": "facehugger", "name": "Facehugger", "kind": "creature", "stats": {"health": 1}},
        {"id": "drone", "name": "Drone", "kind": "creature", "stats": {"health": "1d3+4"}},
    ]
    lines, opened = add_into(path, blocks, ScriptedDice([3]))
    assert opened == [] and lines == [
        "Facehugger joins the fight (enemy)",
        "Drone (3) joins the fight (enemy): health 1d3+4 = 7 [3]",
    ]
    with EncounterFile(path) as play:
        play.execute("undo", NONE)
    assert names(path) == before


def test_roll_table_logs_the_result_of_the_total(fight_with_table: EncounterFile) -> None:
    events = fight_with_table.execute("roll table wandering horrors", ScriptedDice([5]))
    assert events[0].text == "Wandering horrors: 1d6 [5] = 5 — A drone drops from the ceiling."
    with pytest.raises(RuleError, match="no roll table 'nope' — tables: Wandering horrors"):
        fight_with_table.execute("roll table nope", NONE)


def test_roll_table_on_a_broken_table_file_names_the_file_and_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tables file with a TOML slip made `roll table horrors` say "none yet", as if the
    GM had never written it; the refusal names the file, its line and column."""
    path = sample(tmp_path, "basic-bandits-at-the-ford.toml")
    tables = tables_dir()
    tables.mkdir(parents=True)
    broken = tables / "horrors.toml"
    broken.write_text('name = "Horrors"\n[[results]\nrange = 1\n', encoding="utf-8")
    for line in ("roll table horrors", "roll table"):
        capsys.readouterr()
        assert main(["do", str(path), line]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "none yet" not in err
        assert f"{broken}:2:" in err, err
    (tables / "fine.toml").write_text(
        'name = "Fine"\nformula = "1d2"\n[[results]]\nrange = [1, 2]\ntext = "ok"\n',
        encoding="utf-8",
    )
    assert main(["do", str(path), "roll table horrors"]) == 1
    err = capsys.readouterr().err
    assert "tables: Fine; not read: " in err and f"{broken}:2:" in err


@pytest.fixture
def fight_with_table(tmp_path: Path) -> Iterator[EncounterFile]:
    """The basic sample open, with one roll table in its library."""
    path = sample(tmp_path, "basic-bandits-at-the-ford.toml")
    rows = (
        TableRow(1, 3, "Nothing: the vents rattle."),
        TableRow(4, 6, "A drone drops from the ceiling."),
    )
    with EncounterFile(path) as play:
        play.encounter.library = MemoryLibrary(tables=[RollTable("Wandering horrors", "1d6", rows)])
        yield play


@ui_test
async def test_the_add_modal_finds_a_block_and_adds_copies(tmp_path: Path) -> None:
    app = make_app(sample(tmp_path, "wrath-ork-boarding.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("plus", *"ork")
        screen = app.screen
        assert isinstance(screen, AddCombatantScreen)
        listed = screen.query_one("#add-blocks", OptionList)
        assert [listed.get_option_at_index(i).id for i in range(listed.option_count)] == [
            "ork-boy",
            "ork-nob",
        ]
        assert not screen.query_one("#add-copies", Input).display  # "ork" is a new name yet
        await pilot.press("down", "tab", *"3", "enter")
        assert not isinstance(app.screen, AddCombatantScreen)
        added = [c.name for c in state_of(app).combatants.values()][-3:]
    assert added == ["Ork Boy (3)", "Ork Boy (4)", "Ork Boy (5)"]


@ui_test
async def test_the_add_modal_takes_a_block_named_exactly_with_its_side(tmp_path: Path) -> None:
    app = make_app(sample(tmp_path, "alien-operations-deck.toml"))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("plus", *"synthetic")
        screen = app.screen
        assert isinstance(screen, AddCombatantScreen)
        assert screen.command_line() == "add synthetic"  # its side (ally) is the block's
        await pilot.press("enter")
        added = state_of(app).combatant("synthetic")
    assert (added.side, added.kind, added.track("health")) == ("ally", "synthetic", 6)


def test_a_block_with_notes_over_several_lines_is_added_and_the_file_still_loads(
    tmp_path: Path,
) -> None:
    my_blocks(
        "wrath-glory",
        '[[blocks]]\nid = "grot"\nname = "Grot"\nstats = { wounds = 3 }\n'
        'notes = """Slugga.\nRuns at the first wound."""\n',
    )
    path = sample(tmp_path, "wrath-ork-boarding.toml")
    with EncounterFile(path) as play:
        play.execute("add grot", NONE)
        play.execute("save-template grot as grot-2", NONE)
    grot = load(path).encounter.state.combatant("grot")
    assert grot.notes == "Slugga.\nRuns at the first wound."
