"""One writer per encounter file, however it is named: a symlink or a hard link to a
file open for play meets the same lock (issue: the lock was keyed on the path typed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import LockedError

HOLDER = """
import sys
from pathlib import Path
from tracker.store.encounter_file import EncounterFile
with EncounterFile(Path(sys.argv[1])):
    print("holding", flush=True)
    sys.stdin.readline()
"""


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_a_second_gm_through_a_link_is_told_the_file_is_taken(tmp_path: Path, link: str) -> None:
    path = basic_file(tmp_path)
    other = tmp_path / "elsewhere.toml"
    if link == "symlink":
        other.symlink_to(path)
    else:
        os.link(path, other)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        with pytest.raises(LockedError) as caught:
            EncounterFile(other)
        assert "open for writing" in str(caught.value)
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=30)
    with EncounterFile(other) as gm:  # free again once the first GM has gone
        gm.execute("start", Dice(seed=1))


def test_two_writers_in_turn_through_a_symlink_never_break_the_file(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    other = tmp_path / "link.toml"
    other.symlink_to(path)
    dice = Dice(seed=4)
    with EncounterFile(path) as gm:
        gm.execute("start", dice)
        with pytest.raises(LockedError):
            EncounterFile(other)
    for turn in range(20):
        with EncounterFile(other if turn % 2 else path) as gm:
            gm.execute("next", dice)
    assert len(load(path).encounter.events) == len(load(other).encounter.events)
