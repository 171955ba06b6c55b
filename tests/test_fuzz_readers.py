"""Every other file from elsewhere, fuzzed: a theme, a keymap, a bestiary, a roll table,
``settings.toml``, a ruleset's ``data.toml`` and a Foundry export, each mutated as
:mod:`tests.fuzz_mutations` describes and read through its real entry point
(``tracker themes``, ``bestiary``, ``do F add``, ``do F roll table``, ``ls``, ``paths``,
``import``; the keymap and themes as the TUI reads them; the data file through the
ruleset API's loader).

Each either succeeds or refuses in one sentence naming the file (exit 1) — a theme, a
keymap entry or a settings file is skipped with one such line and the rest goes on —
and every file stays as it was after a refusal (issues 25, 26)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.binding import Binding

from tests.fuzz_judge import CONTROL, PYTHON_WORDS, judged, run, sentence_of
from tests.fuzz_mutations import JSON_VALUES, mutated
from tests.fuzz_setup import FUZZ, SAMPLES, own_folders, played
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.paths import bundled_dir, user_config_dir, user_data_dir
from tracker.rules.registry import RULESETS, load_ruleset
from tracker.store.encounter_file import load
from tracker.store.settings import Settings
from tracker.store.tables import load_tables
from tracker.ui.app import TrackerApp
from tracker.ui.keymap import keymap_path, read_keymap
from tracker.ui.table_screen import TableScreen
from tracker.ui.themes import load_themes

ROOT = Path(__file__).resolve().parent.parent
FOUNDRY = ROOT / "tests" / "fixtures" / "foundry"
EXPORTS = sorted(
    p.relative_to(FOUNDRY) for p in FOUNDRY.rglob("*") if p.suffix in (".json", ".yml", ".db")
)
THEMES = sorted(p.name for p in (ROOT / "themes").glob("*.toml"))
WRATH = "wrath-ork-boarding.toml"
KNOWN_IDS = {b.id for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.id}

KEYMAP = b"""# keymap.toml
undo = "z"
next-turn = "space"
damage = "d,x"

[keys]
help = "f1"
"""

TABLE = b"""name = "Wandering horrors"
formula = "1d6"

[[results]]
range = [1, 3]
text = "A drone drops from the ceiling."

[[results]]
range = 4
text = "Rats. [b]Many[/b] <i>rats</i>."

[[results]]
range = [5, 6]
text = "Nothing, for now."
"""

SETTINGS = b"""theme = "nerv"
encounters = "games"
last_file = "/home/gm/games/ford.toml"
recent = ["/home/gm/games/ford.toml", "/home/gm/games/deck.toml"]

