"""A sixth ruleset is a package of its own: found through the ``tracker.rulesets``
entry point and played like a bundled one, with no edit to tracker; a broken one is
one line in ``tracker rulesets``, the others stay usable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent / "example_ruleset"


def tracker(*args: str, path: Path = EXAMPLE) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a fresh interpreter that sees the packages under ``path``."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(path), os.environ.get("PYTHONPATH", "")]).rstrip(
            os.pathsep
        ),
    }
    return subprocess.run(
        [sys.executable, "-m", "tracker.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_an_installed_ruleset_is_listed_and_played(tmp_path: Path) -> None:
    listed = tracker("rulesets")
    assert listed.returncode == 0 and "skirmish" in listed.stdout
    assert "Skirmish (hit points and morale)" in listed.stdout
    fight = str(tmp_path / "f.toml")
    assert tracker("new", fight, "--ruleset", "skirmish").returncode == 0
    for line in (
        ["add", "Ann", "side=pc", "hp=9", "speed=2"],
        ["add", "Orc", "morale=1"],
        ["start", "--dice", "4,3"],
    ):
        assert tracker("do", fight, *line).returncode == 0
    hit = tracker("do", fight, "dmg", "orc", "3")
    assert hit.stdout.splitlines() == ["Orc: HP 8 → 5", "Orc: Morale 1 → 0", "Orc flees"]
    assert tracker("do", fight, "next").returncode == 0
    assert "Undone" in tracker("do", fight, "undo").stdout
    state = tracker("state", fight)
    assert "HP 9/9 M 3/3" in state.stdout and "skirmish" not in state.stderr


def test_without_the_package_the_file_says_which_ruleset_is_missing(tmp_path: Path) -> None:
    fight = str(tmp_path / "f.toml")
    assert tracker("new", fight, "--ruleset", "skirmish").returncode == 0
    alone = tracker("check", fight, path=tmp_path)
    assert alone.returncode == 1 and "unknown ruleset 'skirmish'" in alone.stderr
    assert alone.stderr.count("\n") == 1


def test_a_broken_ruleset_package_is_one_line_and_the_rest_still_list(tmp_path: Path) -> None:
    info = tmp_path / "broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\nbroken = no_such_module:X\n")
    listed = tracker("rulesets", path=tmp_path)
    assert listed.returncode == 1 and "nerv-d100" in listed.stdout
    assert listed.stderr.count("\n") == 1
    assert "the ruleset 'broken'" in listed.stderr and "Traceback" not in listed.stderr


def test_a_ruleset_folder_beside_the_bundled_ones_is_found_and_played(tmp_path: Path) -> None:
    """A sixth bundled ruleset is one folder under tracker/rules/ (data.toml and a package
    whose ``RULESET`` is the class), with no edit anywhere else."""
    folder = tmp_path / "rules" / "skirmish"
    folder.mkdir(parents=True)
    source = EXAMPLE / "skirmish"
    (folder / "data.toml").write_bytes((source / "data.toml").read_bytes())
    code = (source / "__init__.py").read_text(encoding="utf-8")
    (folder / "__init__.py").write_text(code + "\nRULESET = SkirmishRules\n", encoding="utf-8")
    fight = tmp_path / "f.toml"
    script = (
        "import sys, tracker.rules; tracker.rules.__path__.append(sys.argv.pop(1)); "
        "from tracker.cli import main; sys.exit(main(sys.argv[1:]))"
    )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-c", script, str(tmp_path / "rules"), *args]
        return subprocess.run(argv, capture_output=True, text=True, timeout=60)

    assert "skirmish" in run("rulesets").stdout
    assert run("new", str(fight), "--ruleset", "skirmish").returncode == 0
    assert run("do", str(fight), "add", "Orc", "morale=1").returncode == 0
    assert run("do", str(fight), "start", "--dice", "3").returncode == 0
    assert run("do", str(fight), "dmg", "orc", "3").stdout.splitlines()[-1] == "Orc flees"
