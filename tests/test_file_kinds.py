"""Files from elsewhere that are not files, or not TOML a parser survives (the siblings of
issues 25 and 26): a named pipe where an encounter, campaign, bestiary, settings, theme or
Foundry export should be hung every reader for good (``tracker state f.toml`` with
``mkfifo f.toml`` never returned); arrays or inline tables nested a few thousand deep
ended in a ``RecursionError`` traceback from ``tracker state``, ``check``, ``do``, ``ls``,
``bestiary``, ``campaign show`` and the TUI's themes. Each is now one line, exit 1, and
nothing on disk changes."""

from __future__ import annotations

import os
import signal
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.campaign_helpers import cli, ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import basic_file
from tracker.rules.user_files import NESTING_LIMIT, TooDeepError, loads_toml, read_regular
from tracker.store.bestiary import user_bestiary_file
from tracker.store.errors import JournalError
from tracker.store.settings import Settings, settings_path
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

DEEP_ARRAY = "x = " + "[" * 3000 + "]" * 3000 + "\n"
DEEP_TABLE = "x = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n"
LATIN_1 = ": it looks like Latin-1 — save it as UTF-8"
NOT_A_LINE = "this line is not 'key = value', a [table] or a # comment"


class Waited(BaseException):
    """Raised by the alarm: a reader waited on a pipe (a BaseException, so no
    ``except OSError`` in the code under test can turn it into a polite refusal)."""


