"""A GM's TOML slip in words: a duplicate ``theme`` in an encounter's head said
``o3.toml:12:19: Cannot overwrite a value`` (tomllib's wording, placed after the value);
every reader now says ``o3.toml:12:1: the key 'theme' is given twice``, and tomllib's
other common messages read as sentences. A message not known passes through."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.campaign_helpers import cli
from tracker.core.errors import RuleError
from tracker.rules.alien_evolved.tables import CriticalTable
from tracker.rules.data_cache import parsed_toml
from tracker.rules.persona_d100.book import AilmentBook
from tracker.rules.registry import load_ruleset
from tracker.rules.ruledata import unreadable
from tracker.rules.toml_words import in_words
from tracker.rules.user_files import loads_toml
from tracker.store.bestiary import read_blocks
from tracker.store.errors import JournalError
from tracker.store.settings import Settings
from tracker.store.tables import load_tables
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

TWICE = b'name = "x"\nname = "y"\n'
SAID = ":2:1: the key 'name' is given twice"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a = 1\na = 2\n", "the key 'a' is given twice (at line 2, column 1)"),
        ('t = "x"\nt = """y\nz"""\n', "the key 't' is given twice (at line 2, column 1)"),
        ("'my key' = 1\n  'my key' = 2\n", "the key 'my key' is given twice (at line 2, column 3)"),
        ("[a]\nx = 1\n[a]\n", "the table [a] is given twice (at line 3, column 3)"),
        ("a = {x = 1, x = 2}\n", "the key 'x' is given twice in one { … } table (at line 1"),
        ("a = \n", "a value is missing after '=' (at line 1, column 5)"),
        ("a = = 3\n", "a value is missing after '=' (at line 1, column 5)"),
        ("a = goblin\n", "'goblin' is not a value TOML reads (text needs quotes"),
        # found by the keymap fuzz: the unquoted word quoted back held a raw NUL
        (
            'a =\x00"space"\n',
            "the control character U+0000 cannot stand here (at line 1, column 4)",
        ),
        ("a = gob\x1blin\n", "'gob␛lin' is not a value TOML reads (text needs quotes"),
        ("= 1\n", "this line is not 'key = value', a [table] or a # comment (at line 1, column 1)"),
        ("a b = 1\n", "a key needs '=' and a value after it"),
        ("[encounter\n", "a [table] is not closed with ']' (at line 1, column 11)"),
        ("a = [1\n", "a list opened with '[' is not closed with ']' (at end of document)"),
        ('a = "x\n', "a text is not closed before its line ends"),
        ("a = 'x", "a text is not closed with its ' (at end of document)"),
        ('a = "C:\\dir"\n', 'a \\ in a "text" starts an escape: write \\\\ for one'),
        ("a = 2026-02-30\n", "this date or time does not exist"),
        ("a = 1 b = 2\n", "the line goes on after its value"),
    ],
)
def test_tomllib_messages_read_as_sentences_with_their_place(text: str, said: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        loads_toml(text)
    assert str(caught.value).startswith(said)


def test_a_message_not_known_passes_through() -> None:
    message = "Something new in Python 3.99 (at line 3, column 4)"
    assert in_words(message, "a = 1\n") == message


@given(st.text(alphabet="ab =[]{}\"'.#,\n\\\t\x071", max_size=40))
def test_every_slip_keeps_a_place_a_reader_can_read(text: str) -> None:
    """Whatever tomllib refuses, the words end with its form of a place (so every reader
    still names ``file:line:col``), and the words never raise."""
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        worded = in_words(str(err), text)
        assert worded.endswith(")") and (" (at line " in worded or "(at end of" in worded)


Capsys = pytest.CaptureFixture[str]


def encounter(folder: Path, capsys: Capsys) -> str:
    """A fight whose head names its theme twice, checked: stderr."""
    path = folder / "o3.toml"
    text = '[encounter]\ntitle = "O3"\ntheme = "a"\ntheme = "b"\nruleset = "basic"\n'
    path.write_text(f"format = 2\n\n{text}")
    return f"{path}{_check(path, capsys)}"


def campaign(folder: Path, capsys: Capsys) -> str:
    """A campaign file whose head names its title twice, checked: stderr."""
    path = folder / "c.toml"
    path.write_text('format = 1\nkind = "campaign"\n[campaign]\ntitle = "a"\ntitle = "b"\n')
    return f"{path}{_check(path, capsys)}"


def _check(path: Path, capsys: Capsys) -> str:
    """What ``tracker check`` says of ``path`` (which it must refuse, unchanged), from
    its place on (``:line:col: …``)."""
    before = path.read_bytes()
    code, out, err = cli(capsys, "check", path)
    assert (code, out, err.count("\n")) == (1, "", 1) and path.read_bytes() == before
    return err.strip().partition(str(path))[2]


def theme(folder: Path, capsys: Capsys) -> str:
    """A theme file naming its name twice: the themes' problem line."""
    (folder / "t.toml").write_bytes(TWICE)
    [problem] = load_themes([folder]).problems
    return problem