[themes]
"/home/gm/games/ford.toml" = "velvet"
"""


def user_file(where: Path, data: bytes) -> Path:
    """``data`` written at ``where`` (its folder made)."""
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_bytes(data)
    return where


# --- themes -------------------------------------------------------------------------------


@FUZZ
@given(theme=st.sampled_from(THEMES), data=st.data())
def test_a_mutated_theme_is_listed_or_skipped_in_one_line(
    capsys: pytest.CaptureFixture[str], theme: str, data: st.DataObject
) -> None:
    mutation = data.draw(mutated((ROOT / "themes" / theme).read_bytes()), label="file")
    with own_folders() as folder:
        path = user_file(user_config_dir() / "themes" / "mine.toml", mutation)
        outcome = judged(capsys, [path.parent], "mine.toml", "themes")
        assert outcome.code == 0 and "nerv" in outcome.out
        for line in outcome.err.splitlines():
            sentence_of(line, "mine.toml")
        shelf = load_themes([bundled_dir("themes"), path.parent])
        assert "nerv" in shelf.themes
        for problem in shelf.problems:
            sentence_of(problem, "mine.toml")
        assert folder.is_dir()


# --- the keymap ---------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_a_mutated_keymap_keeps_its_good_entries_and_says_the_rest_in_one_line_each(
    data: st.DataObject,
) -> None:
    mutation = data.draw(mutated(KEYMAP), label="file")
    with own_folders() as folder:
        path = user_file(folder / "keymap.toml", mutation)
        keymap = read_keymap(path, KNOWN_IDS)
        for problem in keymap.problems:
            sentence_of(problem, "keymap.toml")
        for keys in keymap.keys.values():
            assert isinstance(keys, str)
        assert path.read_bytes() == mutation


# --- the bestiary and roll tables ----------------------------------------------------------


@FUZZ
@given(
    command=st.sampled_from([["bestiary"], ["bestiary", "--json"], ["do", "F", "add", "ork-boy"]]),
    data=st.data(),
)
def test_a_mutated_bestiary_is_read_or_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], command: list[str], data: st.DataObject
) -> None:
    mutation = data.draw(mutated((ROOT / "bestiary" / "wrath-glory.toml").read_bytes()))
    with own_folders() as folder:
        mine = user_file(user_data_dir() / "bestiary" / "wrath-glory.toml", mutation)
        fight = folder / "fight.toml"
        fight.write_bytes(played(WRATH))
        args = [str(fight) if a == "F" else a for a in command]
        outcome = judged(capsys, [folder, mine.parent], "wrath-glory.toml", *args, may_change=True)
        if command[0] == "bestiary":  # a file it cannot read: listed as such, exit 1
            assert (outcome.code == 1) == bool(outcome.err), outcome.err
            for line in outcome.err.splitlines():
                sentence_of(line, "wrath-glory.toml")
        assert mine.read_bytes() == mutation


@FUZZ
@given(data=st.data())
def test_a_mutated_roll_table_is_rolled_or_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    mutation = data.draw(mutated(TABLE), label="file")
    with own_folders() as folder:
        table = user_file(user_data_dir() / "tables" / "horrors.toml", mutation)
        fight = folder / "fight.toml"
        fight.write_bytes(played(WRATH))
        roll = ["do", fight, "roll", "table", "wandering", "horrors"]
        outcome = judged(capsys, [folder, table.parent], "", *roll, may_change=True)
        if outcome.refused and "horrors.toml" not in outcome.err:
            assert not load_tables()[1], outcome.err  # a rule's refusal: the file reads
        assert table.read_bytes() == mutation


# --- settings.toml ------------------------------------------------------------------------


@FUZZ
@given(
    command=st.sampled_from([["ls"], ["ls", "--json"], ["paths"], ["themes"], ["new", "F"]]),
    data=st.data(),
)
def test_mutated_settings_give_the_defaults_and_are_never_overwritten(
    capsys: pytest.CaptureFixture[str], command: list[str], data: st.DataObject
) -> None:
    mutation = data.draw(mutated(SETTINGS), label="file")
    with own_folders() as folder:
        path = user_file(user_config_dir() / "settings.toml", mutation)
        args = [str(folder / "new.toml") if a == "F" else a for a in command]
        if command[0] == "new":
            args += ["--ruleset", "basic"]
        outcome = judged(capsys, [], "settings.toml", *args)
        assert outcome.code == 0, outcome.err
        for line in outcome.err.splitlines():
            sentence_of(line, "settings.toml")
        if "using the defaults" in outcome.err or command[0] != "new":
            assert path.read_bytes() == mutation


# --- a ruleset's data.toml ----------------------------------------------------------------


@FUZZ
@given(rid=st.sampled_from(sorted(RULESETS)), data=st.data())
def test_a_mutated_ruleset_data_file_loads_or_is_one_line_naming_it(
    rid: str, data: st.DataObject
) -> None:
    bundled = load_ruleset(rid)
    original = bundled_data(rid).read_bytes()
    mutation = data.draw(mutated(original), label="file")
    with own_folders() as folder:
        path = user_file(folder / "data.toml", mutation)
        fuzzed = type("Fuzzed", (type(bundled),), {"data_file": str(path)})
        fuzzed.__module__ = type(bundled).__module__
        try:
            fuzzed().check_data()
        except TrackerError as err:
            sentence_of(str(err), "data.toml")
        assert path.read_bytes() == mutation


def bundled_data(rid: str) -> Path:
    """The bundled data file of ruleset ``rid``."""
    return ROOT / "tracker" / "rules" / rid.replace("-", "_") / "data.toml"


# --- Foundry exports ----------------------------------------------------------------------


@FUZZ
@given(export=st.sampled_from(EXPORTS), into=st.booleans(), data=st.data())
def test_a_mutated_foundry_export_imports_or_is_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], export: Path, into: bool, data: st.DataObject
) -> None:
    original = (FOUNDRY / export).read_bytes()
    values = JSON_VALUES if export.suffix == ".json" else JSON_VALUES[:10]
    mutation = data.draw(mutated(original, values), label="file")
    with own_folders() as folder:
        path = user_file(folder / "from" / export.name, mutation)
        fight = folder / "fight.toml"
        fight.write_bytes(played(WRATH))
        more = ["--into", fight] if into else []
        user_data_dir().mkdir(parents=True)
        outcome = judged(
            capsys,
            [folder, user_data_dir()],
            export.name,
            "import",
            path,
            *more,
            may_change=True,
        )
        if not outcome.refused and into:
            load(fight)
        elif not outcome.refused:  # what the import wrote reads back without a problem
            listed = run(capsys, "bestiary")
            assert listed.code == 0 and listed.err == "", listed.err


def test_the_originals_read_without_a_problem(capsys: pytest.CaptureFixture[str]) -> None:
    """The fuzzing starts from good files: each reads as it is, with no problem said."""
    with own_folders() as folder:
        assert read_keymap(user_file(folder / "keymap.toml", KEYMAP), KNOWN_IDS).problems == []
        user_file(user_data_dir() / "tables" / "horrors.toml", TABLE)
        assert load_tables()[1] == []
        user_file(user_config_dir() / "settings.toml", SETTINGS)
        assert Settings.load().problem == ""
        fight = folder / "fight.toml"
        fight.write_bytes(played(WRATH))
        assert run(capsys, "do", fight, "roll", "table", "wandering", "horrors").code == 0
        assert run(capsys, "do", fight, "add", "ork-boy").code == 0
        assert run(capsys, "themes").err == ""


# --- no file where the file should be -----------------------------------------------------


def not_a_file(path: Path, kind: str) -> None:
    """A folder, a dangling link, a link loop or a link to a folder at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
    elif kind == "dangling link":
        path.symlink_to(path.with_name("nowhere.toml"))
    elif kind == "link loop":
        path.symlink_to(path)
    else:
        path.symlink_to(path.parent)


