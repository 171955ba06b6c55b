"""Traits: a combatant's abilities, talents, keywords, weapons and special rules, kept whole.

A roster entry, a bestiary block and a ``combatant.added`` event hold them the same way::

    traits = [{ name = "Hideous Strength", text = "…", kind = "ability" }]

Every name and text passes the one text check (``core/safe_text.py``): a name is one line
of at most ``NAME_LIMIT`` characters, a text may run over lines up to ``TRAIT_LIMIT``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.model import TRAIT_KINDS, Trait
from tracker.core.safe_text import NAME_LIMIT, TRAIT_LIMIT, check_text

MOST_TRAITS = 200
"""Most traits one combatant carries (a sheet has a few dozen at most)."""

_KEYS = frozenset({"name", "text", "kind"})


def read_traits(value: Any, who: str = "") -> tuple[Trait, ...]:
    """``value`` (a list of ``{name, text, kind}`` tables) as traits; RuleError says what
    is wrong with it, in one sentence."""
    where = f"traits of {who}" if who else "traits"
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise RuleError(f"{where} must be a list of tables, each with name, text and kind")
    if len(value) > MOST_TRAITS:
        raise RuleError(f"{where}: {len(value)} traits: at most {MOST_TRAITS} are allowed")
    return tuple(_trait(item, f"{where} #{n}") for n, item in enumerate(value, 1))


def _trait(item: Any, where: str) -> Trait:
    if not isinstance(item, Mapping):
        raise RuleError(f"{where} must be a table with name, text and kind")
    unknown = sorted(set(item) - _KEYS)
    if unknown:
        raise RuleError(f"{where} has an unknown key {unknown[0]!r} (name, text and kind)")
    name, text, kind = item.get("name"), item.get("text", ""), item.get("kind", "rule")
    if not isinstance(name, str) or not name.strip():
        raise RuleError(f"{where} needs a name (text)")
    if not isinstance(text, str) or not isinstance(kind, str):
        raise RuleError(f"{where}: text and kind are text")
    if kind not in TRAIT_KINDS:
        raise RuleError(f"{where}: kind {kind!r} is one of {', '.join(TRAIT_KINDS)}")
    check_text(name, f"{where}'s name", NAME_LIMIT)
    check_text(text, f"{where}'s text", TRAIT_LIMIT, lines=True)
    return Trait(name, text, kind)


def trait_tables(traits: Sequence[Trait]) -> list[dict[str, str]]:
    """The traits as the roster and the journal write them."""
    return [trait.as_table() for trait in traits]