def keymap(folder: Path, capsys: Capsys) -> str:
    """A keymap naming a key twice: its problem line."""
    (folder / "keymap.toml").write_bytes(TWICE)
    [problem] = read_keymap(folder / "keymap.toml", {"undo"}).problems
    return problem


def bestiary(folder: Path, capsys: Capsys) -> str:
    """A bestiary file naming a key twice: the error reading it."""
    (folder / "basic.toml").write_bytes(TWICE)
    with pytest.raises(JournalError) as caught:
        read_blocks(folder / "basic.toml", load_ruleset("basic"))
    return str(caught.value)


def roll_table(folder: Path, capsys: Capsys) -> str:
    """A roll table naming a key twice: its problem line."""
    (folder / "t.toml").write_bytes(TWICE)
    _, [problem] = load_tables(folder)
    return problem


def settings(folder: Path, capsys: Capsys) -> str:
    """Settings naming a key twice: the problem they are read with."""
    return Settings.read(folder / "settings.toml", TWICE).problem


def ruleset_data(folder: Path, capsys: Capsys) -> str:
    """A ruleset's data file naming a key twice: its line (as ``rulesets`` says it)."""
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        parsed_toml(TWICE, None, "data.toml")
    return unreadable(str(folder / "data.toml"), TWICE, caught.value)


@pytest.mark.parametrize(
    ("reader", "said"),
    [
        (encounter, "o3.toml:6:1: the key 'theme' is given twice"),
        (campaign, "c.toml:5:1: the key 'title' is given twice"),
        (theme, f"t.toml{SAID}"),
        (keymap, f"keymap.toml{SAID}"),
        (bestiary, f"basic.toml{SAID}"),
        (roll_table, f"t.toml{SAID}"),
        (settings, "settings.toml:2:1: cannot read the settings (the key 'name' is given twice)"),
        (ruleset_data, f"data.toml{SAID}"),
    ],
)
def test_every_reader_says_a_duplicate_key_in_words(
    tmp_path: Path, capsys: Capsys, reader: Callable[[Path, Capsys], str], said: str
) -> None:
    line = reader(tmp_path, capsys)
    assert f"{tmp_path}/{said}" in line and "Cannot" not in line


def test_a_gms_own_ailment_list_and_critical_table_name_the_place_in_words(
    tmp_path: Path,
) -> None:
    """Persona's ailment list and Alien's critical table said `…: not a readable table
    (Cannot overwrite a value (at line 2, column 11))`."""
    path = tmp_path / "mine.toml"
    path.write_bytes(TWICE)
    with pytest.raises(RuleError) as ailments:
        _ = AilmentBook(("Physical",), {}, path).user_entries
    with pytest.raises(RuleError) as criticals:
        _ = CriticalTable(path).document
    assert str(ailments.value) == f"{path}{SAID} — not a readable ailment list"
    assert str(criticals.value) == f"{path}{SAID} — not a readable table"
