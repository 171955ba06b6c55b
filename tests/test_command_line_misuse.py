"""A misused command line is one sentence and exit 2, whichever subcommand: a choice that
is not one is refused in words (not argparse's `invalid choice: 'x' (choose from 'a',
'b')`), and flags that ask for two different things are refused rather than one quietly
winning (`campaign recap --html -f md` wrote HTML; `-f json` was exit 1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.campaign_helpers import cli, ok
from tests.side_helpers import Capsys
from tests.ui_helpers import ROOT
from tracker.store.encounter_file import load


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["import", "--side", "foe", "x.json"], "'foe' is not one of pc, ally, enemy or neutral"),
        (["completion", "tcsh"], "'tcsh' is not one of bash, zsh or fish"),
        (["rulesets", "nope"], "'nope' is not check"),
    ],
)
def test_a_choice_that_is_not_one_is_refused_in_words(
    capsys: Capsys, args: list[str], said: str
) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert said in err and "choose from" not in err and "invalid choice" not in err, err


@pytest.fixture
def campaign(tmp_path: Path, capsys: Capsys) -> Path:
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic")
    return path


@pytest.mark.parametrize(
    ("flags", "code", "said"),
    [
        (["--html", "-f", "md"], 2, "--html and --format md ask for two formats"),
        (["-f", "json"], 2, "a campaign recap is md or html, not json"),
        (["-f", "pdf"], 2, "a campaign recap is md or html, not pdf"),
        (["-o", "{folder}/recap.txt"], 1, "a campaign recap is md or html, not txt"),
    ],
)
def test_a_recap_asked_in_two_formats_or_one_it_is_not_is_refused(
    tmp_path: Path, capsys: Capsys, campaign: Path, flags: list[str], code: int, said: str
) -> None:
    before = sorted(tmp_path.iterdir())
    typed = [flag.format(folder=tmp_path) for flag in flags]
    status, out, err = cli(capsys, "campaign", "recap", campaign, *typed)
    assert (status, out) == (code, "") and err.count("\n") == 1 and said in err, err
    assert sorted(tmp_path.iterdir()) == before


def test_html_said_twice_is_html(capsys: Capsys, campaign: Path) -> None:
    assert ok(capsys, "campaign", "recap", campaign, "--html", "-f", "html").startswith("<!")


@pytest.mark.parametrize("sample", ["basic-bandits-at-the-ford", "alien-operations-deck"])
def test_do_help_lists_every_command_with_its_usage_and_changes_nothing(
    tmp_path: Path, capsys: Capsys, sample: str
) -> None:
    """`tracker do F help` was "unknown command 'help'" (exit 1), though the docs and the
    refusals send the GM to it."""
    path = tmp_path / "f.toml"
    path.write_bytes((ROOT / "encounters" / f"{sample}.toml").read_bytes())
    before = path.read_bytes()
    listed = ok(capsys, "do", path, "help").splitlines()
    verbs = load(path).encounter.verbs
    assert len(listed) == len(verbs) + 2  # undo and redo too
    assert f"{verbs['dmg'].usage} — {verbs['dmg'].summary}" in listed
    assert ok(capsys, "do", path, "help", "DMG").splitlines() == [
        f"{verbs['dmg'].usage} — {verbs['dmg'].summary}"
    ]
    code, _, err = cli(capsys, "do", path, "help", "zap")
    assert code == 1 and "no command 'zap'" in err and err.count("\n") == 1
    assert path.read_bytes() == before


def test_dash_is_standard_output_and_a_blank_output_a_misuse(
    tmp_path: Path, capsys: Capsys, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o -` wrote a file named "-"; `-o ''` wrote the log to standard output (log) or
    said ". is a folder" (recap)."""
    monkeypatch.chdir(tmp_path)
    fight = tmp_path / "f.toml"
    fight.write_bytes((ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes())
    before = sorted(tmp_path.iterdir())
    assert ok(capsys, "log", fight, "-o", "-").startswith("# Bandits at the ford")
    assert ok(capsys, "campaign", "recap", campaign, "--html", "-o", "-").startswith("<!")
    for command in (["log", fight], ["campaign", "recap", campaign]):
        code, out, err = cli(capsys, *command, "-o", "")
        assert (code, out) == (2, "") and "-o needs a file name" in err
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("typed", ["0", "-1", "x", "2-4"])
def test_a_round_that_is_not_one_is_said_as_such(
    tmp_path: Path, capsys: Capsys, typed: str
) -> None:
    """`log --round 0` said "rounds '0' make no range: write the first round, a dash…"."""
    fight = tmp_path / "f.toml"
    fight.write_bytes((ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes())
    code, out, err = cli(capsys, "log", fight, "--round", typed)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"--round takes one round number (1 or more), not '{typed}'" in err, err


@pytest.mark.parametrize(
    ("args", "said"),
    [(["do"], "FILE and COMMAND missing"), (["new"], "FILE and --ruleset missing")],
)
def test_what_is_missing_is_named_as_the_help_names_it(
    capsys: Capsys, args: list[str], said: str
) -> None:
    """argparse said "the following arguments are required: file, words"."""
    code, out, err = cli(capsys, *args)
    assert (code, out) == (2, "") and said in err and "following arguments" not in err, err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["log", "f.toml", "--round", "2", "--rounds", "1-2"], "--rounds and --round cannot go"),
        (["bestiary", "--ruleset"], "--ruleset needs a value"),
    ],
)
def test_flags_that_exclude_each_other_or_lack_a_value_are_said_plainly(
    capsys: Capsys, args: list[str], said: str
) -> None:
    code, out, err = cli(capsys, *args)
    assert (code, out) == (2, "") and said in err and "argument" not in err, err


