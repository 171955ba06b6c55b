"""What fuzzing every file from elsewhere found (tests/test_fuzz_journals.py and
tests/test_fuzz_readers.py), one plain test each: a refusal leaves every file as it was
and is one sentence naming the file, never a Python repr or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz_judge import PYTHON_WORDS, files_in, run
from tests.fuzz_mutations import resigned
from tests.fuzz_setup import own_folders, played
from tests.ui_helpers import BASIC_TEXT, ROOT
from tracker.paths import user_config_dir
from tracker.rules.base import Ruleset
from tracker.rules.registry import load_ruleset
from tracker.rules.ruledata import RuleDataError
from tracker.store.bestiary import user_bestiary_file
from tracker.ui.themes import load_themes


def test_a_refused_command_adds_no_line_break_to_a_file_that_ends_without_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tracker do f.toml next` on a hand-made file of no events and no final newline
    said "the fight has not started yet" and left a line break at its end."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_bytes(BASIC_TEXT.rstrip("\n").encode("utf-8"))
        before = files_in(folder)
        outcome = run(capsys, "do", path, "next")
        assert outcome.err == "tracker: the fight has not started yet — type 'start'\n"
        assert files_in(folder) == before
        assert run(capsys, "do", path, "start").code == 0
        assert run(capsys, "check", path).code == 0


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("primary = 1979-05-27T07:32:00Z", "primary must be text in quotes"),
        ('primary = "#123456"\nname = [1, 2]', "name must be text in quotes"),
        ('primary = "#123456"\ndark = "no"', "dark must be true or false"),
        ('primary = "#123456"\n[variables]\nfooter = { a = 1 }', "variables.footer must be text"),
    ],
    ids=["date-colour", "list-name", "text-dark", "table-variable"],
)
def test_a_theme_value_of_another_type_is_said_in_words_not_python(
    capsys: pytest.CaptureFixture[str], line: str, said: str
) -> None:
    """`primary = 1979-05-27T07:32:00Z` in a theme said "primary =
    datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.timezone.utc) is not a colour";
    a list for its name or a table among its variables became Python's repr of them."""
    with own_folders():
        path = user_config_dir() / "themes" / "mine.toml"
        path.parent.mkdir(parents=True)
        path.write_text(line + "\n", encoding="utf-8")
        outcome = run(capsys, "themes")
        assert outcome.code == 0 and "nerv" in outcome.out
        assert outcome.err.startswith(f"tracker: theme mine.toml: {said}")
        assert outcome.err.endswith(" — not offered\n") and outcome.err.count("\n") == 1
        [problem] = load_themes([path.parent]).problems
        assert problem.startswith(f"theme mine.toml: {said}")
        assert not PYTHON_WORDS.search(problem) and "{" not in problem


def fuzzed_ruleset(rid: str, data: bytes, folder: Path) -> Ruleset:
    """Ruleset ``rid`` reading its data from ``data`` (a file in ``folder``), through the
    loader every ruleset uses (``Ruleset.data``)."""
    path = folder / "data.toml"
    path.write_bytes(data)
    bundled = type(load_ruleset(rid))
    fuzzed = type("Fuzzed", (bundled,), {"data_file": str(path), "__module__": bundled.__module__})
    rules: Ruleset = fuzzed()
    return rules


@pytest.mark.parametrize(
    ("rid", "old", "new"),
    [
        ("nerv-d100", 'name = "Prone"', "name = 7"),
        ("eva-escale", 'name = "On Foot"', 'label = "On Foot"'),
    ],
    ids=["nerv-name-a-number", "eva-no-name"],
)
def test_a_condition_slip_in_a_data_file_is_one_line_naming_the_file(
    rid: str, old: str, new: str
) -> None:
    """A condition named `7` in nerv-d100's data.toml ended in AttributeError: 'int' object
    has no attribute 'casefold' (the check at load swallowed it: `getattr(rules, "tables",
    None)`); one with no name in eva-escale's said "every ailment entry needs a name",
    naming no file."""
    original = (ROOT / "tracker" / "rules" / rid.replace("-", "_") / "data.toml").read_text()
    assert old in original
    with own_folders() as folder:
        rules = fuzzed_ruleset(rid, original.replace(old, new, 1).encode(), folder)
        with pytest.raises(RuleDataError) as caught:
            rules.check_data()
    said = str(caught.value)
    assert said.startswith(f"{rid} {folder / 'data.toml'}: ") and "\n" not in said
    assert not PYTHON_WORDS.search(said)


