"""Words as a GM reads them: counts (``1 fight``, ``2 fights``, never ``1 fight(s)``) and
whose turn it is (``Wren's``, ``Boss'``)."""

from __future__ import annotations


def counted(count: int, word: str) -> str:
    """``count`` and ``word``, the word in the plural (an ``s``) unless the count is one."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def possessive(name: str) -> str:
    """``Wren's``, but ``Archer in the reeds'``: a name ending in s takes the apostrophe alone."""
    return f"{name}'" if name[-1:] in ("s", "S") else f"{name}'s"


def track_label(track: str) -> str:
    """A track as a GM reads it: ``Stress``, ``Death timer``, ``Wounds @left arm``; a name
    of one or two letters is an abbreviation (``HP``, not ``Hp``)."""
    name, _, where = track.partition("@")
    word = name.replace("_", " ")
    word = word.upper() if len(word) <= 2 else word.capitalize()
    return f"{word} @{where}" if where else word
