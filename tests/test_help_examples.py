"""``tracker SUBCOMMAND --help`` for every subcommand and campaign action: what each
argument is, examples a GM can type as they are (each one parses), and what the exit
status means — as git, gh and pip show theirs."""

from __future__ import annotations

import re
import shlex

import pytest

from tracker.cli import main
from tracker.cli.examples import EXAMPLES

EVERY = [*EXAMPLES, "completion"]  # `tracker.cli.main` is loaded only when the tests run


def test_every_subcommand_and_campaign_action_has_examples() -> None:
    from tracker.cli.campaign import ACTIONS
    from tracker.cli.main import SUBCOMMANDS

    assert set(EVERY) == {*SUBCOMMANDS, *(f"campaign {name}" for name in ACTIONS)}


def help_of(capsys: pytest.CaptureFixture[str], name: str) -> str:
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        main([*name.split(), "--help"])
    assert ended.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", EVERY)
def test_every_help_shows_examples_and_the_exit_status(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    said = help_of(capsys, name)
    examples = said[said.index("examples:") :] if name != "completion" else said
    assert f"tracker {name}" in examples or "tracker completion bash" in examples
    tail = said[said.index("exit status:") :].splitlines()
    assert [line.split()[0] for line in tail[1:4]] == ["0", "1", "2"]
    assert "misused command line" in tail[3]


@pytest.mark.parametrize("name", EVERY)
def test_every_argument_is_said_and_none_by_an_inner_name(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    said = help_of(capsys, name)
    assert "RULESET" not in said and "{" not in said.splitlines()[0]
    if "positional arguments:" not in said:
        return
    positional = said.split("positional arguments:")[1].split("\n\n")[0]
    bare = re.findall(r"^  (\S+)\s*$", positional, flags=re.M)
    assert bare in ([], ["COMMAND"], ["ACTION"]), f"{name}: {bare} has no words"


@pytest.mark.parametrize("name", [n for n in EXAMPLES if EXAMPLES[n]])
def test_every_example_is_a_command_line_the_tracker_takes(name: str) -> None:
    for example in EXAMPLES[name]:
        words = shlex.split(example, comments=True)
        assert words[0] == "tracker" and " ".join(words[1:]).startswith(name.split()[0])
        from tracker.cli.main import build_parser

        parser = build_parser(only=words[1])
        namespace, unknown = parser.parse_known_args(words[1:])
        assert unknown == [] and namespace.handler is not None, example


def test_the_whole_command_s_help_shows_examples_that_parse(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tracker.cli.main import build_parser

    said = help_of_all(capsys)
    examples = said[said.index("examples:") : said.index("exit status:")].splitlines()[1:]
    commands = [line.split("  ")[1] for line in examples if line.startswith("  tracker")]
    assert len(commands) >= 3
    for command in commands:
        words = shlex.split(command)[1:]
        if words and words[0] in ("new", "do"):
            assert build_parser(only=words[0]).parse_known_args(words)[1] == []


def help_of_all(capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["--help"]) == 0
    return capsys.readouterr().out


def test_the_whole_command_s_help_lists_each_subcommand_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = help_of_all(capsys)
    table = said[: said.index("positional arguments:")].splitlines()
    for name in ("new", "state", "check", "paths"):
        rows = [line for line in said.splitlines() if line.split()[:1] == [name]]
        tables = [line for line in table if line.startswith(f"  tracker {name} ")]
        assert (rows, len(tables)) == ([], 1), name
    assert "COMMAND        one of those above; `tracker help COMMAND` says more" in said


@pytest.mark.parametrize("columns", [40, 60, 80, 100])
def test_no_line_of_the_help_is_wider_than_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    said = help_of_all(capsys)
    assert [line for line in said.splitlines() if len(line) > columns] == []
    rows = [line for line in said.splitlines() if line.startswith("  tracker state")]
    assert rows and all("where the fight stands" in said for _ in rows)


def test_a_wide_terminal_keeps_the_table_in_two_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    lines = help_of_all(capsys).splitlines()
    table = [line for line in lines if line.startswith("  tracker ") and "  " in line[10:]]
    starts = {len(line) - len(line[10:].split("  ", 1)[1].lstrip()) for line in table[:16]}
    assert len(table) >= 16 and len(starts) == 1, table


@pytest.mark.parametrize("name", EVERY)
def test_a_subcommand_s_help_fits_40_columns_and_its_examples_still_run_when_copied(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    said = help_of(capsys, name)
    if name == "completion":  # its install lines are the examples, kept as typed
        return
    below = said[said.index("examples:") :]  # the usage above is argparse's own
    assert [line for line in below.splitlines() if len(line) > 40] == []
    shown = said[said.index("examples:") : said.index("exit status:")]
    joined = shown.replace(" \\\n", " ")  # as a shell reads a line that goes on
    typed = [line.strip() for line in joined.splitlines() if line.strip().startswith("tracker")]
    wanted = [shlex.split(example, comments=True) for example in EXAMPLES[name]]
    assert [shlex.split(line, comments=True) for line in typed] == wanted
