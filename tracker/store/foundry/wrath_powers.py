"""Wrath & Glory psychic powers, abilities and talents: the numbers their sheets show.

A psychic power (``psychicPower``) keeps ``dn`` (text: ``5``, ``Target's Resolve``),
``activation`` (free, action, simple, full, movement), ``duration``, ``range``,
``multiTarget`` and ``potency`` ({list: [{cost, initial, property, value, single,
description}]}; a bare list before system 6). Powers, abilities and talents may carry a
``damage`` as a weapon's, dealt only when ``damage.enabled`` (before system 6 there was
no switch: ``damage``, ``ed`` and ``otherDamage`` beside it dealt when set), and an
ability or talent a ``test`` {dn, type, specification}: the test it calls for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.store.foundry.leftovers import words
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import whole
from tracker.store.foundry.wrath_weapons import Wielder, hit_parts, trait_names

ACTIVATIONS = {
    "free": "Free Action",
    "action": "Action",
    "simple": "Simple Action",
    "full": "Full Action",
    "movement": "Movement",
}
"""``activation`` → the words the power's sheet shows."""


def power_head(system: Mapping[str, Any], wielder: Wielder) -> str:
    """``DN 5, Action, Duration Instant, Range 25 m, Multi-target; damage 10, ED 1``."""
    parts = []
    dn = plain_line(str(system.get("dn") or ""), 80)
    if dn and dn != "0":
        parts.append(f"DN {dn}")
    activation = plain_line(system.get("activation"), 40)
    if activation:
        parts.append(ACTIVATIONS.get(activation, words(activation).capitalize()))
    for key in ("duration", "range"):
        value = plain_line(system.get(key), 80)
        if value:
            parts.append(f"{key.capitalize()} {value}")
    if system.get("multiTarget") is True:
        parts.append("Multi-target")
    lines = ["; ".join(p for p in (", ".join(parts), damage_text(system, wielder)) if p)]
    potency = _potency(system.get("potency"))
    if potency:
        lines.append(f"Potency: {potency}")
    return "\n".join(line for line in lines if line)


def ability_head(system: Mapping[str, Any], wielder: Wielder) -> str:
    """``Athletics test DN 3; damage 12, ED 2`` for an ability or talent ("" if neither)."""
    return "; ".join(p for p in (_test(system.get("test")), damage_text(system, wielder)) if p)


def damage_text(system: Mapping[str, Any], wielder: Wielder) -> str:
    """``damage 10, ED 1, Mortal Wounds 1d3; Brutal`` when the item deals damage."""
    damage = system.get("damage")
    if isinstance(damage, Mapping) and damage.get("enabled") is False:
        return ""
    parts = hit_parts(system, wielder, melee=False)
    if not parts:
        return ""
    qualities = ", ".join(trait_names(system.get("traits")))
    return "; ".join(p for p in (", ".join(parts), qualities) if p)


def _test(test: Any) -> str:
    if not isinstance(test, Mapping):
        return ""
    what = plain_line(words(str(test.get("specification") or "")), 40)
    dn = whole(test.get("dn"))
    if not what:
        return ""
    label = what[:1].upper() + what[1:]
    return f"{label} test DN {dn}" if dn else f"{label} test"


def _potency(value: Any) -> str:
    """``+1 ED (cost 1); Range ×2 (cost 2)``: each potency the power's sheet lists."""
    listed = value.get("list") if isinstance(value, Mapping) else value
    found = []
    for entry in listed if isinstance(listed, list) else []:
        if not isinstance(entry, Mapping):
            continue
        text = plain_line(entry.get("description"), 200)
        if not text:
            change = plain_line(words(str(entry.get("property") or "")), 60)
            change = change[:1].upper() + change[1:]
            text = " ".join(p for p in (change, plain_line(str(entry.get("value") or ""), 40)) if p)
        cost = whole(entry.get("cost"))
        if text:
            found.append(f"{text} (cost {cost})" if cost else text)
    return "; ".join(found)
