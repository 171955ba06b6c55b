"""Shared set-up for the nerv-d100 tests: a table driven by command lines and scripted dice."""

from __future__ import annotations

from typing import Any

from tests.d100_helpers import Table as CommandTable
from tracker.rules.nerv_d100.ruleset import NervRules

RULES = NervRules()


def pilot(cid: str, **extra: Any) -> dict[str, Any]:
    """A pilot on foot: Grace 35, Physique 30 (PB 3), Will 30 (WB 3), no armour."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "pc",
        "stats": {"grace": 35, "physique": 30, "will": 30},
    }
    stats = extra.pop("stats", {})
    entry["stats"].update(stats)
    entry.update(extra)
    return entry


def angel(cid: str = "sachiel", **extra: Any) -> dict[str, Any]:
    """An Angel with a Core: Physique 40 (PB 4), 2 AP on the Core."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "kind": "angel",
        "stats": {"grace": 20, "physique": 40, "will": 40},
        "armour": {"core": 2},
    }
    entry.update(extra)
    return entry


class Table(CommandTable):
    """A nerv-d100 encounter (Carol and Sachiel unless a roster is given)."""

    def __init__(self, *roster: dict[str, Any]) -> None:
        super().__init__(RULES, *(roster or (pilot("carol"), angel())))


def started(*roster: dict[str, object]) -> Table:
    """A table in round 1: Carol (Grace 35, Will 30: WB 3) acts first, then the Angel."""
    table = Table(*(roster or (pilot("carol"), angel())))
    table.do("start")
    return table


def to_carols_next_turn(table: Table) -> None:
    """The Angel's turn, then Carol's again."""
    table.do("next")
    table.do("next")
