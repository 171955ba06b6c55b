"""A key the GM wrote in another case (`Theme = "velvet"`) or a letter off (`theem`):
`settings.toml` kept it and ignored it in silence, so the theme never changed and nothing
said why; a keymap listed every binding id, a theme every key, rather than the one meant.
Each is now said once where that file's problems are said, with "did you mean theme?";
the same for an encounter's, a combatant's, a campaign's and a roll table's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import cli, ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import basic_file
from tracker.store.bestiary import user_bestiary_file
from tracker.store.errors import JournalError
from tracker.store.settings import Settings, remember, settings_path
from tracker.store.tables import read_table
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes


def settings_with(text: str) -> Path:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("line", "key", "meant"),
    [('Theme = "velvet"', "Theme", "theme"), ('theem = "velvet"', "theem", "theme")]
    + [
        ('lastfile = "f.toml"', "lastfile", "last_file"),
        ('Encounters = "g"', "Encounters", "encounters"),
    ],
)
def test_a_misspelt_setting_is_said_with_what_was_meant(
    capsys: Capsys, line: str, key: str, meant: str
) -> None:
    path = settings_with(f"# my settings\n{line}\n")
    before = path.read_bytes()
    said = f"{path}:2:1: {key!r} is not a setting — did you mean {meant}? (ignored)"
    assert Settings.load().problem == said
    code, _, err = cli(capsys, "paths")
    assert code == 0 and err == f"tracker: {said}\n"
    assert remember(theme="nerv") == said  # the TUI says it as "Not remembered …"
    assert path.read_bytes() == before


def test_a_newer_trackers_setting_is_kept_in_silence() -> None:
    path = settings_with('theme = "nerv"\nfuture_folder = "x"\nthemes_shelf = 2\n')
    settings = Settings.load()
    assert settings.problem == "" and settings.theme == "nerv"
    assert remember(theme="ember") == ""
    assert 'future_folder = "x"' in path.read_text(encoding="utf-8")


def test_a_keymap_and_a_theme_say_which_key_was_meant(tmp_path: Path) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('Undo = "z"\nnext-trun = "space"\nzzz = "q"\n', encoding="utf-8")
    found = read_keymap(keymap, {"undo", "next-turn", "damage"})
    assert found.problems == [
        "keymap.toml: no key binding 'Undo' — did you mean undo? (ignored)",
        "keymap.toml: no key binding 'next-trun' — did you mean next-turn? (ignored)",
        "keymap.toml: no key binding 'zzz' — ids: damage, next-turn, undo",
    ]
    theme = tmp_path / "themes" / "mine.toml"
    theme.parent.mkdir()
    theme.write_text('name = "mine"\nPrimary = "#123456"\n', encoding="utf-8")
    assert load_themes([theme.parent]).problems == [
        "theme mine.toml: unknown key 'Primary' — did you mean primary?"
    ]


def test_an_encounter_and_its_combatants_say_which_key_was_meant(
    tmp_path: Path, capsys: Capsys
) -> None:
    fight = basic_file(tmp_path)
    text = fight.read_text(encoding="utf-8")
    fight.write_text(text.replace('title = "', 'Title = "', 1), encoding="utf-8")
    err = refused(capsys, [fight], "state", fight)
    assert err.endswith(": unknown key 'Title' in [encounter] — did you mean title?\n"), err
    head = text.split("[[events]]")[0]
    fight.write_text(head + '\n[[combatants]]\nid = "orc"\nName = "Orc"\n', encoding="utf-8")
    err = refused(capsys, [fight], "state", fight)
    line = len((head + "\n[[combatants]]\nid").splitlines()) + 1
    assert err == (
        f"tracker: {fight}:{line}:1: every combatant needs a name (text) — 'Name' is not"
        " read: did you mean name?\n"
    )
    fight.write_text(head + '\n[[combatants]]\nid = "orc"\nname = "Orc"\nsid = "enemy"\n')
    err = refused(capsys, [fight], "state", fight)
    assert err.endswith(": unknown key 'sid' for Orc — did you mean side?\n"), err


def test_a_campaign_and_a_roll_table_say_which_key_was_meant(
    tmp_path: Path, capsys: Capsys
) -> None:
    party = tmp_path / "party.toml"
    ok(capsys, "campaign", "new", party, "--ruleset", "basic", "--title", "Tokyo-3")
    text = party.read_text(encoding="utf-8")
    party.write_text(text.replace('title = "', 'Title = "', 1), encoding="utf-8")
    err = refused(capsys, [party], "campaign", "show", party)
    assert err.endswith(
        ": [campaign] needs title (text) — 'Title' is not read: did you mean title?\n"
    )
    table = tmp_path / "horrors.toml"
    table.write_text('Name = "Horrors"\n[[results]]\nrange = 1\ntext = "x"\n', encoding="utf-8")
    with pytest.raises(JournalError, match=r":1:1: unknown key 'Name' — did you mean name\?$"):
        read_table(table)
    table.write_text('name = "Horrors"\n[[results]]\nrange = 1\ntxt = "x"\n', encoding="utf-8")
    with pytest.raises(JournalError, match=r"unknown key 'txt' — did you mean text\?$"):
        read_table(table)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('ruleset = "basic"\n[[block]]\nid = "orc"\nname = "Orc"\n', ":2:1: unknown key 'block'"),
        ('Ruleset = "nerv-d100"\n[[blocks]]\nid = "orc"\n', ":1:1: unknown key 'Ruleset'"),
    ],
)
def test_a_bestiary_with_a_misspelt_table_says_so(capsys: Capsys, text: str, said: str) -> None:
    """`[[block]]` made a bestiary of no block, and `Ruleset = "nerv-d100"` one whose
    ruleset went unread, both in silence."""
    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_text(text, encoding="utf-8")
    meant = "blocks" if "block'" in said else "ruleset"
    assert f"{bestiary}{said} — did you mean {meant}?" in refused(capsys, [bestiary], "bestiary")
