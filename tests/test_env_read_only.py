"""A file the GM made read-only (chmod a-w) is never replaced: a rewrite needs only the
folder's permission, so an export, a settings or bestiary save wrote over it anyway."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.side_helpers import is_root
from tests.ui_helpers import ROOT, basic_file
from tracker.store.bestiary import user_bestiary_file

PRECIOUS = b"# my notes from last session\n"
FOUNDRY = ROOT / "tests" / "fixtures" / "foundry"


def as_a_plain_user(*args: object) -> subprocess.CompletedProcess[str]:
    """``tracker ARGS`` run as a plain user would (root without its override of file
    permissions, which is what lets a plain user's chmod protect a file)."""
    prefix: list[str] = []
    if is_root():
        if shutil.which("setpriv") is None:
            pytest.skip("root writes over read-only files, and there is no setpriv here")
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    return subprocess.run(
        [*prefix, sys.executable, "-m", "tracker.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def read_only(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    path.chmod(0o444)
    return path


@pytest.mark.parametrize("name", ["notes.md", "notes.html"])
def test_an_export_over_a_read_only_file_is_refused(tmp_path: Path, name: str) -> None:
    fight = basic_file(tmp_path)
    target = read_only(tmp_path / name, PRECIOUS)
    done = as_a_plain_user("log", fight, "-o", target)
    said = f"tracker: {target}: cannot write the file: it is read-only — make it writable"
    assert done.returncode == 1 and done.stderr.startswith(said), done.stderr
    assert done.stderr.count("\n") == 1
    assert target.read_bytes() == PRECIOUS and target.stat().st_mode & 0o777 == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["fight.toml", name])


def test_an_import_into_a_read_only_bestiary_is_refused(tmp_path: Path) -> None:
    bestiary = read_only(user_bestiary_file("wrath-glory"), b'ruleset = "wrath-glory"\n')
    done = as_a_plain_user("import", FOUNDRY / "wrath-agent.json")
    assert done.returncode == 1 and "it is read-only" in done.stderr, done.stderr
    assert bestiary.read_bytes() == b'ruleset = "wrath-glory"\n'


def test_a_writable_file_is_still_replaced(tmp_path: Path) -> None:
    fight = basic_file(tmp_path)
    target = tmp_path / "notes.md"
    target.write_bytes(PRECIOUS)
    done = as_a_plain_user("log", fight, "-o", target)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() != PRECIOUS
