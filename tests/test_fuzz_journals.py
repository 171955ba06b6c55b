"""Every journal from elsewhere, fuzzed: an encounter (each bundled sample, played a few
commands, and a format-1 journal) or a campaign, mutated as :mod:`tests.fuzz_mutations`
describes, then read by every command that reads it — ``check``, ``state``, ``do F
next``, ``log`` in each format, ``ls``, ``campaign show``/``log``/``recap``/``add-pc`` —
and opened in the TUI.

Each either succeeds or refuses in one sentence naming the file (exit 1), with every
file in the folder as it was; nothing printed holds a control byte (issues 25, 26).
``FUZZ_N=500`` in the environment runs each property harder."""

from __future__ import annotations

import asyncio
import json as json_module
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz_judge import PYTHON_WORDS, files_in, judged, run, sentence_of
from tests.fuzz_mutations import mutated, resigned
from tests.fuzz_setup import FUZZ, SAMPLES, own_folders, played
from tests.ui_helpers import make_app
from tracker.cli import main
from tracker.store.encounter_file import load

OLD_FORMAT = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"
"""A format-1 journal of 77 events: the first command that writes upgrades it."""
JOURNALS = [*SAMPLES, OLD_FORMAT.name]


def journal(name: str) -> bytes:
    """The bytes of a played sample, or of the old-format journal."""
    return OLD_FORMAT.read_bytes() if name == OLD_FORMAT.name else played(name)


@cache
def campaign() -> bytes:
    """A nerv-d100 campaign's bytes: two PCs, a fight written back, a rest."""
    with own_folders() as folder:
        path, fight = folder / "c.toml", folder / "f.toml"
        lines = [
            ["campaign", "new", path, "--ruleset", "nerv-d100"],
            ["campaign", "add-pc", path, "Shinji", "physique=40", "grace=45"],
            ["campaign", "add-pc", path, "Asuka", "physique=45"],
            ["campaign", "set", path, "shinji", "stress", "2"],
            ["campaign", "fight", path, fight],
            ["do", "--seed", "3", fight, "start"],
            ["do", fight, "wound", "shinji", "2"],
            ["do", fight, "end"],
            ["campaign", "writeback", path, fight, "--yes"],
            ["campaign", "rest", path, "short"],
        ]
        for line in lines:
            assert main([str(word) for word in line]) == 0, line
        return path.read_bytes()


ENCOUNTER_COMMANDS = [
    ["check", "F"],
    ["state", "F"],
    ["state", "F", "--json"],
    ["do", "F", "next"],
    ["log", "F", "-f", "md"],
    ["log", "F", "-f", "html"],
    ["log", "F", "-f", "txt"],
    ["log", "F", "-f", "text"],
    ["log", "F", "-f", "json"],
    ["log", "F", "--gm", "--with-undone", "-f", "md"],
]


@FUZZ
@given(
    sample=st.sampled_from(JOURNALS),
    command=st.sampled_from(ENCOUNTER_COMMANDS),
    data=st.data(),
)
def test_a_mutated_encounter_is_read_or_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], sample: str, command: list[str], data: st.DataObject
) -> None:
    mutation = data.draw(mutated(journal(sample)), label="file")
    if data.draw(st.booleans(), label="crc made right"):
        mutation = resigned(mutation)
    with own_folders() as folder:
        path = folder / "fight.toml"
        path.write_bytes(mutation)
        args = [str(path) if a == "F" else a for a in command]
        outcome = judged(capsys, [folder], "", *args, may_change=command[0] == "do")
        if outcome.refused and "fight.toml" not in outcome.err:
            load(path)  # a rule's refusal (the fight is over): the file itself loads
        if command[-1] == "html":
            assert "<script>" not in outcome.out and "<i>" not in outcome.out


