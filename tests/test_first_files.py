"""Files the first versions of each kind wrote still load and play on today: a campaign
evening played with the first campaign code (fe805fa: add-pc, fight, writeback, rest,
set, treat, undo, redo, a second fight), the GM's bestiary and roll table as its first
``import`` and ``save-template`` wrote them, the first bundled themes as a GM's own,
the first settings (tomli-w, a relative folder) and a keymap in the first documented
shape. Encounter formats 1 and 2 have their own fixtures (test_formats).

The files in ``fixtures/first-files`` were written by the code at fe805fa (``git archive
fe805fa``, run with its own ``python -m tracker.cli``); the themes are ``themes/`` at
402e7e7, where they were first added."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import ok
from tests.side_helpers import Capsys
from tracker.store.bestiary import user_bestiary_file
from tracker.store.campaign_file import load_campaign
from tracker.store.settings import Settings
from tracker.store.tables import read_table, tables_dir
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

FIRST = Path(__file__).parent / "fixtures" / "first-files"


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """The first campaign's files, copied: ``tokyo.toml`` and its fights ``f1``, ``f2``."""
    folder = tmp_path / "campaign"
    shutil.copytree(FIRST / "campaign", folder)
    return folder


def test_the_first_campaign_shows_the_party_as_it_was_left(evening: Path, capsys: Capsys) -> None:
    shown = ok(capsys, "campaign", "show", evening / "tokyo.toml").splitlines()
    assert shown[0] == "Tokyo-3 · nerv-d100 · 2 PCs, 2 fights"
    assert shown[2].split() == "Wounds 0/3 Injuries 1 Stress 0 Trauma 0 Fate 1/1 Exerts 0".split()
    assert shown[5].split() == "Wounds 2/4 Injuries 0 Stress 2 Trauma 0 Fate 2/2 Exerts 0".split()
    assert shown[-2:] == [
        "fight 1: Tokyo-3: fight 1 — f1.toml (written back)",
        "fight 2: Tokyo-3: fight 2 — f2.toml (not written back)",
    ]
    assert ok(capsys, "campaign", "recap", evening / "tokyo.toml").startswith("# Tokyo-3\n")


def test_the_first_campaign_plays_on(evening: Path, capsys: Capsys) -> None:
    campaign, fight = evening / "tokyo.toml", evening / "f2.toml"
    before = ok(capsys, "campaign", "show", campaign)
    ok(capsys, "do", fight, "add", "sachiel")
    ok(capsys, "do", fight, "start")
    ok(capsys, "do", fight, "dmg", "asuka", "6", "@body")
    ok(capsys, "do", fight, "end")
    said = ok(capsys, "campaign", "writeback", campaign, fight, "--yes")
    assert "written back" in said
    after = ok(capsys, "campaign", "show", campaign)
    assert "Wounds 2/4" in before and "Wounds 2/4" not in after, after
    assert "Undone" in ok(capsys, "campaign", "undo", campaign)
    assert ok(capsys, "campaign", "show", campaign) == before
    assert load_campaign(campaign).torn is None
    ok(capsys, "campaign", "rest", campaign, "short")
    assert "fight 3" in ok(capsys, "campaign", "fight", campaign, evening / "f3.toml")


def test_the_first_bestiary_and_table_are_found_and_written_on(
    tmp_path: Path, capsys: Capsys
) -> None:
    for source in sorted((FIRST / "bestiary").glob("*.toml")):
        target = user_bestiary_file(source.stem)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    tables_dir().mkdir(parents=True)
    shutil.copyfile(FIRST / "tables" / "wandering-horrors.toml", tables_dir() / "w.toml")
    listed = ok(capsys, "bestiary")
    for block in ("pvt-vasquez", "sister-amelia", "sachiel-mine"):
        assert block in listed
    assert "problem" not in listed and ":1:" not in listed
    fight = tmp_path / "deck.toml"
    ok(capsys, "new", fight, "--ruleset", "alien-evolved")
    assert "Pvt. Vasquez joins the fight" in ok(capsys, "do", fight, "add", "pvt-vasquez")
    said = ok(capsys, "do", fight, "save-template", "pvt-vasquez", "as", "vasquez-2")
    assert "vasquez-2" in said and "vasquez-2" in ok(capsys, "bestiary")
    assert read_table(tables_dir() / "w.toml").name == "Wandering horrors"
    rolled = ok(capsys, "do", fight, "roll", "table", "Wandering", "horrors")
    assert "Wandering horrors: 1d6" in rolled


def test_the_first_themes_settings_and_keymap_load_as_written(tmp_path: Path) -> None:
    shelf = load_themes([FIRST / "themes"])
    assert shelf.problems == []
    assert {"nerv", "velvet", "weyland", "imperium"} <= set(shelf.themes)
    settings_file = tmp_path / "settings.toml"
    shutil.copyfile(FIRST / "settings.toml", settings_file)
    settings = Settings.load(settings_file)
    assert (settings.problem, settings.theme) == ("", "nerv")
    assert settings.encounters == tmp_path / "games"
    assert settings.last_file == Path("games/ford.toml")
    keymap = read_keymap(FIRST / "keymap.toml", {"next-turn", "damage", "undo", "quit"})
    assert keymap.problems == []
    assert keymap.keys == {"next-turn": "space", "damage": "d,x", "undo": "z"}