@pytest.fixture(autouse=True)
def never_waits() -> Iterator[None]:
    """Fail a test whose reader blocks for more than 20 seconds instead of hanging."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Waited("a reader waited on a named pipe")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def pipe(path: Path) -> Path:
    """A named pipe at ``path`` (its folder made): nobody will ever write to it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def written(path: Path, text: str) -> Path:
    """``text`` as the file ``path`` (its folder made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- named pipes ---------------------------------------------------------------------------

COMMANDS = [["state"], ["check"], ["check", "--repair"], ["log"], ["do", "start"]]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_pipe_named_as_the_encounter_is_refused_at_once(
    tmp_path: Path, capsys: Capsys, command: list[str]
) -> None:
    path = pipe(tmp_path / "f.toml")
    err = refused(capsys, [], command[0], path, *command[1:])
    assert err == f"tracker: {path}: cannot read the file: a named pipe, not a file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.toml"]


def test_a_pipe_named_as_the_campaign_is_refused_at_once(tmp_path: Path, capsys: Capsys) -> None:
    path = pipe(tmp_path / "c.toml")
    for command in (["show", path], ["fight", path, tmp_path / "g.toml"], ["recap", path]):
        assert "a named pipe, not a file" in refused(capsys, [], "campaign", *command)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.toml"]


def test_a_pipe_given_to_import_is_refused_and_nothing_is_imported(
    tmp_path: Path, capsys: Capsys
) -> None:
    fight = basic_file(tmp_path)
    path = pipe(tmp_path / "actors.json")
    err = refused(capsys, [fight], "import", path, "--into", fight)
    assert "actors.json: cannot be read: a named pipe, not a file" in err


def test_a_pipe_as_the_settings_file_gives_the_defaults_and_one_line(capsys: Capsys) -> None:
    pipe(settings_path())
    settings = Settings.load()
    assert settings.problem.endswith("(a named pipe, not a file) — using the defaults")
    assert "encounters" in ok(capsys, "paths")


def test_a_pipe_among_the_themes_is_listed_as_unreadable(tmp_path: Path, capsys: Capsys) -> None:
    folder = tmp_path / "themes"
    pipe(folder / "evil.toml")
    written(folder / "mine.toml", 'name = "mine"\nprimary = "#123456"\n')
    shelf = load_themes([folder])
    assert "mine" in shelf.themes
    [problem] = shelf.problems
    assert "evil.toml" in problem and "a named pipe" in problem


def test_save_template_into_a_piped_bestiary_keeps_nothing(tmp_path: Path, capsys: Capsys) -> None:
    fight = basic_file(tmp_path)
    ok(capsys, "do", fight, "start")
    pipe(user_bestiary_file("basic"))
    err = refused(capsys, [fight], "do", fight, "save-template", "orc", "as", "brute")
    assert "a named pipe, not a file — the command was not saved" in err


def test_a_device_is_not_read_as_a_file(tmp_path: Path) -> None:
    link = tmp_path / "f.toml"
    link.symlink_to(os.devnull)
    with pytest.raises(OSError, match="a device, not a file"):
        read_regular(link)
    with pytest.raises(IsADirectoryError):
        read_regular(tmp_path)


# --- nesting --------------------------------------------------------------------------------


@pytest.mark.parametrize("deep", [DEEP_ARRAY, DEEP_TABLE], ids=["arrays", "tables"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_encounter_nested_thousands_deep_is_one_line_with_its_place(
    tmp_path: Path, capsys: Capsys, deep: str, command: list[str]
) -> None:
    path = basic_file(tmp_path, extra="")
    path.write_text(path.read_text().replace("[encounter]", deep + "[encounter]", 1))
    line = path.read_text().splitlines().index(deep.strip()) + 1
    err = refused(capsys, [path], command[0], path, *command[1:])
    col = 4 + NESTING_LIMIT * (1 if deep is DEEP_ARRAY else 3) + 1
    assert err == f"tracker: {path}:{line}:{col}: arrays or tables nested more than 100 deep\n"


def test_a_deep_campaign_bestiary_and_settings_are_one_line_each(
    tmp_path: Path, capsys: Capsys
) -> None:
    campaign = written(tmp_path / "c.toml", DEEP_ARRAY)
    err = refused(capsys, [campaign], "campaign", "show", campaign)
    assert err == f"tracker: {campaign}:1:105: arrays or tables nested more than 100 deep\n"
    bestiary = written(user_bestiary_file("basic"), DEEP_TABLE)
    err = refused(capsys, [bestiary], "bestiary")
    assert f"{bestiary}:1:305: arrays or tables nested more than 100 deep" in err
    written(settings_path(), DEEP_ARRAY)
    assert "nested more than 100 deep" in Settings.load().problem
    code, _, err = cli(capsys, "ls", tmp_path)
    assert code == 0 and "Traceback" not in err


def test_a_deep_theme_or_keymap_is_skipped_not_a_crash(tmp_path: Path) -> None:
    theme = written(tmp_path / "themes" / "deep.toml", DEEP_TABLE)
    [problem] = load_themes([theme.parent]).problems
    assert "deep.toml" in problem and "nested more than 100 deep" in problem
    keymap = read_keymap(written(tmp_path / "keymap.toml", DEEP_ARRAY), {"undo"})
    [problem] = keymap.problems
    assert "nested more than 100 deep" in problem and problem.endswith("keymap ignored")


@given(
    opens=st.lists(st.sampled_from(["[", "{a="]), max_size=400),
    before=st.sampled_from(["", 'a = "[[[{{"\n', "# [[[{{\n", "b = '''\n[[[\n'''\n"]),
)
def test_any_nesting_parses_or_is_refused_with_a_place_never_a_recursion_error(
    opens: list[str], before: str
) -> None:
    closes = "".join("]" if o == "[" else "}" for o in reversed(opens))
    text = f"{before}x = {''.join(opens)}1{closes}\n"
    try:
        parsed = loads_toml(text)
    except TooDeepError as err:
        assert len(opens) > NESTING_LIMIT
        line, col = before.count("\n") + 1, len("x = ") + _cells(opens) + 1
        assert str(err).endswith(f"(at line {line}, column {col})")
    else:
        assert parsed == tomllib.loads(text)


def _cells(opens: list[str]) -> int:
    """Characters before the bracket that goes one level past the limit."""
    return sum(len(o) for o in opens[:NESTING_LIMIT])


# --- a byte-order mark, another encoding --------------------------------------------------

BOM = b"\xef\xbb\xbf"


def test_a_bestiary_saved_with_a_byte_order_mark_is_read_and_saved_into(
    tmp_path: Path, capsys: Capsys
) -> None:
    """An encounter saved by Notepad (UTF-8 with a BOM) loaded, but a bestiary, settings,
    theme or keymap saved the same way was refused: `tracker bestiary` said
    `basic.toml:1:1: Invalid statement` and `save-template` was not saved."""
    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_bytes(BOM + b'ruleset = "basic"\n\n[[blocks]]\nid = "ogre"\nname = "Ogre"\n')
    assert "ogre" in ok(capsys, "bestiary")
    fight = basic_file(tmp_path)
    assert "Ogre" in ok(capsys, "do", fight, "add", "ogre")
    ok(capsys, "do", fight, "save-template", "orc", "as", "brute")
    assert {"ogre", "brute"} <= set(ok(capsys, "bestiary", "--json").split('"'))


def test_settings_a_theme_and_a_keymap_with_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(BOM + b'theme = "nerv"\n')
    settings = Settings.load()
    assert (settings.theme, settings.problem) == ("nerv", "")
    theme = tmp_path / "themes" / "mine.toml"
    theme.parent.mkdir()
    theme.write_bytes(BOM + b'name = "mine"\nprimary = "#123456"\n')
    shelf = load_themes([theme.parent])
    assert "mine" in shelf.themes and shelf.problems == []
    keymap = tmp_path / "keymap.toml"
    keymap.write_bytes(BOM + b'undo = "z"\n')
    found = read_keymap(keymap, {"undo"})
    assert found.keys == {"undo": "z"} and found.problems == []


def test_settings_in_another_encoding_are_named_by_file_line_and_column() -> None:
    """Settings in UTF-16 said `cannot read the settings ('utf-8' codec can't decode byte
    0xff in position 0: invalid start byte)`: Python's words, and no place."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes('theme = "nerv"\n'.encode("utf-16"))
    assert Settings.load().problem == (
        f"{path}:1:1: cannot read the settings (the file is not valid UTF-8: it looks like UTF-16"
        " — save it as UTF-8) — using the defaults"
    )


# --- a newer tracker's file -----------------------------------------------------------------