KINDS = ["folder", "dangling link", "link loop", "link to a folder"]


@pytest.mark.parametrize("kind", KINDS)
def test_no_user_file_where_one_should_be_is_passed_over_or_one_line(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    with own_folders() as folder:
        fight = folder / "fight.toml"
        fight.write_bytes(played(WRATH))
        for where in (
            user_config_dir() / "settings.toml",
            user_config_dir() / "themes" / "mine.toml",
            user_data_dir() / "bestiary" / "wrath-glory.toml",
            user_data_dir() / "tables" / "horrors.toml",
        ):
            not_a_file(where, kind)
        for command in (["themes"], ["bestiary"], ["ls"], ["paths"], ["do", fight, "next"]):
            outcome = judged(capsys, [folder], "", *command, may_change=True)
            for line in outcome.err.splitlines():
                sentence_of(line, "")
        outcome = judged(
            capsys, [folder], "horrors", "do", fight, "roll", "table", "wandering", "horrors"
        )
        keymap = folder / "keymap.toml"
        not_a_file(keymap, kind)
        for problem in read_keymap(keymap, KNOWN_IDS).problems:
            sentence_of(problem, "keymap.toml")


@pytest.mark.parametrize("kind", KINDS)
def test_no_foundry_export_where_one_is_named_is_one_line(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    with own_folders() as folder:
        path = folder / "grot.json"
        not_a_file(path, kind)
        outcome = judged(capsys, [folder], "grot.json", "import", path)
        assert outcome.refused


# --- the TUI with them ----------------------------------------------------------------------


async def playing_with(path: Path) -> tuple[str, list[str]]:
    """Open ``path`` with the user's keymap and themes, cycle through every theme with
    ``t`` and move the turn with ``n``: (failure, what was notified)."""
    app = TrackerApp(path, Dice(seed=7))
    said: list[str] = []
    notify = app.notify

    def noted(message: str, **how: Any) -> None:
        said.append(message)
        notify(message, **how)

    setattr(app, "notify", noted)  # noqa: B010 - the app's own notify, heard as well
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        for _ in range(300):
            if app.failure or app.opened_paint is not None:
                break
            await pilot.pause(0.01)
        for _ in app.shelf.names:
            await pilot.press("t")
        await pilot.press("n")
        await pilot.pause()
        app.exit(0)
    return app.failure, said


@settings(FUZZ, max_examples=4)
@given(data=st.data())
def test_the_tui_plays_with_a_mutated_keymap_and_theme(data: st.DataObject) -> None:
    keymap = data.draw(mutated(KEYMAP), label="keymap")
    theme = data.draw(mutated((ROOT / "themes" / "nerv.toml").read_bytes()), label="theme")
    with own_folders() as folder:
        path = folder / "fight.toml"
        path.write_bytes(played(SAMPLES[0]))
        for where, text in (
            (keymap_path(), keymap),
            (user_config_dir() / "themes" / "mine.toml", theme),
        ):
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_bytes(text)
        failure, said = asyncio.run(playing_with(path))
        assert not failure
        for message in said:
            assert not CONTROL.search(message) and not PYTHON_WORDS.search(message), message
