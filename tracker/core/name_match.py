"""How a name typed by the GM finds whom it means — one way for a fight's combatants,
a campaign's PCs (``tracker campaign …``, the party screen) and ``add party``.

Tried in turn, each only when the ones before found nobody (or, for the literal ways,
not exactly one):

1. the id exactly as typed;
2. the name or id as typed, case aside (``Ann`` is Ann, not Anna), then its start as
   typed (``[b]`` → ``[b]<i>x``, not Boss);
3. with punctuation, spacing and accents dropped (``jean luc`` → Jean-Luc, ``obrien`` →
   O'Brien, ``shinji ikari`` → "Shinji  Ikari", ``zoe`` → Zoë, full-width letters as
   their plain forms): the whole name or id, its start, the start of a later word
   (``harpy`` → Gale Harpy, ``akagi`` → Ritsuko_Akagi), anywhere in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

WORD_BREAK = re.compile(r"[\s_()\[\]/.,:;-]+")
"""What parts the words of a name (spaces, dashes, underscores, brackets …)."""

_LITERAL_TIERS: tuple[Callable[[str, str], bool], ...] = (str.__eq__, str.startswith)
"""The name or id as typed, then its start as typed: each beats what is found only after
dropping punctuation."""

_LOOSE_TIERS: tuple[Callable[[tuple[str, ...], str], bool], ...] = (
    lambda words, wanted: "".join(words) == wanted,
    lambda words, wanted: "".join(words).startswith(wanted),
    lambda words, wanted: any("".join(words[i:]).startswith(wanted) for i in range(len(words))),
    lambda words, wanted: wanted in "".join(words),
)
"""The loose ways, tried in turn until one finds someone: the whole name or id, its
start, the start of a later word, anywhere."""


def matching(named: Mapping[str, str], token: str) -> list[str]:
    """The ids (keys of ``named``, id → name) that ``token`` names, by the first way
    that finds anyone: one id, or the several it could be ([] when nobody)."""
    if token in named:
        return [token]
    typed = token.casefold()
    if typed.strip():
        for literal in _LITERAL_TIERS:
            found = [
                i for i, n in named.items() if any(literal(s.casefold(), typed) for s in (n, i))
            ]
            if len(found) == 1:
                return found
    wanted = squash(token)
    spellings = {i: (words(n), words(i)) for i, n in named.items()} if wanted else {}
    for loose in _LOOSE_TIERS:
        found = [i for i, both in spellings.items() if any(loose(w, wanted) for w in both)]
        if found:
            return found
    return []


def words(text: str) -> tuple[str, ...]:
    """A name's words, each squashed (``Gale Harpy`` → gale, harpy)."""
    return tuple(w for w in (squash(part) for part in WORD_BREAK.split(text)) if w)


def squash(text: str) -> str:
    """A name as typed loosely: lower case, letters and digits only, accents dropped and
    full-width letters as their plain forms (``Unit-01`` → ``unit01``, ``Zoë`` → ``zoe``)."""
    folded = text.casefold()
    if not folded.isascii():
        import unicodedata  # only a name beyond ASCII needs it

        decomposed = unicodedata.normalize("NFKD", folded)
        folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return "".join(ch for ch in folded if ch.isalnum())