@pytest.mark.parametrize("command", [["show"], ["add-pc", "Ann", "hp=3"], ["fight", "g.toml"]])
def test_a_campaign_from_a_newer_tracker_says_to_upgrade(
    tmp_path: Path, capsys: Capsys, command: list[str]
) -> None:
    """An encounter of format 3 said "format 3 is newer than this tracker reads (2) —
    upgrade tracker"; a campaign of format 3 said "format must be 2 in a campaign file",
    as if the GM had mistyped it."""
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic")
    path.write_text(path.read_text().replace("format = 2", "format = 3", 1))
    err = refused(capsys, [path], "campaign", command[0], path, *command[1:])
    assert err == (
        f"tracker: {path}:1:1: format 3 is newer than this tracker reads (2) — upgrade tracker\n"
    )
    assert not (tmp_path / "g.toml").exists()


def test_opening_a_pipe_in_the_tui_or_the_view_says_what_it_is(
    tmp_path: Path, capsys: Capsys
) -> None:
    """`tracker fifo.toml` said "fifo.toml: does not exist — create one with `tracker new
    fifo.toml …`", and `tracker new` then said it already exists."""
    from tracker.store.follow import first_look
    from tracker.ui import launch

    path = pipe(tmp_path / "fifo.toml")
    assert launch.launch(path) == 1
    assert capsys.readouterr().err == f"tracker: {path}: is a named pipe, not a file\n"
    assert first_look(path) == (
        f"{path}: is a named pipe, not a file — give the encounter file the GM is playing"
    )
    assert launch.play(tmp_path / "nope.toml").endswith(
        f"does not exist — create one with `tracker new {tmp_path / 'nope.toml'} --ruleset basic`"
    )


# --- an import's place ------------------------------------------------------------------------

BROKEN_IMPORTS = {
    "cut.json": (b'{"name": "x",\n "type" "threat"}', "2:9", "not JSON: Expecting ':' delimiter"),
    "pack.db": (b'{"name": "x", "type": "threat"}\n{oops\n', "2:2", "not JSON: Expecting property"),
    "cut.yml": (b'name: x\ntype: threat\nsystem: "open\n', "4:1", "not YAML: found unexpected end"),
    "latin.json": (b'{"name": "\xff"}', "1:11", "not UTF-8 text, byte 10"),
}


@pytest.mark.parametrize("name", BROKEN_IMPORTS)
def test_a_broken_import_is_named_by_file_line_and_column(
    tmp_path: Path, capsys: Capsys, name: str
) -> None:
    """`tracker import cut.json` said "cut.json: not a Foundry export (not JSON: Expecting
    ':' delimiter at line 2, column 9)": the place in words inside the sentence, where
    every other file error starts `file:line:col:`."""
    data, place, said = BROKEN_IMPORTS[name]
    path = tmp_path / name
    path.write_bytes(data)
    err = refused(capsys, [path], "import", path)
    assert err.startswith(f"tracker: {name}:{place}: not a Foundry export ({said}")
    assert err.endswith(") — nothing was imported\n")


def test_a_bestiary_or_table_not_in_utf8_is_named_by_line_and_column(
    tmp_path: Path, capsys: Capsys
) -> None:
    """A bestiary in Latin-1 said `basic.toml: is not UTF-8 text (byte 40)`, where an
    encounter says `f.toml:4:8: the file is not valid UTF-8`."""
    from tracker.store.tables import read_table

    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_bytes(b'ruleset = "basic"\n\n[[blocks]]\nid = "o\xff"\n')
    fight = basic_file(tmp_path)
    err = refused(capsys, [fight, bestiary], "do", fight, "save-template", "orc", "as", "x")
    assert (
        err
        == f"tracker: {bestiary}:4:8: is not UTF-8 text: it looks like Latin-1 — save it as UTF-8"
        " — the command was not saved\n"
    )
    table = tmp_path / "t.toml"
    table.write_bytes(b'name = "x\xfe"\n')
    with pytest.raises(JournalError, match=r"t\.toml:1:10: is not UTF-8 text: it looks like Lat"):
        read_table(table)


def test_a_theme_or_keymap_that_does_not_parse_is_named_by_file_line_and_column(
    tmp_path: Path,
) -> None:
    """A broken theme said `theme evil.toml: Invalid statement (at line 2, column 1)`,
    one in Latin-1 `'utf-8' codec can't decode byte 0xff in position 9: …` (Python's
    words); the keymap the same. Both now start `file:line:col:` as the settings do."""
    theme = tmp_path / "themes" / "evil.toml"
    theme.parent.mkdir()
    theme.write_bytes(b'name = "evil"\n!!\n')
    [problem] = load_themes([theme.parent]).problems
    assert problem == f"theme {theme}:2:1: {NOT_A_LINE}"
    theme.write_bytes(b'name = "\xff"\n')
    [problem] = load_themes([theme.parent]).problems
    assert problem == f"theme {theme}:1:9: the file is not valid UTF-8{LATIN_1}"
    keymap = tmp_path / "keymap.toml"
    keymap.write_bytes(b'undo = "z"\n!!\n')
    assert read_keymap(keymap, {"undo"}).problems == [
        f"{keymap}:2:1: {NOT_A_LINE} — keymap ignored"
    ]