@settings(FUZZ, max_examples=20)
@given(sample=st.sampled_from(JOURNALS), data=st.data())
def test_ls_lists_a_mutated_encounter_beside_a_good_one(
    capsys: pytest.CaptureFixture[str], sample: str, data: st.DataObject
) -> None:
    mutation = data.draw(mutated(journal(sample)), label="file")
    with own_folders() as folder:
        (folder / "good.toml").write_bytes(played(SAMPLES[0]))
        (folder / "fight.toml").write_bytes(mutation)
        for json in ([], ["--json"]):
            outcome = judged(capsys, [folder], "", "ls", folder, *json)
            assert outcome.code == 0 and "good.toml" in outcome.out
        for row in json_module.loads(outcome.out):  # a file it cannot read: said in words
            assert not PYTHON_WORDS.search(row["problem"]), row["problem"]


CAMPAIGN_COMMANDS = [
    ["campaign", "show", "C"],
    ["campaign", "show", "--json", "C"],
    ["campaign", "log", "C"],
    ["campaign", "recap", "C"],
    ["campaign", "recap", "-f", "html", "C"],
    ["campaign", "add-pc", "C", "Rei", "physique=30"],
    ["check", "C"],
]


@FUZZ
@given(command=st.sampled_from(CAMPAIGN_COMMANDS), data=st.data())
def test_a_mutated_campaign_is_read_or_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], command: list[str], data: st.DataObject
) -> None:
    mutation = data.draw(mutated(campaign()), label="file")
    if data.draw(st.booleans(), label="crc made right"):
        mutation = resigned(mutation)
    with own_folders() as folder:
        path = folder / "c.toml"
        path.write_bytes(mutation)
        args = [str(path) if a == "C" else a for a in command]
        judged(capsys, [folder], "c.toml", *args, may_change="add-pc" in command)


@pytest.mark.parametrize("kind", ["folder", "dangling link", "link loop", "link to a folder"])
@pytest.mark.parametrize("command", [*ENCOUNTER_COMMANDS, *CAMPAIGN_COMMANDS], ids=" ".join)
def test_no_file_where_the_file_should_be_is_one_sentence(
    capsys: pytest.CaptureFixture[str], kind: str, command: list[str]
) -> None:
    with own_folders() as folder:
        path = folder / "f.toml"
        if kind == "folder":
            path.mkdir()
        elif kind == "dangling link":
            path.symlink_to(folder / "nowhere.toml")
        elif kind == "link loop":
            path.symlink_to(path)
        else:
            path.symlink_to(folder)
        args = [str(path) if a in ("F", "C") else a for a in command]
        outcome = judged(capsys, [folder], "f.toml", *args)
        assert outcome.refused


def test_a_link_to_a_good_encounter_is_read_through(capsys: pytest.CaptureFixture[str]) -> None:
    with own_folders() as folder:
        target = folder / "real.toml"
        target.write_bytes(played("basic-bandits-at-the-ford.toml"))
        (folder / "f.toml").symlink_to(target)
        assert run(capsys, "state", folder / "f.toml").code == 0


# --- the TUI opening ---------------------------------------------------------------------


async def opening(path: Path) -> tuple[str, int | None]:
    """Open ``path`` in the TUI until it shows the fight or gives up: (failure, exit)."""
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(300):
            if app.failure or app.opened_paint is not None:
                break
            await pilot.pause(0.01)
        if not app.failure:
            await pilot.pause()
            app.exit(0)
    return app.failure, app.return_code


@settings(FUZZ, max_examples=8)
@given(sample=st.sampled_from(SAMPLES), data=st.data())
def test_the_tui_opens_a_mutated_encounter_or_says_why_in_one_line(
    sample: str, data: st.DataObject
) -> None:
    mutation = data.draw(mutated(played(sample)), label="file")
    with own_folders() as folder:
        path = folder / "fight.toml"
        path.write_bytes(mutation)
        before = files_in(folder)
        failure, code = asyncio.run(opening(path))
        if failure:
            sentence_of(failure, "fight.toml")
            assert code == 1 and files_in(folder) == before
