"""nerv-d100 readings the text leaves open, chosen per encounter.

Each ``[readings.KEY]`` table of the data file names its default and, per choice, what
it means. An encounter picks one in its file (``[encounter.options] KEY = "CHOICE"``)
or mid-fight with ``reading KEY CHOICE`` (an event, undoable); everything else asks
``chosen``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command
from tracker.core.protocol import DiceLike
from tracker.rules.nerv_d100.tables import NervTables


def _table(tables: NervTables, key: str) -> Mapping[str, Any]:
    table = tables.raw["readings"].get(key)
    if table is None:
        known = ", ".join(tables.raw["readings"])
        raise RuleError(f"no reading '{key}' — {known}")
    return dict(table)


def choices(tables: NervTables, key: str) -> tuple[str, ...]:
    """The choices of the reading ``key`` (its default first)."""
    table = _table(tables, key)
    rest = [k for k in table if k not in ("default", table["default"])]
    return (str(table["default"]), *rest)


def chosen(options: Mapping[str, Any], tables: NervTables, key: str) -> str:
    """The encounter's choice for the reading ``key`` (the default when unset or unknown)."""
    picked = str(options.get(key, ""))
    allowed = choices(tables, key)
    return picked if picked in allowed else allowed[0]


def set_reading(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``reading KEY CHOICE``: how this encounter reads an open rule from now on."""
    known = " | ".join(str(k) for k in tables.raw["readings"])
    key = command.arg(0, f"which reading — {known}").casefold()
    allowed = choices(tables, key)
    wanted = command.arg(1, f"a choice — {' or '.join(allowed)}").casefold()
    if wanted not in allowed:
        raise RuleError(f"the reading '{key}' is {' or '.join(allowed)}, not '{wanted}'")
    if chosen(draft.state.options, tables, key) == wanted:
        raise RuleError(f"'{key}' is read as '{wanted}' already")
    meaning = str(_table(tables, key)[wanted])
    draft.emit(ev.OptionSet, key=key, value=wanted, text=f"Reading {key} = {wanted}: {meaning}")
