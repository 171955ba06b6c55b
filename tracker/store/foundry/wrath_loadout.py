"""Wrath & Glory weapons as their sheet shows them: upgrades fitted and ammunition loaded.

A weapon keeps its upgrades whole (``upgrades``: item data, each with ``effects`` and
``traits``) and names the ammunition it is loaded with (``ammo``: {id, uuid}; the bare id
before system 6) and the weapon it is a combi-weapon with (``combi``) among its owner's
items. The system (``WeaponModel.applyUpgrades`` and
``applyAmmo``; the Item document before 6) then:

- applies the upgrades' effects to the weapon's own numbers, and adds their traits;
- for a ranged weapon (ranged, launcher, grenade-missile), a launcher takes its missile's
  damage, ED and AP, then the ammunition's effects and traits count as the upgrades' do
  (a grenade is its own ammunition: nothing more).

An effect's change key names the weapon's data (``system.damage.ed.base``; ``system.ed``
means ``system.damage.ed`` in the current shape); a trait added that the weapon has
raises its rating, one of ``type`` ``remove`` takes it (or its rating) away.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.store.foundry.effects import apply_effects
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import item_system, whole

RANGED = ("ranged", "launcher", "grenade-missile")


@dataclass
class Loadout:
    """A weapon's data with its upgrades and ammunition counted, and what they were."""

    system: dict[str, Any]
    upgrades: list[str] = field(default_factory=list)
    ammo: str = ""
    """The name of what it is loaded with ("" when nothing)."""
    ammo_id: str = ""
    """That item's id: it is used, not left out."""
    combi: str = ""
    """The weapon it is a combi-weapon with (``combi``: both fire at once), or ""."""


def loaded(item: Mapping[str, Any], items: tuple[Mapping[str, Any], ...]) -> Loadout:
    """The weapon ``item`` as its sheet shows it among its owner's ``items``."""
    system = copy.deepcopy(dict(item_system(item)))
    found = Loadout(system)
    upgrades = _listed(system.get("upgrades"))
    found.upgrades = [plain_line(u.get("name"), 60) or "an upgrade" for u in upgrades]
    effects = [e for upgrade in upgrades for e in _listed(upgrade.get("effects"))]
    traits = [t for upgrade in upgrades for t in _traits(item_system(upgrade))]
    combi = _referred(system.get("combi"), items)
    if combi is not None and combi.get("_id") != item.get("_id"):
        found.combi = plain_line(combi.get("name"), 60) or "another weapon"
    ammo = _referred(system.get("ammo"), items) if system.get("category") in RANGED else None
    if ammo is not None and ammo.get("_id") != item.get("_id"):
        found.ammo = plain_line(ammo.get("name"), 60) or "its ammunition"
        found.ammo_id = str(ammo.get("_id") or "")
        if system.get("category") == "launcher":
            _take_damage(system, item_system(ammo))
        effects += _listed(ammo.get("effects"))
        traits += _traits(item_system(ammo))
    if effects:
        current = isinstance(system.get("damage"), Mapping) and "ed" in system["damage"]
        rekeyed = [_rekeyed(effect, current) for effect in effects]
        found.system = apply_effects({"effects": rekeyed}, system).data
    if traits:
        _add_traits(found.system, traits)
    return found


def _referred(ref: Any, items: tuple[Mapping[str, Any], ...]) -> Any:
    """The item a reference names ({id, uuid}: by id, or the last part of its uuid; the
    bare id before system 6), or None."""
    if isinstance(ref, Mapping):
        ref = ref.get("id") or str(ref.get("uuid") or "").rpartition(".")[2]
    if not isinstance(ref, str) or not ref:
        return None
    return next((i for i in items if i.get("_id") == ref), None)


def _take_damage(system: dict[str, Any], missile: Mapping[str, Any]) -> None:
    """A launcher's damage is its missile's (damage, ED, AP and what else it deals)."""
    for key in ("damage", "ed", "ap", "otherDamage"):
        if key in missile:
            system[key] = copy.deepcopy(missile[key])


def _rekeyed(effect: Mapping[str, Any], current: bool) -> dict[str, Any]:
    """The effect with ``system.ed`` / ``system.ap`` keys read as the current shape's
    ``system.damage.ed`` / ``.ap`` (the system rewrites them so)."""
    copied = copy.deepcopy(dict(effect))
    copied.pop("statuses", None)
    if current and isinstance(copied.get("changes"), list):
        copied["changes"] = [_moved_key(c) for c in _listed(copied["changes"])]
    return copied


def _moved_key(change: Mapping[str, Any]) -> dict[str, Any]:
    key = str(change.get("key", ""))
    for part in ("ed", "ap"):
        if key == f"system.{part}" or key.startswith(f"system.{part}."):
            key = f"system.damage.{key[len('system.') :]}"
    return {**change, "key": key}


def _traits(system: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    value = system.get("traits")
    listed = value.get("list") if isinstance(value, Mapping) else value
    return _listed(listed)


def _add_traits(system: dict[str, Any], traits: list[Mapping[str, Any]]) -> None:
    """The weapon's traits with others added or removed, as ``TraitsModel.add`` does."""
    own = [dict(t) for t in _traits(system)]
    for trait in traits:
        name = trait.get("name")
        existing = next((t for t in own if t.get("name") == name), None)
        rating = whole(trait.get("rating"))
        if trait.get("type") == "remove":
            if existing is not None and rating is not None:
                existing["rating"] = (whole(existing.get("rating")) or 0) - rating
                if existing["rating"] > 0:
                    continue
            if existing is not None:
                own.remove(existing)
        elif existing is None:
            own.append({k: v for k, v in trait.items() if k != "type"})
        elif rating is not None:
            existing["rating"] = (whole(existing.get("rating")) or 0) + rating
    system["traits"] = own


def _listed(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []
