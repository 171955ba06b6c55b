"""Shell completion (issue 32): ``tracker completion bash|zsh|fish`` prints a script made
from the command line's own parser; run in the shell it completes subcommands, encounter
files, and after ``do FILE`` the file's verbs, then its combatant ids — without changing
the file, and never handing the shell anything it would expand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.cli import completion, main

ROOT = Path(__file__).resolve().parents[1]
SACHIEL = ROOT / "encounters" / "nerv-sachiel.toml"
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder with a fight, another encounter, a note and a ``tracker`` on PATH that
    runs this checkout."""
    shutil.copyfile(SACHIEL, tmp_path / "f.toml")
    (tmp_path / "other.toml").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    command = tmp_path / "bin" / "tracker"
    command.parent.mkdir()
    command.write_text(
        f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m tracker "$@"\n',
        encoding="utf-8",
    )
    command.chmod(0o755)
    return tmp_path


def script(capsys: pytest.CaptureFixture[str], shell: str) -> str:
    capsys.readouterr()
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


def in_shell(table: Path, args: list[str], text: str) -> str:
    env = {**os.environ, "PATH": f"{table / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        args, cwd=table, env=env, capture_output=True, text=True, timeout=120, input=text
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("shell", completion.SHELLS)
def test_a_script_is_printed_for_each_shell(capsys: pytest.CaptureFixture[str], shell: str) -> None:
    text = script(capsys, shell)
    assert "tracker _complete line" in text  # verbs and ids after `do FILE`
    assert "*.toml" in text
    for sub in ("state", "campaign", "completion", "writeback"):
        assert sub in text


def test_an_unknown_shell_is_a_misused_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "powershell"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


BASH = """
source "$1"
t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
      _shtab_tracker; printf '%s|' "${COMPREPLY[@]}"; echo; }
t tracker st
t tracker state ""
t tracker do f.toml d
t tracker do --seed 3 f.toml dmg sa
t tracker new x.toml --ruleset n
"""


def test_bash_completes_subcommands_files_verbs_and_ids(
    capsys: pytest.CaptureFixture[str], table: Path
) -> None:
    path = table / "tracker.bash"
    path.write_text(script(capsys, "bash"), encoding="utf-8")
    before = (table / "f.toml").read_bytes()
    lines = in_shell(table, ["bash", "-c", BASH, "bash", str(path)], "").splitlines()
    assert lines[0] == "state|"
    assert set(lines[1].strip("|").split("|")) == {"f.toml", "other.toml", "bin"}
    verbs = lines[2].strip("|").split("|")
    assert "dmg" in verbs and "delay" in verbs and all(v.startswith("d") for v in verbs)
    assert lines[3] == "sachiel|"
    assert lines[4] == "nerv-d100|"
    assert (table / "f.toml").read_bytes() == before
    assert sorted(p.name for p in table.iterdir()) == [
        "bin",
        "f.toml",
        "notes.txt",
        "other.toml",
        "tracker.bash",
    ]


BASH_FIRST_WORD = """
source "$1"
t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
      _tracker_complete; printf '%s|' "${COMPREPLY[@]}"; echo; }
t tracker o
t tracker ""
t tracker log f.toml -f j
"""


def test_bash_completes_a_file_to_play_and_the_log_formats(
    capsys: pytest.CaptureFixture[str], table: Path
) -> None:
    path = table / "tracker.bash"
    path.write_text(script(capsys, "bash"), encoding="utf-8")
    lines = in_shell(table, ["bash", "-c", BASH_FIRST_WORD, "bash", str(path)], "").splitlines()
    assert lines[0] == "other.toml|"  # `tracker FILE` plays it; notes.txt is not offered
    first = set(lines[1].strip("|").split("|"))
    assert {"f.toml", "other.toml", "bin", "state", "campaign"} <= first
    assert "notes.txt" not in first
    assert lines[2] == "json|"


def test_zsh_globs_toml_files_as_zsh_reads_a_glob(capsys: pytest.CaptureFixture[str]) -> None:
    text = script(capsys, "zsh")
    assert "_files -g '(" not in text  # zsh's _files matches nothing for '(*.toml)'
    assert text.count("_files -g '*.toml'") > 10
    assert "  _tracker_subcommands\n  _files -g '*.toml'\n" in text  # `tracker FILE`


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_a_file_to_play_and_the_log_formats(
    capsys: pytest.CaptureFixture[str], table: Path
) -> None:
    path = table / "tracker.fish"
    path.write_text(script(capsys, "fish"), encoding="utf-8")
    run = f'source {path}; complete -C "tracker o"; echo ==; complete -C "tracker log f.toml -f j"'
    files, formats = in_shell(table, ["fish", "-c", run], "").split("==\n")
    assert [line.split("\t")[0] for line in files.splitlines()] == ["other.toml"]
    assert [line.split("\t")[0] for line in formats.splitlines()] == ["json"]


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_verbs_and_ids(capsys: pytest.CaptureFixture[str], table: Path) -> None:
    path = table / "tracker.fish"
    path.write_text(script(capsys, "fish"), encoding="utf-8")
    said = in_shell(
        table,
        ["fish", "-c", f'source {path}; complete -C "tracker do f.toml dmg "'],
        "",
    )
    assert [line.split("\t")[0] for line in said.splitlines()] == [  # fish leaves "." out
        "unit-01",
        "unit-02",
        "rei",
        "sachiel",
    ]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_asks_for_verbs_then_ids(capsys: pytest.CaptureFixture[str], table: Path) -> None:
    path = table / "_tracker"
    path.write_text(script(capsys, "zsh"), encoding="utf-8")
    run = f"""
    compdef() {{ : }}; source {path}
    compadd() {{ [[ $1 == -a ]] && print -l -- ${{(P)2}} }}
    LBUFFER="tracker do 'f.toml' dmg s"; _tracker_do_words; print -- --
    LBUFFER="tracker do f.toml "; _tracker_do_words
    """
    ids, verbs = in_shell(table, ["zsh", "-c", run], "").split("--\n")
    assert ids.split() == [".", "unit-01", "unit-02", "rei", "sachiel"]
    assert "dmg" in verbs.split() and "undo" in verbs.split()


def test_the_helper_prints_only_words_a_shell_keeps_as_they_are(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = ["orc", "$(touch pwned)", "`id`", "a b", "x;y", "~root", "ok-1.2"]
    monkeypatch.setattr(completion, "_after_do", lambda typed: hostile)
    assert main(["_complete", "line", "do", "f.toml"]) == 0
    assert capsys.readouterr().out.split("\n") == ["orc", "ok-1.2", ""]


def test_the_helper_on_a_broken_or_missing_file_says_nothing_on_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 2\n[encounter\n", encoding="utf-8")
    for file in (broken, tmp_path / "missing.toml"):
        status = main(["_complete", "line", "do", str(file), "dmg"])
        out, err = capsys.readouterr()
        assert (status, out) == (1, "") and err.count("\n") == 1
    assert broken.read_text(encoding="utf-8") == "format = 2\n[encounter\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.toml"]


def test_the_helper_completes_only_after_do_file(capsys: pytest.CaptureFixture[str]) -> None:
    for typed in (["state"], ["do"], ["do", "--seed", "3"], ["do", str(SAMPLE), "dmg", "x"]):
        assert main(["_complete", "line", *typed]) == 0
        assert capsys.readouterr().out == ""
