"""The word a GM most likely meant when one typed is not among those a place takes
(``nxt`` → ``next``), for a refusal to offer it."""

from __future__ import annotations

from collections.abc import Iterable


def nearest(typed: str, names: Iterable[str]) -> str | None:
    """The name closest to ``typed`` (case-blind), or None when none is close."""
    import difflib  # only for a word refused

    close = difflib.get_close_matches(typed.casefold(), sorted(names), n=1, cutoff=0.6)
    return close[0] if close else None
