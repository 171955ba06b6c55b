"""What a Python user tries first (issue 32): ``tracker --version``, ``python -m tracker``,
and exit statuses that tell success (0), a refusal (1) and a misused command line (2)
apart, as ``tracker --help`` says."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tracker
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_prints_the_version(capsys: pytest.CaptureFixture[str], flag: str) -> None:
    status, out, err = run(capsys, flag)
    assert (status, out, err) == (0, f"tracker {tracker.__version__}\n", "")


def test_python_dash_m_tracker_is_the_tracker_command(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    fight = tmp_path / "f.toml"
    shutil.copyfile(SAMPLE, fight)
    for args, status, said in (
        (["--version"], 0, f"tracker {tracker.__version__}"),
        (["state", str(fight)], 0, "Bandits at the ford"),
        (["do", str(fight), "dmg", "nobody", "3"], 1, ""),
        (["state"], 2, ""),
    ):
        child = subprocess.run(
            [sys.executable, "-m", "tracker", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert child.returncode == status, (args, child.stderr)
        assert said in child.stdout
        assert "Traceback" not in child.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--frobnicate"],  # an option the tracker does not know: not a file name
        ["frobnicate", "x"],  # not a subcommand
        ["state"],  # a missing argument
        ["log", "x.toml", "--round", "1", "--rounds", "1-2"],  # options that exclude each other
        ["state", "x.toml", "--jsn"],
    ],
)
def test_a_misused_command_line_exits_2_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == "" and err.startswith("tracker: ") and err.count("\n") == 1, err


def test_a_refusal_exits_1_and_success_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = tmp_path / "f.toml"
    shutil.copyfile(SAMPLE, fight)
    before = fight.read_bytes()
    assert run(capsys, "do", str(fight), "dmg", "nobody", "3")[0] == 1
    assert run(capsys, "state", str(tmp_path / "missing.toml"))[0] == 1
    assert fight.read_bytes() == before
    assert run(capsys, "do", str(fight), "start")[0] == 0
    assert fight.read_bytes() != before


def test_help_says_what_each_exit_status_means(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    said = out[out.index("exit status:") :].splitlines()
    assert said[1].split()[0] == "0" and "done" in said[1]
    assert said[2].split()[0] == "1" and "refused" in said[2]
    assert said[3].split()[0] == "2" and "misused command line" in said[3]
    assert "--version" in out


def test_tracker_cli_main_stays_the_function_after_a_run() -> None:
    script = (
        "import tracker.cli\n"
        "tracker.cli.main(['--version'])\n"
        "tracker.cli.main(['--version'])\n"  # was the submodule: "'module' is not callable"
        "from tracker.cli import main\n"
        "print(callable(main))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines()[-1] == "True"
