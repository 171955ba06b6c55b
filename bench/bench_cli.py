"""CLI start time: ``tracker state``, ``tracker do`` and ``tracker --help`` on a bundled
sample (and, for the record, ``tracker log`` of it and ``tracker ls`` of its folder),
against the floor ``python -c "import rich, tomllib"``.

Each command runs in a fresh interpreter (as a GM's shell runs it), turn about with the
floor so that both meet the same machine load; the best of REPEAT runs each, after one
run that leaves the modules' bytecode in ``__pycache__`` as an installed package has it
(``PYTHONDONTWRITEBYTECODE`` is dropped). Goal (issue 32): each <= 3x the floor.

Usage: python bench/bench_cli.py [--repeat 9]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "nerv-sachiel.toml"
FLOOR = [sys.executable, "-c", "import rich, tomllib"]
GOAL = 3.0


def run_once(argv: list[str], env: dict[str, str]) -> float:
    """Wall time of one process run to its end (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def best_pair(argv: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    """(best floor, best command) over ``repeat`` runs, interleaved."""
    floor, command = [], []
    for _ in range(repeat):
        floor.append(run_once(FLOOR, env))
        command.append(run_once(argv, env))
    return min(floor), min(command)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
            "PYTHONPATH": str(ROOT),
            "XDG_DATA_HOME": folder,
            "XDG_CONFIG_HOME": folder,
            "XDG_CACHE_HOME": folder,
        }
        fight = Path(folder) / "fight.toml"
        shutil.copyfile(SAMPLE, fight)
        tracker = [sys.executable, "-m", "tracker"]
        subprocess.run([*tracker, "do", str(fight), "start"], env=env, capture_output=True)
        commands = {
            "state": [*tracker, "state", str(fight)],
            "do": [*tracker, "do", str(fight), "roll", "1d6"],
            "--help": [*tracker, "--help"],
            "log": [*tracker, "log", str(fight)],
            "ls": [*tracker, "ls", folder],
        }
        for name, argv in commands.items():
            run_once(argv, env)  # bytecode written
            floor, took = best_pair(argv, env, args.repeat)
            print(
                f"tracker {name:<7} {took * 1000:6.1f} ms vs floor {floor * 1000:5.1f} ms: "
                f"{took / floor:.2f}x (goal <= {GOAL:g}x)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
