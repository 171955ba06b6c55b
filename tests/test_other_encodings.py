"""A file saved in UTF-16 (with or without a byte-order mark) or in Latin-1 — what
Notepad or an old editor writes — was "not valid UTF-8" (or, for UTF-16 without a mark,
"a key needs '='", the NUL bytes being valid UTF-8) without saying what it looks like.
Every kind of file now says "it looks like UTF-16 — save it as UTF-8", in the same words,
at the same place, and nothing on disk changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.campaign_helpers import ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import basic_file
from tracker.rules.file_looks import encoding_of, looks_utf16
from tracker.store.bestiary import user_bestiary_file
from tracker.store.errors import JournalError
from tracker.store.settings import Settings, settings_path
from tracker.store.tables import read_table
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

ENCODINGS = {
    "utf-16": ("utf-16", "UTF-16"),
    "utf-16-le": ("utf-16-le", "UTF-16"),
    "utf-16-be": ("utf-16-be", "UTF-16"),
    "latin-1": ("latin-1", "Latin-1"),
}


def saved(path: Path, text: str, encoding: str) -> Path:
    """``text`` written to ``path`` (its folder made) in ``encoding``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def said(name: str) -> str:
    return f": it looks like {ENCODINGS[name][1]} — save it as UTF-8"


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_an_encounter_or_campaign_in_another_encoding_says_which(
    tmp_path: Path, capsys: Capsys, name: str
) -> None:
    fight = basic_file(tmp_path)
    text = fight.read_text(encoding="utf-8").replace("title = ", "title = 'Café' #", 1)
    saved(fight, text, ENCODINGS[name][0])
    before = fight.read_bytes()
    for command in (["state"], ["check"], ["do", "next"]):
        err = refused(capsys, [fight], command[0], fight, *command[1:])
        assert err.startswith(f"tracker: {fight}:") and err.endswith(said(name) + "\n"), err
        assert "the file is not valid UTF-8" in err and "key needs" not in err
    assert fight.read_bytes() == before
    party = tmp_path / "party.toml"
    ok(capsys, "campaign", "new", party, "--ruleset", "basic", "--title", "Café")
    saved(party, party.read_text(encoding="utf-8"), ENCODINGS[name][0])
    err = refused(capsys, [party], "campaign", "show", party)
    assert err.endswith(said(name) + "\n") and "not a campaign file" not in err, err


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_the_gms_own_files_say_which_encoding_alike(
    tmp_path: Path, capsys: Capsys, name: str
) -> None:
    encoding = ENCODINGS[name][0]
    settings = saved(settings_path(), 'theme = "nerv"  # à\n', encoding)
    problem = Settings.load().problem
    assert problem.startswith(f"{settings}:1:") and f"{said(name)}) — using the defaults" in problem
    theme = saved(tmp_path / "themes" / "mine.toml", 'name = "mine"  # é\n', encoding)
    [problem] = load_themes([theme.parent]).problems
    assert problem.startswith(f"theme {theme}:1:") and problem.endswith(said(name)), problem
    keymap = saved(tmp_path / "keymap.toml", 'undo = "z"  # ü\n', encoding)
    [problem] = read_keymap(keymap, {"undo"}).problems
    assert problem.endswith(f"{said(name)} — keymap ignored"), problem
    table = saved(tmp_path / "t.toml", 'name = "Horreurs"  # è\n', encoding)
    with pytest.raises(JournalError, match=said(name)):
        read_table(table)
    bestiary = saved(user_bestiary_file("basic"), 'ruleset = "basic"  # ö\n', encoding)
    assert said(name) in refused(capsys, [bestiary], "bestiary")


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_an_import_in_another_encoding_says_which(
    tmp_path: Path, capsys: Capsys, name: str
) -> None:
    export = saved(tmp_path / "ork.json", '{"name": "Orc brûlé", "type": "threat"}', name)
    err = refused(capsys, [export], "import", export)
    assert f"{said(name)}) — nothing was imported" in err and "not JSON" not in err, err


def test_utf8_text_and_other_bytes_are_not_said_to_be_another_encoding() -> None:
    assert encoding_of(b"\x00\x01\x02\xff\xfe binary") == ""
    assert encoding_of(b'title = "caf\xe9"\n') == "Latin-1"
    assert not looks_utf16(b"format = 2\n" * 50 + b"\x00" * 400)  # a run of NULs: damage


@given(st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=2))
def test_ascii_text_in_utf16_is_always_known(text: str) -> None:
    assert looks_utf16(text.encode("utf-16-le")) and looks_utf16(text.encode("utf-16-be"))
    assert not looks_utf16(text.encode("utf-8"))


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_a_rulesets_data_or_a_gms_rule_table_says_which_encoding(name: str) -> None:
    """The reader of ruleset data and of the GM's own rule tables (persona's ailment
    list, Alien's tables): UTF-16 without a mark was "a key needs '='"."""
    import tomllib

    from tracker.rules.ruledata import unreadable
    from tracker.rules.user_files import loads_toml

    data = 'name = "Hallucinating"  # é\n'.encode(ENCODINGS[name][0])
    with pytest.raises((UnicodeDecodeError, tomllib.TOMLDecodeError)) as caught:
        loads_toml(data.decode("utf-8"))
    error = caught.value
    assert isinstance(error, UnicodeDecodeError | tomllib.TOMLDecodeError)
    told = unreadable("ailments.toml", data, error)
    assert told.startswith("ailments.toml:1:") and told.endswith(f"is not UTF-8 text{said(name)}")
