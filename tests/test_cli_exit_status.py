"""The exit status says whether the command is on disk (issue 26): 0 once it is saved,
even when printing what it did fails afterwards (a script that retries on failure must
not apply it twice); 1 when nothing was saved; 2 for a misused command line. A number
the CLI reads (``--seed ²``, ``TRACKER_SEED=²``: ``'²'.isdigit()`` is True) is one line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import load

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"
ACTOR = ROOT / "tests" / "fixtures" / "foundry" / "wrath-threat.json"

CHILD = """
import json, os, sys
from tracker.cli import main
statuses = []
for args in json.loads(sys.argv[1]):
    full = os.open("/dev/full", os.O_WRONLY)
    os.dup2(full, 1)
    os.close(full)
    statuses.append(main(args))
    print("--", file=sys.stderr, flush=True)
with open(sys.argv[2], "w") as out:
    json.dump(statuses, out)
"""


def to_full_disk(tmp_path: Path, commands: list[list[str]]) -> tuple[list[int], list[str]]:
    """Run each command in one child whose stdout is /dev/full; (statuses, stderr of each)."""
    report = tmp_path / "statuses.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(commands), str(report)],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, child.stderr
    said = child.stderr.split("--\n")[: len(commands)]
    return json.loads(report.read_text()), said


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_saved_command_exits_0_even_when_its_output_cannot_be_written(
    tmp_path: Path,
) -> None:
    fight, fresh, camp = tmp_path / "f.toml", tmp_path / "new.toml", tmp_path / "c.toml"
    shutil.copyfile(SAMPLE, fight)
    commands = [
        ["do", str(fight), "start"],
        ["new", str(fresh), "--ruleset", "basic"],
        ["campaign", "new", str(camp), "--ruleset", "nerv-d100"],
        ["campaign", "add-pc", str(camp), "Asuka", "physique=45", "will=40"],
        ["campaign", "fight", str(camp), str(tmp_path / "f1.toml")],
        ["campaign", "rest", str(camp), "short"],
        ["import", str(ACTOR)],
    ]
    statuses, said = to_full_disk(tmp_path, commands)
    assert statuses == [0] * len(commands)
    for line in said:
        assert line.count("\n") == 1 and "saved, but printing what it did failed" in line, line
        assert "No space left on device" in line
    assert load(fight).encounter.state.phase == "running"  # started once
    assert load(fresh).encounter.events == []
    kinds = [type(e).__name__ for e in load_campaign(camp).campaign.events]
    assert kinds == ["PcJoined", "FightMade", "Rested"]
    assert load_bestiary(load_ruleset("wrath-glory")).block_ids()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_command_that_saved_nothing_still_exits_1(tmp_path: Path) -> None:
    fight = tmp_path / "f.toml"
    shutil.copyfile(SAMPLE, fight)
    before = fight.read_bytes()
    statuses, said = to_full_disk(
        tmp_path, [["state", str(fight)], ["do", str(fight), "dmg", "nobody", "3"]]
    )
    assert statuses == [1, 1]
    assert all(line.startswith("tracker: ") and line.count("\n") == 1 for line in said), said
    assert fight.read_bytes() == before


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(list(args))
    return status, capsys.readouterr().err


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    path = tmp_path / "f.toml"
    shutil.copyfile(SAMPLE, path)
    return path


@pytest.mark.parametrize(
    "words",
    [
        ["do", "F", "start", "--seed", "²"],
        ["do", "--seed", "²", "F", "start"],
        ["do", "F", "--seed=¹²", "start"],
        ["do", "F", "start", "--dice", "²"],
        ["do", "--dice", "6,²", "F", "roll", "d6"],
        ["do", "F", "start", "--seed", "-1"],
    ],
)
def test_a_number_that_is_not_one_is_a_misused_command_line(
    words: list[str], fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = fight.read_bytes()
    status, err = run(capsys, *[str(fight) if w == "F" else w for w in words])
    assert status == 2
    assert err.startswith("tracker: ") and err.count("\n") == 1, err
    assert fight.read_bytes() == before


@pytest.mark.parametrize("value", ["²", "abc", "7.5"])
def test_a_bad_tracker_seed_is_one_line(
    value: str, fight: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRACKER_SEED", value)
    before = fight.read_bytes()
    status, err = run(capsys, "do", str(fight), "start")
    assert status == 2 and "TRACKER_SEED" in err and err.count("\n") == 1, err
    assert fight.read_bytes() == before


def test_tracker_seed_seeds_the_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRACKER_SEED", "41")
    orders = []
    for name in ("a.toml", "b.toml"):
        path = tmp_path / name
        shutil.copyfile(SAMPLE, path)
        assert run(capsys, "do", str(path), "start")[0] == 0
        orders.append(load(path).encounter.state.order)
    assert orders[0] == orders[1]


@pytest.mark.parametrize(
    ("words", "status"),
    [
        (["log", "F", "--rounds", "²-3"], 2),
        (["log", "F", "--round", "²"], 2),
        (["serve", "F", "--port", "²"], 2),
    ],
)
def test_other_numbers_the_cli_reads(
    words: list[str], status: int, fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = run(capsys, *[str(fight) if w == "F" else w for w in words])
    assert said[0] == status
    assert said[1].startswith("tracker: ") and said[1].count("\n") == 1, said[1]


@pytest.mark.parametrize(
    "words",
    [
        ["add", "²", "bandit"],
        ["dmg", "mara", "²"],
        ["init", "mara", "²"],
        ["roll", "²d6"],
    ],
)
def test_a_superscript_among_the_command_words_is_never_a_traceback(
    words: list[str], fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = run(capsys, "do", str(fight), *words)
    assert status in (0, 1)
    assert status == 0 or (err.startswith("tracker: ") and err.count("\n") == 1), err


@pytest.mark.parametrize(
    ("words", "helps"),
    [
        (["state", "F", "--bogus"], "tracker state --help"),
        (["ls", "--bogus"], "tracker ls --help"),
        (["campaign", "show", "F", "--bogus"], "tracker campaign show --help"),
        (["log", "F", "--format", "pdf"], ""),
        (["log", "F", "--rounds", "zz"], ""),
        (["log", "F", "F"], ""),
        (["do", "F"], "needs a command"),
        (["do", "F", "--seed", "3"], "needs a command"),
        (["new", "N", "--ruleset", "nerv-d100", "--reading", "deadline"], "KEY=CHOICE"),
        (["campaign", "new", "N", "--ruleset", "nerv-d100", "--reading", "x"], "KEY=CHOICE"),
    ],
)
def test_a_misused_subcommand_exits_2_and_names_its_help(
    words: list[str], helps: str, fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = fight.read_bytes()
    new = fight.with_name("new.toml")
    status, err = run(capsys, *[{"F": str(fight), "N": str(new)}.get(w, w) for w in words])
    assert status == 2
    assert err.startswith("tracker: ") and err.count("\n") == 1, err
    assert helps in err
    assert fight.read_bytes() == before
    assert not new.exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_help_and_version_that_cannot_be_written_say_so_and_exit_1(tmp_path: Path) -> None:
    commands = [["--help"], ["--version"], ["-V"], ["do", "--help"], ["ls", "--help"]]
    statuses, said = to_full_disk(tmp_path, commands)
    assert statuses == [1] * len(commands)
    for line in said:
        assert line.startswith("tracker: standard output: ") and line.count("\n") == 1, said
