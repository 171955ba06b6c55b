"""A verb says what it reads: ``verb(…, options=…)`` declares its options, and the one
place that decides a command line refuses any other in one line — the verb, the option,
a "did you mean" for a near miss and what it takes — before the verb runs, the file
untouched. A stranger's verb that declares nothing is handed every option, as before."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from tests.harm_ruleset import HarmOnly
from tests.installed_ruleset import fight_file
from tracker.api import API_VERSION, Command, DiceLike, Draft, Verb, by_name, set_track, verb
from tracker.cli import main

FIGHT = """format = 2

[encounter]
title = "The pier"
ruleset = "harm-options"

[[combatants]]
id = "jack"
name = "Jack"
side = "pc"

[[combatants]]
id = "slim"
name = "Slim"
"""


def harm(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``harm WHO N [pierce=N] [soak]``: harm up by N, less 1 with soak, plus pierce."""
    amount = command.number(1, "an amount") + command.option_int("pierce")
    amount -= 1 if command.flag("soak") else 0
    who = command.arg(0, "who")
    set_track(draft, who, "harm", draft.state.combatant(who).track("harm") + amount, "hurt")


class HarmOptions(HarmOnly):
    """``harm`` declares its options; ``loose`` (the same) declares nothing."""

    id: ClassVar[str] = "harm-options"

    def verbs(self) -> Mapping[str, Verb]:
        """A declared verb and an undeclared one."""
        return by_name(
            verb(
                "harm",
                "harm WHO N [pierce=N] [soak]",
                "harm",
                harm,
                options=("pierce",),
                flags=("soak",),
            ),
            verb("loose", "loose WHO N", "harm, undeclared", harm),
            verb("still", "still WHO N", "harm, no options", harm, options=()),
        )


RULESET = HarmOptions


@pytest.fixture
def fight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The pier, its ruleset installed for the test."""
    return fight_file(HarmOptions, monkeypatch, tmp_path / "pier.toml", FIGHT)


def refused(path: Path, line: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``tracker do`` says on refusing ``line`` (exit 1, the file as it was)."""
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["do", str(path), *line.split()]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    assert path.read_bytes() == before
    return err


def test_the_api_version_says_options_came_in_a_minor() -> None:
    assert tuple(map(int, API_VERSION.split(".")[:2])) >= (1, 8)


def test_a_near_miss_is_refused_with_did_you_mean(
    fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(fight, "harm slim 2 pierc=2", capsys)
    assert "'harm' has no option 'pierc=2' (did you mean 'pierce'?)" in err
    assert err.endswith("it takes: pierce=…, soak")


def test_a_word_far_from_any_is_refused_without_a_guess(
    fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(fight, "harm slim 2 zzz=1", capsys)
    assert "'zzz=1'" in err and "did you mean" not in err


def test_a_verb_that_takes_none_says_so(fight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(fight, "still slim 2 +soak", capsys).endswith(
        "'still' has no option 'soak' — it takes no options"
    )


def test_declared_options_and_flags_are_read(
    fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["do", str(fight), "harm", "slim", "1", "pierce=1"]) == 0  # 2
    assert main(["do", str(fight), "harm", "slim", "2", "soak"]) == 0  # 1
    assert main(["do", str(fight), "harm", "slim", "1", "soak=yes"]) == 0  # 0
    capsys.readouterr()
    assert main(["state", str(fight), "--json"]) == 0
    slim = json.loads(capsys.readouterr().out)["combatants"][1]
    assert slim["tracks"]["harm"]["value"] == 3, slim


def test_an_undeclared_verb_is_handed_every_option_as_before(
    fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["do", str(fight), "loose", "slim", "2", "pierc=2"]) == 0
