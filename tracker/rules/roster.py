"""A roster entry checked the one way every ruleset checks it: its keys and their types,
its texts, its numbers and its traits (``Ruleset.prepare`` builds the combatant)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tracker.core.errors import RuleError, TrackerError
from tracker.core.model import Combatant, Trait
from tracker.core.nearest_word import meant_or_listed, written_otherwise
from tracker.core.safe_text import NAME_LIMIT, NOTE_LIMIT, WORD_LIMIT, text_problem
from tracker.core.traits import read_traits
from tracker.core.wording import either, given

NUMBER_LIMIT = 999_999
"""The largest number a roster or a command may hold (no rule text needs more)."""

BASE_KEYS = {
    "id": str,
    "name": str,
    "side": str,
    "kind": str,
    "stats": dict,
    "armour": dict,
    "hidden": bool,
    "notes": str,
    "traits": list,
}


class RosterError(TrackerError):
    """A roster entry the ruleset cannot use; ``key`` is the offending key path."""

    def __init__(self, message: str, key: str = "") -> None:
        super().__init__(message)
        self.key = key


def _missing(entry: Mapping[str, Any], key: str) -> RosterError:
    """``every combatant needs a name (text)``, placed at ``Name = …`` and asking whether
    it was meant when the entry holds it in another case."""
    typo = written_otherwise(key, entry)
    if typo is None:
        return RosterError(f"every combatant needs a {key} (text)", key)
    said = f"every combatant needs a {key} (text) — {typo!r} is not read: did you mean {key}?"
    return RosterError(said, typo)


def check_keys(entry: Mapping[str, Any], roster_keys: Mapping[str, type]) -> None:
    """Unknown keys, missing id/name and wrong types are RosterErrors (``roster_keys``: the
    keys a ruleset adds to ``BASE_KEYS``)."""
    allowed = {**BASE_KEYS, **roster_keys}
    for key in ("id", "name"):
        if not isinstance(entry.get(key), str) or not entry.get(key):
            raise _missing(entry, key)
    for key, value in entry.items():
        if key not in allowed:
            said = meant_or_listed(key, allowed)
            raise RosterError(f"unknown key {key!r} for {entry['name']} — {said}", key)
        wanted = allowed[key]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise RosterError(f"{key} of {entry['name']} must be {_kind(wanted)}", key)
        if key != "traits":  # checked whole by read_traits, long texts and all
            check_roster_text(key, value)


def check_kind(entry: Mapping[str, Any], kinds: Collection[str]) -> None:
    """RosterError unless the entry's ``kind`` (``character`` when absent) is one of
    ``kinds``; named as ``a, b or c``."""
    kind = entry.get("kind", "character")
    name = entry.get("name")
    if not isinstance(kind, str):
        raise RosterError(f"kind of {name} must be {either(kinds)}, not {given(kind)}", "kind")
    if kind.casefold() not in kinds:
        raise RosterError(f"kind '{kind}' of {name} must be {either(kinds)}", "kind")


def int_table(table: Mapping[str, Any], key: str) -> dict[str, int]:
    """A table of whole numbers (stats, armour), names folded to lower case."""
    result: dict[str, int] = {}
    for name, value in table.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise RosterError(f"{key}.{name} must be a whole number", f"{key}.{name}")
        if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
            raise RosterError(
                f"{key}.{name} = {value} is out of range: numbers run from "
                f"{-NUMBER_LIMIT:,} to {NUMBER_LIMIT:,}",
                f"{key}.{name}",
            )
        check_roster_text(f"{key}.{name}", name)
        result[name.casefold().replace("_", " ")] = value
    return result


def refuse_negative(fighter: Combatant, *keys: str) -> None:
    """RosterError for a number below 0 in the fighter's ``stats`` or ``armour`` tables
    (``keys``): a score or an Armour Point count can be 0, never less."""
    for key in keys:
        table: Mapping[str, int] = getattr(fighter, key)
        for name, value in table.items():
            if value < 0:
                raise RosterError(
                    f"{key}.{name} of {fighter.name} must be 0 or more, not {value}",
                    f"{key}.{name}",
                )


def check_roster_text(key: str, value: object) -> None:
    """Every text in a roster entry (nested tables too) is plain and short enough."""
    if isinstance(value, str):
        notes = key == "notes"
        limit = NOTE_LIMIT if notes else NAME_LIMIT if key == "name" else WORD_LIMIT
        problem = text_problem(value, key, limit, lines=notes)
        if problem:
            raise RosterError(problem, key)
    elif isinstance(value, dict):
        for name, item in value.items():
            check_roster_text(f"{key}.{name}", str(name))
            check_roster_text(f"{key}.{name}", item)
    elif isinstance(value, list):
        for item in value:
            check_roster_text(key, item)


def roster_traits(value: Any, name: str) -> tuple[Trait, ...]:
    """A roster entry's ``traits`` (RosterError naming ``traits`` if they are not right)."""
    try:
        return read_traits(value, name)
    except RuleError as err:
        raise RosterError(str(err), "traits") from None


def _kind(wanted: type) -> str:
    return {
        str: "text",
        int: "a whole number",
        bool: "true or false",
        dict: "a table",
        list: "a list",
        float: "a number",
    }.get(wanted, wanted.__name__)
