"""Shared by the listing tests: the commands a fight is played with (refused ones
skipped, a minute apart, no fsync), and the check that the quick listing of a file says
what a full load says."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import tracker.store.writer as writer_module
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.model import slot_owner
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.listing import summarise

T0 = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
COMMANDS = [
    "start",
    "next",
    "next",
    "next",
    "prev",
    "end",
    "undo",
    "undo",
    "redo",
    "delay .",
    "delay bo",
    "act ann",
    "act bo",
    "add Troll hp=9 init=5",
    "add Imp hp=3",
    "remove gob",
    "remove .",
    "dmg orc 4",
    "down bo",
    "revive bo",
    "note the bridge burns",
    "init gob 9",
    "swap ann orc",
]


@contextmanager
def no_fsync() -> Iterator[None]:
    """Appends without fsync: the listing properties write thousands of small files."""
    real = writer_module.fsync_file
    writer_module.fsync_file = lambda fd: None
    try:
        yield
    finally:
        writer_module.fsync_file = real


INIT = ["init ann 20", "init gob 15", "init bo 10", "init orc 5"]
"""Initiative set by hand: Ann, Goblin, Bo, Orc."""


def play(path: Path, lines: list[str], seed: int = 3) -> None:
    """Run ``lines`` on the file (refused ones are skipped), a minute apart."""
    dice = Dice(seed=seed)
    with no_fsync(), EncounterFile(path) as encounter:
        for number, line in enumerate(lines):
            try:
                encounter.execute(line, dice, T0 + timedelta(minutes=number))
            except TrackerError:
                continue


def assert_listing_agrees(path: Path) -> None:
    """The summary says what a full load (replay) says."""
    summary = summarise(path)
    loaded = load(path)
    state = loaded.encounter.state
    events = loaded.encounter.events
    acting = state.combatant(slot_owner(state.current)).name if state.current else ""
    expected_played = events[-1].at.timestamp() if events else path.stat().st_mtime
    assert summary.problem == ""
    assert (summary.phase, summary.round, summary.acting) == (state.phase, state.round, acting)
    assert summary.combatants == len(state.combatants)
    assert summary.title == state.title
    assert summary.ruleset == loaded.rules.id
    assert summary.last_played == expected_played