@pytest.mark.parametrize(
    "args",
    [
        ["state", "missing.toml", "--json"],
        ["ls", "missing-folder", "--json"],
        ["bestiary", "--ruleset", "nope", "--json"],
        ["campaign", "show", "missing.toml", "--json"],
        ["log", "missing.toml", "-f", "json"],
    ],
    ids=" ".join,
)
def test_a_json_command_refused_prints_one_line_on_stderr_and_no_json(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """What `tracker --help` says of every refusal holds for --json: a script reading
    stdout gets nothing half-made, and the line says why."""
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *args)
    assert (code, out) == (1, "") and err.startswith("tracker: ") and err.count("\n") == 1
    assert "With --json too" in ok(capsys, "--help")


def test_bytes_that_are_not_utf8_are_named_as_bytes(tmp_path: Path, capsys: Capsys) -> None:
    """A file name or a command holding a byte that is not UTF-8 (a shell passes them)
    ended in Python's "'utf-8' codec can't encode character '\\udcfc' in position 33:
    surrogates not allowed"."""
    name = tmp_path / os.fsdecode(b"\xfcber.toml")
    code, _, err = cli(capsys, "new", name, "--ruleset", "basic")
    assert code == 1 and "the byte 0xFC (not UTF-8)" in err and "codec" not in err, err
    assert "\\xfcber.toml" in err and list(tmp_path.iterdir()) == []
    fight = tmp_path / "f.toml"
    fight.write_bytes((ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes())
    before = fight.read_bytes()
    code, _, err = cli(capsys, "do", fight, "note", os.fsdecode(b"caf\xe9"))
    assert code == 1 and "the byte 0xE9 (not UTF-8)" in err and "codec" not in err, err
    assert fight.read_bytes() == before


def test_import_as_a_ruleset_with_no_foundry_system_lists_them_in_words(
    capsys: Capsys,
) -> None:
    actor = ROOT / "tests" / "fixtures" / "foundry" / "wrath-threat.json"
    code, out, err = cli(capsys, "import", "--ruleset", "basic", actor)
    assert code == 1 and "import into alien-evolved or wrath-glory" in err, err
