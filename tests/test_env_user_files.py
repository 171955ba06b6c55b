"""The GM's own files replaced by something that is not a file (a named pipe, a folder, a
link to nothing): named in one line where they are read, never waited on, never
skipped in silence."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, user_bestiary_file


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
