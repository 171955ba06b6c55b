"""Roster builders for the persona-d100 tests."""

from __future__ import annotations

from typing import Any

from tests.d100_helpers import Table
from tracker.rules.persona_d100.ruleset import PersonaRules

RULES = PersonaRules()

AILMENTS = [
    {"name": "Burn", "category": "Physical", "technical": ["wind"]},
    {"name": "Freeze", "category": "Physical", "technical": ["melee", "nuclear"]},
    {"name": "Fear", "category": "Mental", "technical": ["psy"]},
    {"name": "Despair", "category": "Spiritual"},
]


def user(cid: str, **extra: Any) -> dict[str, Any]:
    """A Persona user: WS 40, BS 35, Toughness 35 (TB 3), Agility 40, 14 wounds, 1 Fate,
    no armour."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "pc",
        "stats": {"ws": 40, "bs": 35, "t": 35, "ag": 40, "int": 40},
        "wounds": 14,
        "fate": 1,
    }
    entry.update(extra)
    return entry


def shadow(cid: str, **extra: Any) -> dict[str, Any]:
    """A Shadow: Toughness 30 (TB 3), 20 wounds, no armour, no Fate."""
    entry: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "enemy",
        "kind": "shadow",
        "stats": {"ws": 30, "t": 30, "ag": 30},
        "wounds": 20,
    }
    entry.update(extra)
    return entry


def pixie(**extra: Any) -> dict[str, Any]:
    """A Shadow with every kind of affinity."""
    return shadow(
        "pixie",
        affinities={
            "fire": "weak",
            "ice": "resist",
            "elec": "block",
            "wind": "repel",
            "psy": "absorb",
        },
        **extra,
    )


def party() -> Table:
    """Yu (links: Yosuke 3, Chie 1), Yosuke, Chie, against Pixie and a plain Shadow."""
    return Table(
        RULES,
        user("yu", links={"yosuke": 3, "chie": 1}),
        user("yosuke", links={"chie": 2}),
        user("chie"),
        pixie(),
        shadow("blob", affinities={"fire": "weak", "ice": "weak"}),
        options={"ailments": AILMENTS},
    )
