"""Bestiary blocks into a fight: one copy of each, as one command of the encounter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from tracker.core.library import Block
from tracker.core.protocol import DiceLike
from tracker.store.encounter_file import EncounterFile
from tracker.store.sheet_marks import Marks


def add_into(
    path: Path,
    blocks: Sequence[Block],
    dice: DiceLike,
    now: Sequence[Mapping[str, int]] = (),
    marks: Sequence[Marks] = (),
    wait: float = 0.0,
) -> tuple[list[str], list[str]]:
    """Add one copy of each block to the encounter at ``path`` as one command (one undo
    takes them all back), with the tracks ``now`` holds for it (an imported sheet's
    Wounds taken) and the conditions ``marks`` holds (its Prone); the log lines it wrote,
    and what opening the file did to it (a torn or damaged end moved aside), for the GM.
    ``wait``: seconds to wait for another writer of the file to let go."""
    with EncounterFile(path, wait=wait) as play:
        events = play.add_blocks(blocks, dice, now, marks)
        said = play.said_on_opening()
    return [event.text for event in events if event.text], said
