"""Counts as a GM reads them: ``1 fight``, ``2 fights`` (never ``1 fight(s)``)."""

from __future__ import annotations


def counted(count: int, word: str) -> str:
    """``count`` and ``word``, the word in the plural (an ``s``) unless the count is one."""
    return f"{count} {word}" + ("" if count == 1 else "s")
