"""What the fuzz tests found when run long (thousands of examples each, with wider
mutations: huge numbers, dates no calendar has, quoted and dotted keys, files of another
kind), one plain test each; the same rules as tests/test_fuzz_found.py: a refusal is one
sentence naming the file, never a Python repr or a traceback, and leaves every file as it
was."""

from __future__ import annotations

import pytest

from tests.fuzz_judge import PYTHON_WORDS, files_in, run
from tests.fuzz_mutations import resigned
from tests.fuzz_setup import own_folders, played
from tests.ui_helpers import BASIC_TEXT, ROOT
from tracker.paths import user_config_dir, user_data_dir
from tracker.store.bestiary import user_bestiary_file
from tracker.ui.keymap import read_keymap


def test_a_word_toml_cannot_read_quoted_back_is_a_sentence_not_python(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A roll table's `text = [b]Many[/b]` (its quote lost) is refused with the word quoted
    back, "'b' is not a value TOML reads": the fuzz judgement took that `'b'` for a bytes
    repr (`b'…'`) and failed the run at 1,335 examples."""
    with own_folders() as folder:
        table = user_data_dir() / "tables" / "horrors.toml"
        table.parent.mkdir(parents=True)
        table.write_bytes(b'name = "Wandering horrors"\n[[results]]\nrange = 1\ntext = [b]x[/b]"\n')
        fight = folder / "fight.toml"
        fight.write_bytes(played("wrath-ork-boarding.toml"))
        outcome = run(capsys, "do", fight, "roll", "table", "wandering", "horrors")
    assert outcome.code == 1
    assert outcome.err.endswith(
        f"{table}:4:9: 'b' is not a value TOML reads (text needs quotes: name = \"Goblin\")\n"
    )
    assert not PYTHON_WORDS.search(outcome.err)
    assert PYTHON_WORDS.search("cannot read b'\\xff'")


def test_a_dotted_key_quoted_back_is_a_sentence_not_python() -> None:
    """A keymap's `"a.b" = "z"` is said as "no key binding 'a.b'": the fuzz judgement took
    the `b'` of `'a.b'` for a bytes repr and failed the keymap run at 977 examples."""
    with own_folders() as folder:
        path = folder / "keymap.toml"
        path.write_bytes(b'"a.b" = "z"\nundo = "u"\n')
        keymap = read_keymap(path, {"undo", "next-turn"})
    [problem] = keymap.problems
    assert problem.startswith("keymap.toml: no key binding 'a.b' — ids: next-turn, undo")
    assert not PYTHON_WORDS.search(problem) and keymap.keys == {"undo": "u"}


@pytest.mark.parametrize("key", ['"a.b"', '"ключ"', '"Name"'])
def test_a_quoted_key_in_a_bestiary_block_is_placed_and_keeps_the_block_out(
    capsys: pytest.CaptureFixture[str], key: str
) -> None:
    """`"a.b" = "Ork Boy"` in a bestiary block: `tracker bestiary` listed the block as good
    (its check took the key for `a`, one given when adding) and `do F add ork-boy` said
    "unknown key 'a.b' for ork-boy", naming no file; `"ключ"` was placed at the block's
    first line, not at the key."""
    with own_folders() as folder:
        mine = user_bestiary_file("wrath-glory")
        mine.parent.mkdir(parents=True)
        mine.write_text(
            f'ruleset = "wrath-glory"\n\n[[blocks]]\nid = "ork-boy"\n{key} = "Ork Boy"\n'
            'side = "enemy"\n',
            encoding="utf-8",
        )
        shown = key.strip('"')
        said = f"{mine}:5:1: block 'ork-boy': unknown key '{shown}' for "
        outcome = run(capsys, "bestiary", "--ruleset", "wrath-glory")
        assert outcome.code == 1 and outcome.err.startswith(f"tracker: {said}")
        fight = folder / "f.toml"
        fight.write_bytes(played("wrath-ork-boarding.toml"))
        outcome = run(capsys, "do", fight, "add", "ork-boy")
        assert outcome.code == 1 and outcome.err.count("\n") == 1
        assert f"cannot be added until it is fixed: {said}" in outcome.err


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("themes/nerv.toml", "a theme"),
        ("bestiary/basic.toml", "a bestiary file"),
        ("encounters/nerv-sachiel.toml", "an encounter or campaign file"),
    ],
)
def test_a_file_of_another_kind_as_the_keymap_is_one_line(source: str, kind: str) -> None:
    """A theme saved as keymap.toml was thirteen problems — thirteen 8-second toasts at the
    table, "no key binding 'name' — ids: act-now, add-combatant, …" for each of its keys;
    an encounter three, a bestiary two."""
    with own_folders() as folder:
        path = folder / "keymap.toml"
        path.write_bytes((ROOT / source).read_bytes())
        keymap = read_keymap(path, {"undo", "next-turn"})
    [problem] = keymap.problems
    assert problem.startswith(f"{path}: this is {kind}") and "ids:" not in problem
    assert problem.endswith(", not a keymap — keymap ignored") and keymap.keys == {}


@pytest.mark.parametrize("date", ["0000-01-01", "2026-02-30", "1979-05-27"])
def test_a_yaml_date_no_calendar_has_is_read_as_text(
    capsys: pytest.CaptureFixture[str], date: str
) -> None:
    """`rating: 0000-01-01` in a pack's YAML actor: `tracker import` ended in a traceback,
    "ValueError: year 0 is out of range" (`2026-02-30`: "day is out of range for month"),
    where a date that exists imported as a value the sheet ignores."""
    carnifex = ROOT / "tests/fixtures/foundry/wrath-pack/Carnifex_cArNiFeX00000001.yml"
    with own_folders() as folder:
        path = folder / "c.yml"
        path.write_text(
            carnifex.read_text(encoding="utf-8").replace("rating: 0", f"rating: {date}", 1)
        )
        outcome = run(capsys, "import", path)
    assert outcome.code == 0 and "Carnifex" in outcome.out + outcome.err
    assert "Strength 14" in outcome.out + outcome.err


def test_a_whole_number_of_thousands_of_digits_is_one_line_in_every_toml_reader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`hp = 111…1` (5,000 digits) in an encounter, a theme or a keymap: `tracker check`
    and `tracker themes` ended in a traceback, "ValueError: Exceeds the limit (4300 digits)
    for integer string conversion", and the TUI's keymap reader raised it."""
    digits = "1" * 5000
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_text(f"format = 2\nhp = {digits}\n", encoding="utf-8")
        said = "a whole number of 5,000 digits: at most 4,300 are read"
        outcome = run(capsys, "check", path)
        assert outcome.code == 1 and outcome.err == f"tracker: {path}:2:6: {said}\n"
        theme = user_config_dir() / "themes" / "mine.toml"
        theme.parent.mkdir(parents=True)
        theme.write_text(f'primary = "#123456"\nx = [1, -{digits}]\n', encoding="utf-8")
        outcome = run(capsys, "themes")
        assert outcome.code == 0 and "nerv" in outcome.out
        assert outcome.err == f"tracker: theme {theme}:2:9: {said} — not offered\n"
        keymap = folder / "keymap.toml"
        keymap.write_text(f"undo = 0b1\nnext-turn = {digits}\n", encoding="utf-8")
        assert read_keymap(keymap, {"undo"}).problems == [f"{keymap}:2:13: {said} — keymap ignored"]


def test_a_yaml_whole_number_of_thousands_of_digits_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`rating: 111…1` (5,000 digits) in a pack's YAML actor ended `tracker import` in a
    traceback, "ValueError: Exceeds the limit (4300 digits)", where the same in a JSON
    export was already one line."""
    carnifex = ROOT / "tests/fixtures/foundry/wrath-pack/Carnifex_cArNiFeX00000001.yml"
    with own_folders() as folder:
        path = folder / "c.yml"
        text = carnifex.read_text(encoding="utf-8")
        path.write_text(text.replace("rating: 0", "rating: " + "1" * 5000, 1))
        before = files_in(folder)
        outcome = run(capsys, "import", path)
        assert files_in(folder) == before
    line = text.splitlines().index("      rating: 0") + 1
    assert outcome.code == 1 and outcome.out == ""
    assert outcome.err == (
        f"tracker: c.yml:{line}:15: not a Foundry export (a whole number of 5,000 digits: "
        "at most 4,300 are read) — nothing was imported\n"
    )


def test_a_time_no_calendar_has_in_the_last_block_is_not_pythons_words_in_ls(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The last block's `at = 0000-01-01T00:00:00Z` (its crc right): `tracker ls` listed
    the file as "cannot be read: year 0 is out of range" — Python's words, no place — from
    its quick readers of the tail; `check` already said the last command was cut off."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_text(BASIC_TEXT, encoding="utf-8")
        for line in ("start", "next"):
            assert run(capsys, "do", path, line).code == 0
        text = path.read_bytes()
        last = text.rindex(b"\nat = ") + 6
        end = text.index(b"\n", last)
        path.write_bytes(resigned(text[:last] + b"0000-01-01T00:00:00Z" + text[end:]))
        for json in ([], ["--json"]):
            outcome = run(capsys, "ls", folder, *json)
            assert outcome.code == 0 and "year 0" not in outcome.out + outcome.err
            assert "Goblin ambush" in outcome.out
        assert "cut off by a crash" in run(capsys, "check", path).err


def test_a_crc_of_thousands_of_digits_is_a_crc_that_fails(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A journal block's `crc = 111…1` (5,000 digits) ended `tracker state` in a
    traceback, "ValueError: Exceeds the limit (4300 digits)"."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_text(BASIC_TEXT, encoding="utf-8")
        assert run(capsys, "do", path, "start").code == 0
        text = path.read_bytes()
        at = text.rindex(b"\ncrc = ") + 7
        path.write_bytes(text[:at] + b"1" * 5000 + b"\n")
        outcome = run(capsys, "state", path)
    assert outcome.err.startswith(f"tracker: {path}:") and outcome.err.count("\n") == 1
    assert not PYTHON_WORDS.search(outcome.err)


def test_a_pc_joining_with_another_pcs_state_is_the_files_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A `pc.joined` block whose party table names a PC it does not add (`rhinji` for
    `shinji`, its crc right): `check` said ok and `campaign recap` ended in a KeyError
    traceback (found by the campaign fuzz run long)."""
    with own_folders() as folder:
        path = folder / "c.toml"
        assert run(capsys, "campaign", "new", path, "--ruleset", "basic").code == 0
        assert run(capsys, "campaign", "add-pc", path, "Shinji", "hp=9").code == 0
        path.write_bytes(
            resigned(path.read_bytes().replace(b"party = { shinji", b"party = { rhinji"))
        )
        before = path.read_bytes()
        for command in (["campaign", "recap"], ["campaign", "show"], ["check"]):
            outcome = run(capsys, *command, path)
            assert outcome.code == 1 and outcome.out == "", (command, outcome)
            assert outcome.err.startswith(f"tracker: {path}:"), outcome.err
            assert (
                "joins with the state of 'rhinji'" in outcome.err and "\n" not in outcome.err[:-1]
            )
        assert path.read_bytes() == before
