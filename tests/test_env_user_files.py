"""The GM's own files replaced by something that is not a file (a named pipe, a folder, a
link to nothing): named in one line where they are read, never waited on, never
skipped in silence."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.ui_helpers import ROOT, basic_file, make_app, opened, ui_test
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, user_bestiary_file
from tracker.store.listing_cache import cache_file
from tracker.ui.screenshot import save_screen


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (os.mkfifo, "cannot be read: a named pipe, not a file"),
        (os.mkdir, "cannot be read: Is a directory"),
        (lambda path: os.symlink(path.with_name("gone.toml"), path), "No such file"),
    ],
    ids=["pipe", "folder", "dangling-link"],
)
def test_a_bestiary_file_that_is_no_file_is_named_not_skipped(
    make: Callable[[Path], object], said: str
) -> None:
    path = user_bestiary_file("basic")
    path.parent.mkdir(parents=True)
    make(path)
    bestiary = load_bestiary(load_ruleset("basic"))
    assert [p for p in bestiary.problems if str(path) in p and said in p], bestiary.problems
    assert "bandit" in bestiary.entries  # the starters are still there


def test_a_listing_cache_that_is_a_pipe_never_hangs_the_list(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copyfile(ROOT / "encounters" / "basic-bandits-at-the-ford.toml", folder / "ford.toml")
    cache = cache_file(folder)
    cache.parent.mkdir(parents=True)
    os.mkfifo(cache)
    done = subprocess.run(
        [sys.executable, "-m", "tracker.cli", "ls", str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    assert "Bandits at the ford" in done.stdout


@ui_test
async def test_a_screenshot_on_a_full_disk_leaves_no_half_file(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, hard))  # the disk fills at 4 KB
        try:
            said = save_screen(app, tmp_path)
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        assert said == f"no screenshot: {tmp_path} cannot be written (File too large)"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.toml"]
        said = save_screen(app, tmp_path)
        (svg,) = tmp_path.glob("*.svg")
        assert said == f"screenshot saved: {svg}" and svg.read_text(encoding="utf-8").strip()