def test_a_pack_folder_file_named_alone_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`tracker import _Folder.yml` (a pack's folder entry, named alone) said two lines: what
    the file is, then "no actor or RollTable in what was named — nothing was imported"."""
    with own_folders() as folder:
        path = folder / "_Folder.yml"
        path.write_bytes((ROOT / "tests/fixtures/foundry/wrath-pack/_Folder.yml").read_bytes())
        outcome = run(capsys, "import", path)
    assert outcome.code == 1 and outcome.out == ""
    assert outcome.err == (
        "tracker: _Folder.yml: a pack folder (Tyranids), not an actor — nothing was imported\n"
    )


TORN = b'[[events]]\nseq = 99\ntype = "note.added"\nat = 2026-11-28T10:00:00Z\ntext = "cut sh'
"""The start of a block a crash cut off: a torn end."""


def test_a_refused_command_leaves_a_torn_end_where_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tracker do f.toml bogus` on a file with a torn end moved the end aside (a side file
    made, the file cut) and said so, then refused the command: two lines, and the files
    changed by a command that was not made."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_text(BASIC_TEXT, encoding="utf-8")
        assert run(capsys, "do", path, "start").code == 0
        with path.open("ab") as file:
            file.write(TORN)
        before = files_in(folder)
        outcome = run(capsys, "do", path, "bogus")
        assert outcome.code == 1 and outcome.err.count("\n") == 1, outcome.err
        assert "bogus" in outcome.err and files_in(folder) == before
        outcome = run(capsys, "do", path, "next")
        assert outcome.code == 0 and outcome.err.count("\n") == 1
        assert "the last command was cut off by a crash" in outcome.err
        assert len(files_in(folder)) == 2 and run(capsys, "check", path).code == 0


def test_a_refused_campaign_command_leaves_a_torn_end_where_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same for a campaign: `campaign undo` with nothing to undo moved the torn end
    aside before it refused."""
    with own_folders() as folder:
        path = folder / "c.toml"
        assert run(capsys, "campaign", "new", path, "--ruleset", "basic").code == 0
        with path.open("ab") as file:
            file.write(TORN)
        before = files_in(folder)
        outcome = run(capsys, "campaign", "undo", path)
        assert outcome.code == 1 and outcome.err.count("\n") == 1, outcome.err
        assert files_in(folder) == before
        outcome = run(capsys, "campaign", "add-pc", path, "Ann", "hp=9")
        assert outcome.code == 0 and "cut off by a crash" in outcome.err
        assert len(files_in(folder)) == 2


@pytest.mark.parametrize("kind", ["", "kind = 7\n", "kind = [1]\n"], ids=["none", "int", "list"])
def test_a_campaign_event_without_a_type_in_words(
    capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """A campaign block with no `type` (its crc right) said "unknown campaign event type
    None"; one whose type is a number or a list, Python's repr of it."""
    with own_folders() as folder:
        path = folder / "c.toml"
        assert run(capsys, "campaign", "new", path, "--ruleset", "basic").code == 0
        assert run(capsys, "campaign", "add-pc", path, "Ann", "hp=9").code == 0
        text = path.read_text(encoding="utf-8")
        typed = next(line for line in text.splitlines() if line.startswith("type = "))
        text = text.replace(typed + "\n", kind.replace("kind", "type"))
        path.write_bytes(resigned(text.encode("utf-8")))
        lines = path.read_text(encoding="utf-8").splitlines()
        at = next(n for n, x in enumerate(lines, 1) if x.startswith("type = ")) if kind else 0
        at = at or lines.index("[[events]]") + 1  # no type: the block's own line
        outcome = run(capsys, "campaign", "show", path)
    assert outcome.err == f"tracker: {path}:{at}:1: a campaign event needs a 'type' in quotes\n"


def test_a_campaign_pc_entry_the_ruleset_refuses_is_the_files_place(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A PC's stored entry with a stat the ruleset does not know (`qhysique`, its crc
    right): `check` said ok, and `campaign show` printed half the party, then "no stat
    'qhysique' for Shinji — …", naming no file."""
    with own_folders() as folder:
        path = folder / "c.toml"
        assert run(capsys, "campaign", "new", path, "--ruleset", "nerv-d100").code == 0
        assert run(capsys, "campaign", "add-pc", path, "Shinji", "physique=40").code == 0
        path.write_bytes(resigned(path.read_bytes().replace(b"physique = 40", b"qhysique = 40")))
        lines = path.read_text(encoding="utf-8").splitlines()
        at = next(n for n, line in enumerate(lines, 1) if line.startswith("entry = "))
        for command in (["campaign", "show"], ["check"]):
            outcome = run(capsys, *command, path)
            assert outcome.code == 1 and outcome.out == ""
            assert outcome.err.startswith(f"tracker: {path}:{at}:1: event 1's entry: no stat")


@pytest.mark.parametrize("value", ["1979-05-27T07:32:00Z", "7", "[1]"])
def test_a_bestiary_ruleset_of_another_type_is_said_in_words(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    """`ruleset = 1979-05-27T07:32:00Z` in a bestiary said "holds datetime.datetime(1979,
    5, 27, 7, 32, tzinfo=datetime.timezone.utc) blocks, not 'basic'"; saving a block into
    it said the same."""
    with own_folders() as folder:
        mine = user_bestiary_file("basic")
        mine.parent.mkdir(parents=True)
        mine.write_text(f'ruleset = {value}\n\n[[blocks]]\nid = "ogre"\nname = "Ogre"\n')
        said = f"{mine}:1:1: ruleset must be a ruleset's id in quotes, such as 'basic'"
        outcome = run(capsys, "bestiary", "--ruleset", "basic")
        assert outcome.code == 1 and outcome.err == f"tracker: {said}\n"
        fight = folder / "f.toml"
        fight.write_text(BASIC_TEXT, encoding="utf-8")
        assert run(capsys, "do", fight, "start").code == 0
        outcome = run(capsys, "do", fight, "save-template", "orc", "as", "brute")
        assert outcome.code == 1 and "ruleset must be a ruleset's id in quotes" in outcome.err
        assert not PYTHON_WORDS.search(outcome.err)


def test_a_control_byte_toml_refuses_is_named_in_words_by_every_toml_reader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A raw form feed or ESC where TOML allows none said tomllib's "Illegal character
    '\\x0c'" — Python's escape of it — in `check`, `themes` and a ruleset's data file."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_bytes(BASIC_TEXT.replace("\n[encounter]", "\n# \x0c\n[encounter]", 1).encode())
        outcome = run(capsys, "check", path)
        assert outcome.err.startswith(f"tracker: {path}:")
        assert outcome.err.endswith(": the control character U+000C cannot stand here\n")
        theme = user_config_dir() / "themes" / "mine.toml"
        theme.parent.mkdir(parents=True)
        theme.write_bytes(b'primary = "#123456"\n# \x1b\n')
        outcome = run(capsys, "themes")
        assert outcome.err == (
            f"tracker: theme {theme}:2:3: the control character ESC (U+001B) cannot stand "
            "here — not offered\n"
        )
        rules = fuzzed_ruleset("basic", b"# \x0c", folder)
        with pytest.raises(RuleDataError) as caught:
            rules.check_data()
        assert str(caught.value) == (
            f"{folder / 'data.toml'}:1:3: the control character U+000C cannot stand here"
        )


@pytest.mark.parametrize("command", [["log", "-f", "txt"], ["state"], ["check"]])
def test_a_round_that_skips_ahead_is_refused_at_its_place(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A round.started block saying `round = 1099511627776` (its crc right) loaded: `tracker
    log` then built a table of a trillion rounds and died of a MemoryError traceback."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_text(BASIC_TEXT, encoding="utf-8")
        for line in ("start", "next", "next", "next", "next"):
            assert run(capsys, "do", path, line).code == 0
        text = path.read_bytes()
        assert b"round = 2\n" in text
        path.write_bytes(resigned(text.replace(b"round = 2\n", b"round = 1099511627776\n")))
        lines = path.read_text(encoding="utf-8").splitlines()
        block = lines.index("round = 1099511627776") - 3  # its type line: what cannot apply
        outcome = run(capsys, command[0], path, *command[1:])
    assert outcome.code == 1 and outcome.out == ""
    assert outcome.err.startswith(f"tracker: {path}:{block}:1: event ")
    assert outcome.err.endswith(": round 1099511627776 cannot begin after round 1\n")


def test_a_fight_a_crash_cut_short_is_said_when_the_next_command_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The fight's file a crash kept from being made is made by the next command, which
    then said so only if it was not refused (since a torn end waits for a command that
    writes): `campaign redo` made the file silently, then said "nothing to redo"."""
    with own_folders() as folder:
        path, fight = folder / "c.toml", folder / "f.toml"
        assert run(capsys, "campaign", "new", path, "--ruleset", "basic").code == 0
        assert run(capsys, "campaign", "add-pc", path, "Ann", "hp=9").code == 0
        assert run(capsys, "campaign", "fight", path, fight).code == 0
        fight.unlink()  # as if the crash came between the campaign's write and the file's
        outcome = run(capsys, "campaign", "redo", path)
        assert outcome.code == 1 and fight.is_file()
        made, refused = outcome.err.splitlines()
        assert made.startswith("tracker: Fight 1 (") and "made now" in made
        assert refused == "tracker: nothing to redo"


def test_a_pack_whose_actors_cannot_join_the_fight_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tracker import alien-module-dump.json --into f.toml` (a Wrath & Glory fight) said one
    line for each Alien actor of the pack: "alien-module-dump.json #1: alien-evolved actors
    cannot join f.toml …", then the same for #3."""
    with own_folders() as folder:
        fight = folder / "f.toml"
        fight.write_bytes(played("wrath-ork-boarding.toml"))
        export = ROOT / "tests/fixtures/foundry/alien-module-dump.json"
        outcome = run(capsys, "import", export, "--into", fight)
    assert outcome.code == 1 and outcome.out == ""
    assert outcome.err == (
        "tracker: alien-module-dump.json #1, alien-module-dump.json #3: alien-evolved actors "
        "cannot join f.toml (its ruleset is wrath-glory) — nothing was imported\n"
    )
