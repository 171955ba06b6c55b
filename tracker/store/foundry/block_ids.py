"""Block ids for one import: two actors of one name get ``ork-nob`` and ``ork-nob-2``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tracker.core.safe_text import NAME_LIMIT
from tracker.store.foundry.blocks import Converted


class Imported(Protocol):
    """An actor of the import: its converted block and where it came from."""

    converted: Converted

    @property
    def where(self) -> str:
        """The file (and line of a pack) it came from."""
        ...


def unique_ids(actors: Sequence[Imported]) -> None:
    """Two actors of one command with the same id: the later ones get -2, -3 … — never an
    id another actor of the command has (``Ork Nob``, ``Ork Nob``, ``Ork Nob 2`` become
    ``ork-nob``, ``ork-nob-3``, ``ork-nob-2``), and the report says why."""
    taken = {(a.converted.ruleset, a.converted.id) for a in actors}
    first: dict[tuple[str, str], Imported] = {}
    for actor in actors:
        key = (actor.converted.ruleset, actor.converted.id)
        if key not in first:
            first[key] = actor
            continue
        number = 2
        while (key[0], made := _numbered(key[1], number)) in taken:
            number += 1
        taken.add((key[0], made))
        actor.converted.block["id"] = made
        earlier, name = first[key].where, first[key].converted.name
        shown = earlier if f"({name})" in earlier else f"{earlier} ({name})"
        actor.converted.remarks.append(f"id {made}: '{key[1]}' is {shown} in this import")


def _numbered(block_id: str, number: int) -> str:
    """``ork-nob-2``, within the id's length limit."""
    suffix = f"-{number}"
    return block_id[: NAME_LIMIT - len(suffix)] + suffix
