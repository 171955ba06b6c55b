"""Roster builders for the eva-escale tests."""

from __future__ import annotations

from typing import Any

from tests.d100_helpers import Table
from tracker.rules.eva_escale.ruleset import EvaRules

RULES = EvaRules()


def eva(cid: str = "unit01", pilot: str = "shinji", **extra: Any) -> dict[str, Any]:
    """An Evangelion: Toughness 50 (TB 5), armour 4 everywhere, 10 wounds per location
    (20 on the body), piloted by ``pilot``."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "pc",
        "kind": "construct",
        "pilot": pilot,
        "stats": {"s": 60, "t": 50},
        "armour": {"all": 4},
        "wounds": {"all": 10, "body": 20},
    }
    entry.update(extra)
    return entry


def pilot(cid: str = "shinji", **extra: Any) -> dict[str, Any]:
    """A pilot: BS 41, WS 32, Agility 38, Toughness 30, 9 wounds, 2 Fate."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "pc",
        "stats": {"ws": 32, "bs": 41, "s": 28, "t": 30, "ag": 38, "wp": 30},
        "wounds": 9,
        "fate": 2,
    }
    entry.update(extra)
    return entry


def angel(cid: str = "ramiel", **extra: Any) -> dict[str, Any]:
    """An Angel: Toughness 60 (TB 6), armour 8, 20 wounds per location, BS 55, no Fate."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "enemy",
        "kind": "angel",
        "stats": {"ws": 20, "bs": 55, "s": 70, "t": 60, "ag": 30},
        "armour": {"all": 8},
        "wounds": {"all": 20},
    }
    entry.update(extra)
    return entry


def soldier(cid: str = "kaji", **extra: Any) -> dict[str, Any]:
    """A field IC on foot: Toughness 35 (TB 3), armour 2, 10 wounds, BS 40, no Fate."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "pc",
        "stats": {"ws": 35, "bs": 40, "t": 35, "ag": 35},
        "armour": {"all": 2},
        "wounds": 10,
    }
    entry.update(extra)
    return entry


def table(*roster: dict[str, Any]) -> Table:
    """An eva-escale table (default: Unit-01 with Shinji aboard, against Ramiel)."""
    return Table(RULES, *(roster or (eva(), pilot(), angel())))
