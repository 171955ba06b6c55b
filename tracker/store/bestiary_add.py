"""Bestiary blocks into a fight: one copy of each, as one command of the encounter."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tracker.core.library import Block
from tracker.core.protocol import DiceLike
from tracker.store.encounter_file import EncounterFile


def add_into(path: Path, blocks: Sequence[Block], dice: DiceLike) -> list[str]:
    """Add one copy of each block to the encounter at ``path`` as one command (one undo
    takes them all back); the log lines it wrote."""
    with EncounterFile(path) as play:
        events = play.add_blocks(blocks, dice)
    return [event.text for event in events if event.text]
