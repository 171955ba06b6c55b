"""The word a GM most likely meant when one typed is not among those a place takes
(``nxt`` → ``next``), for a refusal to offer it."""

from __future__ import annotations

from collections.abc import Iterable


def nearest(typed: str, names: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The name closest to ``typed`` (case-blind), or None when none is close (``cutoff``:
    difflib's, from 0 to 1)."""
    import difflib  # only for a word refused

    close = difflib.get_close_matches(typed.casefold(), sorted(names), n=1, cutoff=cutoff)
    return close[0] if close else None


def meant_or_listed(typed: str, names: Iterable[str], listed: str = "allowed: ") -> str:
    """``did you mean name?`` when ``typed`` is close to one of ``names`` (another case, a
    letter off), else ``allowed: id, name, side`` — what a refusal of an unknown key
    says after its dash."""
    names = sorted(names)
    meant = nearest(typed, names)
    return f"did you mean {meant}?" if meant is not None else listed + ", ".join(names)


def written_otherwise(key: str, keys: Iterable[str]) -> str | None:
    """The key among ``keys`` that is ``key`` in another case (``Name`` for ``name``): a
    required key refused as missing names it, since it is not read."""
    return next((k for k in keys if k != key and k.casefold() == key.casefold()), None)
