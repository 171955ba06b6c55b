"""A combatant's side as the screen says it after a name: ``Unit-02 · PC``,
``Ork Boy · enemy`` (the pickers and the status pane say it the same way)."""

from __future__ import annotations

SIDE_WORDS = {"pc": "PC", "ally": "ally", "enemy": "enemy", "neutral": "neutral"}
"""The side after a name, as a word (a name may hold brackets of its own)."""


def side_word(side: str) -> str:
    """``PC``, ``ally``, ``enemy``, ``neutral``; a side the table does not know, as written."""
    return SIDE_WORDS.get(side, side)
