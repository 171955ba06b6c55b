"""A seventh ruleset is a package of its own (``tests/example_ruleset``: Cairn): found
through the ``tracker.rulesets`` entry point and played like a bundled one, with no edit
to tracker; its samples, bestiary, theme and docs page come with it; a broken one is one
line in ``tracker rulesets``, the others stay usable."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent / "example_ruleset"


def installed(where: Path) -> Path:
    """What ``pip install`` writes for the example, minus the copy: a ``.dist-info``
    naming its entry point (the package itself is read from ``EXAMPLE``)."""
    info = where / "tracker_cairn-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tracker-cairn\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\ncairn = cairn:CairnRules\n")
    return where


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder that makes the example an installed package when on the path."""
    return installed(tmp_path / "site")


def tracker(*args: str, path: list[Path]) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a fresh interpreter that sees the packages under ``path``."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([*map(str, path), os.environ.get("PYTHONPATH", "")]).rstrip(
            os.pathsep
        ),
        "XDG_DATA_HOME": str(path[-1] / "data"),
        "XDG_CONFIG_HOME": str(path[-1] / "config"),
    }
    return subprocess.run(
        [sys.executable, "-m", "tracker", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_an_installed_ruleset_is_listed_and_played(site: Path, tmp_path: Path) -> None:
    path = [EXAMPLE, site]
    listed = tracker("rulesets", path=path)
    assert listed.returncode == 0 and "cairn" in listed.stdout
    assert "Cairn (HP, STR saves, Critical Damage)" in listed.stdout
    fight = str(tmp_path / "f.toml")
    assert tracker("new", fight, "--ruleset", "cairn", path=path).returncode == 0
    for line in (["add", "Bryn", "side=pc", "hp=4", "str=12"], ["add", "Rat", "hp=2"]):
        assert tracker("do", fight, *line, path=path).returncode == 0, line
    assert tracker("do", fight, "start", path=path).stdout.splitlines()[-1] == "Bryn's turn"
    hit = tracker("do", fight, "dmg", "rat", "d4", "d6", "--dice", "1,5,19", path=path)
    assert hit.stdout.splitlines() == [
        "Damage to Rat: 1d4 [1] = 1",
        "Damage to Rat: 1d6 [5] = 5",
        "Rat takes 5: HP 2 → 0",
        "Rat: STR 10 → 7",
        "Rat STR save: 19 vs 7, fails",
        "Rat: Critical Damage",
        "Rat is out of the fight",
        "Rat must be tended within the hour, or dies",
    ]
    assert "Undone" in tracker("do", fight, "undo", path=path).stdout
    state = tracker("state", fight, path=path)
    assert "HP 2/2 STR 10" in state.stdout and state.stderr == ""


def test_armor_above_three_is_one_line(site: Path, tmp_path: Path) -> None:
    fight = str(tmp_path / "f.toml")
    assert tracker("new", fight, "--ruleset", "cairn", path=[EXAMPLE, site]).returncode == 0
    added = tracker("do", fight, "add", "Knight", "armor=4", path=[EXAMPLE, site])
    assert added.returncode == 1 and added.stderr.count("\n") == 1
    assert "Armor runs 0 to 3" in added.stderr


def test_its_samples_bestiary_and_theme_are_listed(site: Path) -> None:
    path = [EXAMPLE, site]
    samples = tracker("samples", path=path).stdout.splitlines()
    assert any(line.startswith("cairn ") and "The barrow on the hill" in line for line in samples)
    assert "nerv-d100" in "".join(samples)
    blocks = tracker("bestiary", "--ruleset", "cairn", path=path).stdout
    assert "giant-rat" in blocks and "barrow-wight" in blocks
    assert "cairn-moss" in tracker("themes", path=path).stdout


def test_without_the_package_the_file_says_which_ruleset_is_missing(
    site: Path, tmp_path: Path
) -> None:
    fight = str(tmp_path / "f.toml")
    assert tracker("new", fight, "--ruleset", "cairn", path=[EXAMPLE, site]).returncode == 0
    alone = tracker("check", fight, path=[tmp_path])
    assert alone.returncode == 1 and "unknown ruleset 'cairn'" in alone.stderr
    assert alone.stderr.count("\n") == 1


def test_a_broken_ruleset_package_is_one_line_and_the_rest_still_list(tmp_path: Path) -> None:
    info = tmp_path / "broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\nbroken = no_such_module:X\n")
    listed = tracker("rulesets", path=[tmp_path])
    assert listed.returncode == 1 and "nerv-d100" in listed.stdout
    assert listed.stderr.count("\n") == 1
    assert "the ruleset 'broken'" in listed.stderr and "Traceback" not in listed.stderr


def test_a_ruleset_folder_beside_the_bundled_ones_is_found_and_played(tmp_path: Path) -> None:
    """A seventh bundled ruleset is one folder under tracker/rules/ (data.toml and a package
    whose ``RULESET`` is the class), with no edit anywhere else."""
    folder = tmp_path / "rules" / "cairn"
    shutil.copytree(EXAMPLE / "cairn", folder)
    code = (folder / "__init__.py").read_text(encoding="utf-8")
    (folder / "__init__.py").write_text(code + "\nRULESET = CairnRules\n", encoding="utf-8")
    fight = tmp_path / "f.toml"
    script = (
        "import sys, tracker.rules; tracker.rules.__path__.append(sys.argv.pop(1)); "
        "from tracker.cli import main; sys.exit(main(sys.argv[1:]))"
    )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-c", script, str(tmp_path / "rules"), *args]
        return subprocess.run(argv, capture_output=True, text=True, timeout=60)

    assert "cairn" in run("rulesets").stdout
    assert run("new", str(fight), "--ruleset", "cairn").returncode == 0
    assert run("do", str(fight), "add", "Rat", "hp=2").returncode == 0
    assert run("do", str(fight), "start").returncode == 0
    assert (
        run("do", str(fight), "dmg", "rat", "2").stdout.splitlines()[-1].startswith("Rat is at 0")
    )


def test_a_broken_sample_in_a_package_is_one_line_and_the_rest_still_list(
    site: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(EXAMPLE / "cairn", copy / "cairn")
    (copy / "cairn" / "samples" / "torn.toml").write_text('format = 2\n[encounter\ntitle = "x"\n')
    listed = tracker("samples", path=[copy, site])
    assert listed.returncode == 1 and listed.stderr.count("\n") == 1
    assert "torn.toml:2:" in listed.stderr and "Traceback" not in listed.stderr
    assert "The barrow on the hill" in listed.stdout and "nerv-d100" in listed.stdout


@pytest.mark.parametrize(
    ("tail", "place", "what"),
    [
        (b"most = = 3\n", ":11:8: ", "a value is missing after '='"),
        (
            b"x = [\n",
            ":12:1: ",
            "the file ends where a value belongs",
        ),  # the end of the file, after its last line
        (b'note = "\xff"\n', ":11:9: ", "is not UTF-8 text"),
    ],
)
def test_a_package_whose_data_file_does_not_parse_names_its_file_line_and_column(
    site: Path, tmp_path: Path, tail: bytes, place: str, what: str
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(EXAMPLE / "cairn", copy / "cairn")
    data = copy / "cairn" / "data.toml"
    lines = data.read_bytes().splitlines(keepends=True)[:10]
    data.write_bytes(b"".join(lines) + tail)
    listed = tracker("rulesets", path=[copy, site])
    assert listed.returncode == 1 and listed.stderr.count("\n") == 1
    assert f"{data}{place}{what}" in listed.stderr
    assert "RuleDataError" not in listed.stderr and "Traceback" not in listed.stderr
