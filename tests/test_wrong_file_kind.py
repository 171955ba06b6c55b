"""A file of another kind given where an encounter or a campaign is expected: the refusal
says what it is and where it belongs (one line, exit 1, nothing changed), instead of what
an encounter would lack (`the file needs format = 2 as its first line`) or the TOML
parser's `Invalid statement` for a Foundry export."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import ROOT

KINDS = {
    "theme": (ROOT / "themes" / "default-dark.toml", "this is a theme"),
    "bestiary": (ROOT / "bestiary" / "basic.toml", "this is a bestiary file"),
    "foundry": (ROOT / "tests" / "fixtures" / "foundry" / "rolltable-generic.json", "is JSON"),
}
COMMANDS = [["state"], ["state", "--json"], ["log"], ["check"], ["do", "next"], ["view"]]


def copied(tmp_path: Path, kind: str) -> Path:
    source = KINDS[kind][0]
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    return path


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_encounter_command_says_what_the_file_is(
    tmp_path: Path, capsys: Capsys, kind: str, command: list[str]
) -> None:
    path = copied(tmp_path, kind)
    err = refused(capsys, [path], command[0], path, *command[1:])
    assert KINDS[kind][1] in err and f"{path}:1:1:" in err, err
    assert "format = " not in err and "Invalid statement" not in err


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_campaign_command_says_what_the_file_is(
    tmp_path: Path, capsys: Capsys, kind: str
) -> None:
    path = copied(tmp_path, kind)
    err = refused(capsys, [path], "campaign", "show", path)
    assert KINDS[kind][1] in err and "unknown top-level key" not in err, err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('name = "Horrors"\n[[results]]\nrange = 1\ntext = "x"\n', "this is a roll table"),
        ('theme = "nerv"\nlast_file = "f.toml"\n', "this is a settings file"),
    ],
)
def test_a_roll_table_or_the_settings_is_named_too(
    tmp_path: Path, capsys: Capsys, text: str, said: str
) -> None:
    path = tmp_path / "x.toml"
    path.write_text(text, encoding="utf-8")
    assert said in refused(capsys, [path], "state", path)
    assert said in refused(capsys, [path], "campaign", "show", path)


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_an_empty_file_is_said_to_be_empty(tmp_path: Path, capsys: Capsys, text: str) -> None:
    """An empty file said "the file needs `format = 2` as its first line"."""
    path = tmp_path / "empty.toml"
    path.write_text(text, encoding="utf-8")
    for command in (["state"], ["check"], ["do", "next"]):
        err = refused(capsys, [path], command[0], path, *command[1:])
        assert "the file is empty — an encounter is made with `tracker new" in err, err
    err = refused(capsys, [path], "campaign", "show", path)
    assert "the file is empty — a campaign is made with `tracker campaign new" in err, err


def test_ls_names_what_each_stray_file_is(tmp_path: Path, capsys: Capsys) -> None:
    """`tracker ls` listed a theme or an empty file as `[encounter] needs ruleset = "…"`
    and a Foundry export as `Invalid statement`."""
    folder = tmp_path / "encounters"
    folder.mkdir()
    for kind in ("theme", "foundry"):
        shutil.copyfile(KINDS[kind][0], folder / f"{kind}.toml")
    (folder / "empty.toml").write_text("", encoding="utf-8")
    listed = json.loads(ok(capsys, "ls", folder, "--json"))
    problems = {Path(row["path"]).name: row["problem"] for row in listed}
    assert "this is a theme" in problems["theme.toml"]
    assert "is JSON" in problems["foundry.toml"]
    assert problems["empty.toml"].endswith("the file is empty")


@pytest.mark.parametrize("command", [["state"], ["check"], ["do", "next"], ["log"]], ids=" ".join)
def test_a_text_file_that_is_no_encounter_is_said_to_be_none_first(
    tmp_path: Path, capsys: Capsys, command: list[str]
) -> None:
    """`tracker state README.md` was refused with the TOML parser's complaint about its
    third line: now the refusal first says the file is not an encounter at all, and
    keeps where the TOML went wrong."""
    readme = tmp_path / "README.md"
    shutil.copyfile(ROOT / "README.md", readme)
    before = readme.read_bytes()
    err = refused(capsys, [readme], command[0], readme, *command[1:])
    assert err.startswith(f"tracker: {readme} is not an encounter file (a Markdown file, ")
    assert f"not TOML at {readme}:3:3: " in err and err.count("\n") == 1
    assert readme.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("notes.md", "a = 1\n", "(a Markdown file, no `format` line or [encounter] table)"),
        ("notes", "hello world\n", "(not TOML at "),
    ],
)
def test_any_file_without_a_journal_line_is_named_so(
    tmp_path: Path, capsys: Capsys, name: str, text: str, said: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert f"{path} is not an encounter file {said}" in refused(capsys, [path], "state", path)


def test_a_toml_encounter_with_a_mistake_keeps_its_own_refusal(
    tmp_path: Path, capsys: Capsys
) -> None:
    path = tmp_path / "fight.toml"
    path.write_text('format = 2\n[encounter]\ntitle = "x"\nruleset = \n', encoding="utf-8")
    err = refused(capsys, [path], "state", path)
    assert "not an encounter file" not in err and f"{path}:4:" in err, err
